/* Scoring a base and the end of a game on the play page (/en/play/, /de/play/).
 *
 * A port of the Python rules, checked against them by a golden table (tests/site/test_play_score.py,
 * in Node and in Chromium):
 *   scoreBase       <- smashup_db/rules/scoring.py      score_base
 *   scoreNamedBase  <- smashup_db/rules/basescoring.py  score_named_base (Unicrave, Rhodes Plaza Mall, ...)
 *   endGame         <- smashup_db/rules/endgame.py      end_game (15 VP, Madness, ties, play on)
 *   checkPlayerName <- smashup_db/rules/players.py      check_player_name
 * Errors carry the same English template and values as the Python ones (ScoreError: .template,
 * .values); render(err, messages) fills the page language's template as Message.render does.
 *
 * Players and their VP are lists of [name, number] pairs (insertion order is the rules' input order,
 * as in a Python dict; a JS object would reorder names like "1").
 *
 * The page part (mount; the template loads this file and assets/play-score-LANG.js, which sets
 * self.SmashScoreData, when the part is opened) reads the draft from <script type="application/json" id="result"> (the shape of
 * `smashup draft --json`) and from the document event "smashup:result" (detail: the same object), and
 * writes the result with textContent only: no user value is ever parsed as HTML.
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./pyformat.js"));
  else root.SmashScore = factory(root.SmashFormat);
}(typeof self !== "undefined" ? self : this, function (F) {
  "use strict";

  var WIN_VP = 15;
  var MAX_NAME = 40;

  function ScoreError(template, values) {
    this.name = "ScoreError";
    this.template = template;
    this.values = values || {};
    this.message = render(this);
  }
  ScoreError.prototype = Object.create(Error.prototype);
  ScoreError.prototype.constructor = ScoreError;

  function isInt(v) { return typeof v === "number" && Number.isInteger(v); }

  // ------------------------------------------------------------------ messages (assets/pyformat.js)
  var format = F.format, pyRepr = F.repr, field = F.field;

  /** An error (or Message-like {template, values}) as a sentence: ``messages[template]`` or English. */
  function render(err, messages, label) { return F.render(err, messages, label); }

  function fail(template, values) { throw new ScoreError(template, values); }

  // ------------------------------------------------------------------ players.py
  function checkPlayerName(name) {
    if (typeof name !== "string" || !pyStrip(name)) fail("player names must be non-empty text");
    name = pyStrip(name);
    if (name.length > MAX_NAME) fail("player name {name!r}... is longer than {max_name} characters",
                                     {name: name.slice(0, 20), max_name: MAX_NAME});
    for (var ch of name) {
      if (/[\p{Cc}\p{Cf}]/u.test(ch)) fail("player name {name!r} holds control characters", {name: name});
    }
    return name;
  }

  // Python's str.strip(): Unicode whitespace (str.isspace), which includes the separators \x1c-\x1f.
  var WS = "[\\t\\n\\x0b\\x0c\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
  var STRIP = new RegExp("^" + WS + "+|" + WS + "+$", "g");
  function pyStrip(s) { return s.replace(STRIP, ""); }

  // ------------------------------------------------------------------ scoring.py
  function checkVp(vp) {
    var values = Array.prototype.slice.call(vp);
    if (values.length !== 3 || values.some(function (v) { return !isInt(v) || v < 0; })) {
      fail("VP must be three whole numbers >= 0 (1st, 2nd, 3rd place), got {values!r}", {values: values});
    }
    return values;
  }

  function pySorted(names) {
    return names.slice().sort(function (a, b) { return cmpCodePoints(a, b); });
  }

  function cmpCodePoints(a, b) {
    var x = Array.from(a), y = Array.from(b);
    for (var i = 0; i < Math.min(x.length, y.length); i++) {
      var d = x[i].codePointAt(0) - y[i].codePointAt(0);
      if (d) return d;
    }
    return x.length - y.length;
  }

  function toPairs(powers) {
    var out = [], seen = new Map();
    (powers || []).forEach(function (pair) {
      if (seen.has(pair[0])) out[seen.get(pair[0])][1] = pair[1];  // as a Python dict: the last value wins
      else { seen.set(pair[0], out.length); out.push([pair[0], pair[1]]); }
    });
    return out;
  }

  /**
   * Score one base. powers: [[player, power], ...]; vp: [1st, 2nd, 3rd]; hasMinion: names of players
   * whose 0 power comes from a minion. Returns [{player, power, place, vp}] as score_base's Placements
   * (placed players by power, ties in input order, then those without a minion, place null).
   */
  function scoreBase(powers, vp, hasMinion) {
    vp = checkVp(vp);
    powers = toPairs(powers);
    var power = new Map(powers);
    powers.forEach(function (p) {
      if (!isInt(p[1])) fail("power of {player!r} must be a whole number, got {power!r}", {player: p[0], power: p[1]});
      if (p[1] < 0) fail("power of {player!r} is {power}; power can never be below 0", {player: p[0], power: p[1]});
    });
    var named = new Set(hasMinion || []);
    var unknown = pySorted(Array.from(named).filter(function (p) { return !power.has(p); }));
    if (unknown.length) fail("has_minion names players with no power given: {unknown}", {unknown: unknown.join(", ")});
    var eligible = powers.map(function (p) { return p[0]; })
      .filter(function (p) { return power.get(p) > 0 || named.has(p); });
    var order = new Map(eligible.map(function (p, i) { return [p, i]; }));
    eligible.sort(function (a, b) { return (power.get(b) - power.get(a)) || (order.get(a) - order.get(b)); });
    var result = eligible.map(function (player) {
      var place = 1 + eligible.filter(function (o) { return power.get(o) > power.get(player); }).length;
      return {player: player, power: power.get(player), place: place, vp: place <= 3 ? vp[place - 1] : 0};
    });
    powers.forEach(function (p) {
      if (!order.has(p[0])) result.push({player: p[0], power: p[1], place: null, vp: 0});
    });
    return result;
  }

  // ------------------------------------------------------------------ basescoring.py
  /**
   * Score a base of the catalogue: base = {name, breakpoint, vp, scoring, stats_known}; notices =
   * {flag: template with {name}, ...} and applied (the page language's texts of basescoring.NOTICES
   * and APPLIED). vp (or null) overrides the base's; minions: [[player, count], ...] for per-minion bases.
   * Returns {breakpoint, total_power, reached, vp, scoring, rule_applied, notice, results}.
   */
  function scoreNamedBase(base, powers, hasMinion, vp, minions, notices, applied, label) {
    var flag = base.scoring || null;
    var name = base.name;
    var notice = flag ? format((notices || {})[flag] || "", {name: name, vp: field("vp"), minions: field("minions")}, {label: label}) : null;
    minions = toPairs(minions);
    if (flag === "per-minion" && minions.length) notice = format(applied || "", {name: name});
    if ((vp === null || vp === undefined) && flag === "replaced") vp = [0, 0, 0];
    if (vp === null || vp === undefined) {
      if (!base.stats_known || base.vp.some(function (v) { return v === null || v === undefined; })) {
        fail("the VP of {name} are unknown in this printing; give them with {field} 1ST,2ND,3RD", {field: field("vp"), name: name});
      }
      vp = base.vp.slice();
    }
    var results = scoreBase(powers, vp, hasMinion);
    var ruleApplied = false;
    var pairs = toPairs(powers);
    if (flag === "per-minion" && minions.length) {
      var have = new Set(pairs.map(function (p) { return p[0]; }));
      var unknown = pySorted(minions.map(function (m) { return m[0]; }).filter(function (p) { return !have.has(p); }));
      if (unknown.length) fail("{field} names players with no power given: {unknown}", {field: field("minions"), unknown: unknown.join(", ")});
      var count = new Map(minions);
      results.forEach(function (r) { r.vp = count.has(r.player) ? count.get(r.player) : 0; });
      ruleApplied = true;
    }
    var total = pairs.reduce(function (s, p) { return s + p[1]; }, 0);
    var bp = base.breakpoint === undefined ? null : base.breakpoint;
    return {breakpoint: bp, total_power: total, reached: bp === null ? null : total >= bp, vp: Array.from(vp),
            scoring: flag, rule_applied: ruleApplied, notice: notice, results: results};
  }

  // ------------------------------------------------------------------ endgame.py
  function madnessPenalty(n) {
    if (!isInt(n) || n < 0) fail("Madness cards must be a whole number of 0 or more, got {madness_cards!r}", {madness_cards: n});
    return Math.floor(n / 2);
  }

  /**
   * The end of a game: vp [[player, VP], ...], madness [[player, cards], ...] (missing: none).
   * Returns {status: "win" | "play-on" | "not-over", winner, tied, threshold: 15, standings:
   * [{player, vp, madness, penalty, final}]} as Outcome.as_dict().
   */
  function endGame(vp, madness) {
    vp = toPairs(vp);
    madness = toPairs(madness);
    if (vp.length < 2) fail("a game has at least 2 players, got {n}", {n: vp.length});
    vp.forEach(function (p) {
      if (typeof p[0] !== "string" || !pyStrip(p[0])) fail("player names must be non-empty text");
      if (!isInt(p[1]) || p[1] < 0) fail("VP of {name} must be a whole number of 0 or more, got {value!r}", {name: p[0], value: p[1]});
    });
    var players = new Set(vp.map(function (p) { return p[0]; }));
    var unknown = madness.map(function (m) { return m[0]; }).filter(function (p) { return !players.has(p); });
    if (unknown.length) {
      fail("Madness cards given for {unknown}, who is not a player (players: {vp})",
           {unknown: unknown.join(", "), vp: vp.map(function (p) { return p[0]; }).join(", ")});
    }
    var mad = new Map(madness);
    var rows = vp.map(function (p, i) {
      var n = mad.has(p[0]) ? mad.get(p[0]) : 0;
      var pen = madnessPenalty(n);
      return {player: p[0], vp: p[1], madness: n, penalty: pen, final: p[1] - pen, _i: i};
    });
    rows.sort(function (a, b) { return (b.final - a.final) || (a.madness - b.madness) || (a._i - b._i); });
    rows.forEach(function (r) { delete r._i; });
    var out = {status: "not-over", winner: null, tied: [], threshold: WIN_VP, standings: rows};
    if (Math.max.apply(null, vp.map(function (p) { return p[1]; })) < WIN_VP) return out;
    var top = rows[0];
    var tied = rows.filter(function (s) { return s.final === top.final && s.madness === top.madness; })
      .map(function (s) { return s.player; });
    if (tied.length > 1) { out.status = "play-on"; out.tied = tied; return out; }
    out.status = "win";
    out.winner = top.player;
    return out;
  }

  // ------------------------------------------------------------------ the link `smashup game record --from-url`
  /**
   * The URL of the game-log entry: ``page`` (the play page's URL, its query dropped) with
   * record=1&vp=NAME=VP,...&madness=NAME=N,...&factions=NAME=F+F,...&bases=ID,... (the CLI's own
   * syntax; smashup_db/gamenight/result_url.py reads it). game: {vp, madness, factions, bases, date}.
   * A name holding "," "=" or "+" cannot be written in that syntax: returns null then.
   */
  function recordUrl(page, game) {
    var bad = /[,=+]/;
    var names = game.vp.map(function (p) { return p[0]; });
    if (names.some(function (n) { return bad.test(n); })) return null;
    var q = new URLSearchParams();
    q.set("record", "1");
    q.set("vp", game.vp.map(function (p) { return p[0] + "=" + p[1]; }).join(","));
    var mad = (game.madness || []).filter(function (p) { return p[1] > 0; });
    if (mad.length) q.set("madness", mad.map(function (p) { return p[0] + "=" + p[1]; }).join(","));
    var fac = (game.factions || []).filter(function (p) { return p[1] && p[1].length; });
    if (fac.length) q.set("factions", fac.map(function (p) { return p[0] + "=" + p[1].join("+"); }).join(","));
    if (game.bases && game.bases.length) q.set("bases", game.bases.join(","));
    if (game.date) q.set("date", game.date);
    return String(page).split("#")[0].split("?")[0] + "?" + q.toString();
  }

  // ------------------------------------------------------------------ the page
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function readJson(id) {
    var node = document.getElementById(id);
    if (!node) return null;
    try { return JSON.parse(node.textContent); } catch (e) { return null; }
  }

  /** The players of a draft result (``smashup draft --json``): [[name, [faction ids]], ...] or []. */
  function draftPlayers(result) {
    if (!result || typeof result.players !== "object" || result.players === null) return [];
    return Object.keys(result.players).map(function (n) {
      var f = result.players[n];
      return [n, Array.isArray(f) ? f.filter(function (x) { return typeof x === "string"; }) : []];
    });
  }

  function mount(rootEl, options) {
    var data = (options && options.data) || self.SmashScoreData || readJson("score-data");
    if (!rootEl || !data) return null;
    var t = data.text, msgs = data.messages;
    // the rules name their inputs in their own words: here, the labels of the page's fields
    var fieldLabel = function (name) { return {vp: t.vp, minions: t.minions, madness: t.madness}[name] || name; };
    var bases = data.bases;
    var byId = new Map(bases.map(function (b) { return [b.id, b]; }));
    var form = rootEl.querySelector("form.score-players");
    var namesBox = rootEl.querySelector(".score-names");
    var baseSel = rootEl.querySelector("select[name=base]");
    var scoreOut = rootEl.querySelector(".score-result");
    var endOut = rootEl.querySelector(".end-result");
    var totals = new Map();     // player -> VP gathered from scored bases
    var scored = [];            // base ids scored on this page
    var state = {players: [], factions: new Map()};

    function scroller(table, label) {  // a wide table scrolls inside its box, not the page
      var box = el("div", {"class": "score-scroll", tabindex: "0", role: "region", "aria-label": label});
      box.appendChild(table);
      return box;
    }
    function showMinions() {
      var b = byId.get(baseSel.value);
      var on = !!b && b.scoring === "per-minion";
      rootEl.querySelectorAll(".score-field.score-minions").forEach(function (n) { n.hidden = !on; });
    }
    function say(node, text, cls) { node.appendChild(el("p", cls ? {"class": cls} : {}, text)); }
    function problem(node, err) {
      node.textContent = "";
      var text = err instanceof ScoreError ? render(err, msgs, fieldLabel) : String(err && err.message || err);
      var p = el("p", {"class": "error", role: "alert"}, t.error_prefix + " " + text);
      node.appendChild(p);
    }
    function intOf(input) {
      var v = input.value.trim();
      if (v === "") return 0;
      return /^-?\d+$/.test(v) ? parseInt(v, 10) : v;
    }

    // --- players: from the draft, else typed
    function setPlayers(list, factions) {
      state.players = list;
      state.factions = new Map(factions || []);
      buildRows();
    }
    function fromDraft(result) {
      var p = draftPlayers(result);
      if (p.length) {
        rootEl.querySelector("input[name=players]").value = p.map(function (x) { return x[0]; }).join(", ");
        setPlayers(p.map(function (x) { return x[0]; }), p);
        var deck = Array.isArray(result.base_deck) ? result.base_deck : [];
        var inPlay = Array.isArray(result.bases_in_play) ? result.bases_in_play : [];
        fillBases(inPlay.concat(deck.filter(function (b) { return inPlay.indexOf(b) < 0; })));
        showMinions();
      }
    }
    function fillBases(first) {
      baseSel.textContent = "";
      var seen = new Set();
      var group = function (label, ids) {
        if (!ids.length) return;
        var g = el("optgroup", {label: label});
        ids.forEach(function (id) {
          var b = byId.get(id);
          if (!b || seen.has(id)) return;
          seen.add(id);
          g.appendChild(el("option", {value: id}, b.name + (b.stats_known ? " (" + b.breakpoint + ": " + (b.scoring && b.vp.every(function (x) { return x === 0; }) ? t.own_rule : b.vp.join("/")) + ")" : "")));
        });
        baseSel.appendChild(g);
      };
      group(t.draft_bases, first || []);
      group(t.all_bases, bases.map(function (b) { return b.id; }).filter(function (id) { return !seen.has(id); }));
    }
    function buildRows() {
      namesBox.textContent = "";
      state.players.forEach(function (name, i) {
        var row = el("fieldset", {"class": "score-row"});
        row.appendChild(el("legend", {}, name));
        [["power", t.power], ["minions", t.minions], ["vp", t.vp_total], ["madness", t.madness]].forEach(function (f) {
          var id = "score-" + f[0] + "-" + i;
          var wrap = el("span", {"class": "score-field score-" + f[0]});
          wrap.appendChild(el("label", {"for": id}, f[1]));
          var input = el("input", {id: id, name: f[0], type: "text", inputmode: "numeric", pattern: "[0-9]*",
                                   autocomplete: "off", "data-player": String(i)});
          if (f[0] === "vp") input.value = String(totals.get(name) || 0);
          wrap.appendChild(input);
          row.appendChild(wrap);
        });
        var zero = el("label", {"class": "score-zero"});
        zero.appendChild(el("input", {type: "checkbox", name: "zero", "data-player": String(i)}));
        zero.appendChild(el("span", {}, t.zero_minion));
        row.appendChild(zero);
        namesBox.appendChild(row);
      });
      rootEl.querySelectorAll(".score-needs-players").forEach(function (n) { n.hidden = state.players.length === 0; });
      showMinions();
    }
    function field(name) {
      return state.players.map(function (p, i) {
        return [p, rootEl.querySelector("input[name=" + name + "][data-player='" + i + "']")];
      });
    }

    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      scoreOut.textContent = "";
      try {
        var names = rootEl.querySelector("input[name=players]").value.split(",")
          .filter(function (x) { return x.trim(); }).map(checkPlayerName);
        var seen = new Set();
        names.forEach(function (n) { if (seen.has(n)) fail("player {name!r} is given twice", {name: n}); seen.add(n); });
        setPlayers(names, Array.from(state.factions));
      } catch (err) { problem(scoreOut, err); }
    });

    rootEl.querySelector("button[name=score]").addEventListener("click", function () {
      scoreOut.textContent = "";
      try {
        var base = byId.get(baseSel.value);
        var powers = field("power").map(function (x) { return [x[0], intOf(x[1])]; });
        var zero = field("zero").filter(function (x) { return x[1].checked; }).map(function (x) { return x[0]; });
        var minions = base.scoring === "per-minion"
          ? field("minions").filter(function (x) { return x[1].value.trim() !== ""; }).map(function (x) { return [x[0], intOf(x[1])]; })
          : [];
        minions.forEach(function (m) { if (!isInt(m[1]) || m[1] < 0) fail("{field} expects NAME=COUNT,... with whole numbers >= 0, got {text!r}", {field: field("minions"), text: m[0] + "=" + m[1]}); });
        var vpText = rootEl.querySelector("input[name=base-vp]").value.trim();
        var vp = null;
        if (vpText) {
          var parts = vpText.split(",").map(function (v) { v = v.trim(); return /^\d+$/.test(v) ? parseInt(v, 10) : NaN; });
          if (parts.length !== 3 || parts.some(Number.isNaN)) fail("{field} expects three whole numbers like 4,2,1, got {text!r}", {field: field("vp"), text: vpText});
          vp = parts;
        }
        var res = scoreNamedBase(base, powers, zero, vp, minions, data.notices, data.applied, fieldLabel);
        showScore(base, res);
      } catch (err) { problem(scoreOut, err); }
    });

    function showScore(base, res) {
      var h = el("h3", {}, base.name);
      scoreOut.appendChild(h);
      if (res.notice) say(scoreOut, res.notice, "notice");
      say(scoreOut, t.breakpoint + " " + (res.breakpoint === null ? "?" : res.breakpoint) + ", " + t.total_power + " " +
          res.total_power + (res.reached === false ? " — " + t.below_breakpoint : ""));
      var table = el("table", {"class": "score-table"});
      var head = el("tr");
      [t.player, t.power, t.place, t.vp].forEach(function (x) { head.appendChild(el("th", {scope: "col"}, x)); });
      table.appendChild(el("thead")).appendChild(head);
      var body = table.appendChild(el("tbody"));
      res.results.forEach(function (r) {
        var tr = el("tr");
        tr.appendChild(el("th", {scope: "row"}, r.player));
        tr.appendChild(el("td", {}, r.power));
        tr.appendChild(el("td", {}, r.place === null ? "–" : r.place));
        tr.appendChild(el("td", {}, r.vp));
        body.appendChild(tr);
      });
      scoreOut.appendChild(scroller(table, base.name));
      var add = el("button", {type: "button", "class": "score-add"}, t.add_vp);
      add.addEventListener("click", function () {
        res.results.forEach(function (r) { totals.set(r.player, (totals.get(r.player) || 0) + r.vp); });
        if (scored.indexOf(base.id) < 0) scored.push(base.id);
        field("vp").forEach(function (x) { x[1].value = String(totals.get(x[0]) || 0); });
        field("power").concat(field("minions")).forEach(function (x) { x[1].value = ""; });
        field("zero").forEach(function (x) { x[1].checked = false; });
        add.disabled = true;
        add.textContent = t.added_vp;
      });
      scoreOut.appendChild(add);
    }

    rootEl.querySelector("button[name=end]").addEventListener("click", function () {
      endOut.textContent = "";
      try {
        var vp = field("vp").map(function (x) { return [x[0], intOf(x[1])]; });
        var mad = field("madness").map(function (x) { return [x[0], intOf(x[1])]; });
        showEnd(endGame(vp, mad), vp, mad);
      } catch (err) { problem(endOut, err); }
    });

    function showEnd(out, vp, mad) {
      var table = el("table", {"class": "score-table"});
      var head = el("tr");
      [t.player, t.vp, t.madness_cards, t.vp_lost, t.final].forEach(function (x) { head.appendChild(el("th", {scope: "col"}, x)); });
      table.appendChild(el("thead")).appendChild(head);
      var body = table.appendChild(el("tbody"));
      out.standings.forEach(function (s) {
        var tr = el("tr");
        tr.appendChild(el("th", {scope: "row"}, s.player));
        [s.vp, s.madness, s.penalty ? "-" + s.penalty : "0", s.final].forEach(function (x) { tr.appendChild(el("td", {}, x)); });
        body.appendChild(tr);
      });
      endOut.appendChild(scroller(table, t.end_title));
      var line = out.status === "win" ? format(t.wins, {winner: out.winner})
        : out.status === "play-on" ? format(t.tied, {players: out.tied.join(", ")})
        : format(t.goes_on, {threshold: out.threshold});
      var p = el("p", {"class": "end-line", role: "status"}, line);
      endOut.appendChild(p);
      if (out.status === "win") {
        var top = out.standings[0], second = out.standings[1];
        if (second && second.final === top.final) say(endOut, t.madness_decided, "note");
        var url = recordUrl(location.href, {vp: vp, madness: mad, bases: scored,
                                            factions: state.players.map(function (n) { return [n, state.factions.get(n) || []]; }),
                                            date: new Date().toISOString().slice(0, 10)});
        if (url) {
          var box = el("div", {"class": "record-link"});
          box.appendChild(el("p", {}, t.record_intro));
          var a = el("a", {href: url, "class": "record-url"}, t.record_link);
          box.appendChild(a);
          var code = el("code", {}, "smashup game record --from-url '" + url + "'");
          box.appendChild(el("p")).appendChild(code);
          endOut.appendChild(box);
        } else say(endOut, t.record_unavailable, "note");
      }
    }

    // --- a record link opened on the page: show its result again
    function fromRecordUrl() {
      var q = new URLSearchParams(location.search);
      if (q.get("record") !== "1" || !q.get("vp")) return;
      var pairs = function (text) {
        return (text || "").split(",").filter(Boolean).map(function (x) {
          var i = x.lastIndexOf("="); return [x.slice(0, i), x.slice(i + 1)];
        });
      };
      var vp = pairs(q.get("vp")), mad = new Map(pairs(q.get("madness")));
      var fac = new Map(pairs(q.get("factions")).map(function (x) { return [x[0], x[1].split("+")]; }));
      try {
        var names = vp.map(function (x) { return checkPlayerName(x[0]); });
        rootEl.querySelector("input[name=players]").value = names.join(", ");
        setPlayers(names, names.map(function (n) { return [n, fac.get(n) || []]; }));
        (q.get("bases") || "").split(",").forEach(function (b) { if (byId.has(b)) scored.push(b); });
        field("vp").forEach(function (x, i) { x[1].value = vp[i][1]; });
        field("madness").forEach(function (x) { x[1].value = mad.get(x[0]) || ""; });
      } catch (err) { problem(endOut, err); }
    }

    fillBases([]);
    baseSel.addEventListener("change", showMinions);
    buildRows();
    fromDraft(self.SmashScoreLast || readJson("result"));
    document.addEventListener("smashup:result", function (ev) { fromDraft(ev.detail); });
    fromRecordUrl();
    qrText = t;
    return {setPlayers: setPlayers, fromDraft: fromDraft, totals: totals};
  }

  // ------------------------------------------------------------------ the QR code of the share link
  /** Draw ``text`` as a QR code (SVG, error level M, byte mode UTF-8) into ``node`` with the
   * qrcode-generator library (assets/qrcode.js, copied at build time); false when it is missing. */
  function drawQr(node, text, label) {
    var qrcode = typeof self !== "undefined" && self.qrcode;
    if (!qrcode) return false;
    var m = qrMatrix(qrcode, text);
    var n = m.length, quiet = 4, size = n + 2 * quiet;
    var ns = "http://www.w3.org/2000/svg";
    var svg = document.createElementNS(ns, "svg");
    svg.setAttribute("viewBox", "0 0 " + size + " " + size);
    svg.setAttribute("role", "img");
    svg.setAttribute("aria-label", label || "QR");
    svg.setAttribute("class", "qr");
    var d = "";
    for (var r = 0; r < n; r++) for (var c = 0; c < n; c++) if (m[r][c]) d += "M" + (c + quiet) + " " + (r + quiet) + "h1v1h-1z";
    var bg = document.createElementNS(ns, "rect");
    bg.setAttribute("width", String(size)); bg.setAttribute("height", String(size)); bg.setAttribute("fill", "#fff");
    var path = document.createElementNS(ns, "path");
    path.setAttribute("d", d); path.setAttribute("fill", "#000");
    svg.appendChild(bg); svg.appendChild(path);
    node.textContent = "";
    node.appendChild(svg);
    return true;
  }

  /** The module matrix (rows of booleans, no quiet zone) of qrcode-generator for ``text``. */
  function qrMatrix(qrcode, text) {
    qrcode.stringToBytes = qrcode.stringToBytesFuncs["UTF-8"];
    var qr = qrcode(0, "M");
    qr.addData(text, "Byte");
    qr.make();
    var n = qr.getModuleCount(), rows = [];
    for (var r = 0; r < n; r++) { var row = []; for (var c = 0; c < n; c++) row.push(qr.isDark(r, c)); rows.push(row); }
    return rows;
  }

  /** The share link: the draft page's (window.SmashPlayPage.shareUrl()) when it has one, else this page's. */
  function shareUrl() {
    var play = typeof self !== "undefined" && self.SmashPlayPage;
    if (play && typeof play.shareUrl === "function") { var u = play.shareUrl(); if (u) return String(u); }
    return location.href;
  }

  var qrText = {};

  /** Draw the share link's QR code into ``.qr-box`` of ``rootEl`` (loads assets/qrcode.js first, from the
   * button's data-src); without the library the box says so and shows the link. */
  function showQr(rootEl) {
    var button = rootEl.querySelector("button[name=qr]");
    var box = rootEl.querySelector(".qr-box");
    var url = shareUrl();
    var show = function () {
      if (!drawQr(box, url, qrText.qr_label)) { box.textContent = qrText.qr_missing; }
      var link = el("p", {"class": "qr-url"});
      link.appendChild(el("a", {href: url}, url));
      box.appendChild(link);
    };
    if (self.qrcode) return show();
    var s = document.createElement("script");
    s.src = button.getAttribute("data-src");
    s.onload = show;
    s.onerror = show;
    document.head.appendChild(s);
  }

  return {WIN_VP: WIN_VP, ScoreError: ScoreError, render: render, format: format, pyRepr: pyRepr,
          checkPlayerName: checkPlayerName, scoreBase: scoreBase, scoreNamedBase: scoreNamedBase,
          madnessPenalty: madnessPenalty, endGame: endGame, recordUrl: recordUrl, draftPlayers: draftPlayers,
          mount: mount, showQr: showQr, drawQr: drawQr, qrMatrix: qrMatrix, shareUrl: shareUrl};
}));
