/* The table of a game on the play page (/en/play/, /de/play/), after the draft: the bases in play, every
 * player's power at each base, scoring (assets/play-score.js: the ported rules), the VP board, Madness,
 * the end of a turn, undo. Loaded by play.js only when "Start the game" is tapped (or a game is resumed).
 *
 * A game is its draft result (`smashup draft --json`) and a list of steps; the state is always made by
 * replaying the steps from the start (Game.replay), so undo is "drop the last step", a reload or a link
 * (#g=STEPS in the address) gives the same state, and the base deck's reshuffles come out the same.
 * Steps (short text, kept in the address and in localStorage):
 *   pB.I=N   power of player I at the base in slot B     nB.I=N  minions there (bases with VP per minion)
 *   zB.I=0|1 player I has a minion of power 0 there       vB=a,b,c VP for 1st,2nd,3rd (replaced/unknown), vB= none
 *   sB       score the base in slot B                     mI=N    Madness cards of player I
 *   M0|M1    Madness cards in play or not                 e       end of the turn
 * The next base: smashup_db/rules/basedraw.py (docs/play.md, "The table"): base_deck in its listed order
 * without the bases in play; a scored base goes to the discard pile, then the next is laid; an empty deck
 * is the discard pile shuffled by one PyRandom(seed) kept for the reshuffles.
 * Every name is written with textContent: nothing a player typed is parsed as HTML. */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./play-score.js"), require("./play-engine.js"));
  else root.SmashTable = factory(root.SmashScore, root.SmashPlay);
}(typeof self !== "undefined" ? self : this, function (S, P) {
  "use strict";

  var MAX_VALUE = 999;

  function TableError(template, values) { this.template = template; this.values = values || {}; this.message = template; }
  TableError.prototype = Object.create(Error.prototype);

  function num(text) {
    if (!/^\d{1,3}$/.test(text)) throw new TableError("bad step");
    return parseInt(text, 10);
  }

  /** The first state of a game. result: `smashup draft --json` (players in the order of their first pick,
   * then any other key of players); facts(id) -> {id, name, printing, breakpoint,
   * vp, scoring, stats_known}; madness: whether Madness cards are in play at the start. */
  function start(result, facts, madness) {
    var players = [];  // in seating order: their first picks (a JS object would put a name like "1" first)
    (result.picks || []).concat(Object.keys(result.players).map(function (p) { return {player: p}; })).forEach(function (k) {
      if (players.indexOf(k.player) < 0) players.push(k.player);
    });
    var zero = function () { var o = {}; players.forEach(function (p) { o[p] = 0; }); return o; };
    var inPlay = result.bases_in_play.slice();
    var laid = new Set(inPlay);
    return {
      players: players, seed: String(result.seed), turn: 1, steps: 0,
      bases: inPlay.map(function (id) { return slot(facts(id), players); }),
      deck: result.base_deck.filter(function (b) { return !laid.has(b); }), discard: [], reshuffles: 0,
      vp: zero(), madness: madness ? zero() : null, scored: [], end: null
    };
  }

  function slot(f, players) {
    var power = {}, minions = {};
    players.forEach(function (p) { power[p] = 0; minions[p] = 0; });
    return {id: f.id, name: f.name, printing: f.printing, breakpoint: f.breakpoint, vp: f.vp, scoring: f.scoring || null,
            stats_known: !!f.stats_known, power: power, minions: minions, zero: [], vp_given: null};
  }

  function total(base) { return Object.keys(base.power).reduce(function (s, p) { return s + base.power[p]; }, 0); }

  /** A game: the draft, its steps, the state now. ctx: {facts, notices, applied, label}. */
  function Game(result, ctx, madness) {
    this.result = result; this.ctx = ctx; this.madness0 = !!madness;
    this.steps = [];
    this.replay();
  }

  Game.prototype.replay = function () {
    this.state = start(this.result, this.ctx.facts, this.madness0);
    this.rng = new P.PyRandom(BigInt(this.state.seed));
    var steps = this.steps;
    this.steps = [];
    for (var i = 0; i < steps.length; i++) this.apply(steps[i]);
  };

  /** Do one step (text, see the top of the file); throws TableError or the rules' ScoreError, the state unchanged. */
  Game.prototype.apply = function (step) {
    var next = JSON.parse(JSON.stringify(this.state)), st = next, m;
    if (st.end && st.end.status === "win") throw new TableError("the game is over");
    var player = function (i) { i = num(i); if (i >= st.players.length) throw new TableError("bad step"); return st.players[i]; };
    var base = function (b) { b = num(b); if (b >= st.bases.length) throw new TableError("bad step"); return st.bases[b]; };
    if ((m = /^([pnz])(\d+)\.(\d+)=(\d+)$/.exec(step))) {
      var b = base(m[2]), p = player(m[3]), v = num(m[4]);
      if (m[1] === "p") b.power[p] = v;
      else if (m[1] === "n") b.minions[p] = v;
      else {
        b.zero = b.zero.filter(function (x) { return x !== p; });
        if (v) b.zero.push(p);
      }
    } else if ((m = /^v(\d+)=(?:(\d+),(\d+),(\d+))?$/.exec(step))) {
      base(m[1]).vp_given = m[2] === undefined ? null : [num(m[2]), num(m[3]), num(m[4])];
    } else if ((m = /^m(\d+)=(\d+)$/.exec(step))) {
      if (!st.madness) throw new TableError("bad step");
      st.madness[player(m[1])] = num(m[2]);
    } else if ((m = /^M([01])$/.exec(step))) {
      if (m[1] === "1" && !st.madness) { st.madness = {}; st.players.forEach(function (p) { st.madness[p] = 0; }); }
      if (m[1] === "0") st.madness = null;
    } else if ((m = /^s(\d+)$/.exec(step))) {
      this.score(st, num(m[1]));
    } else if (step === "e") {
      st.turn += 1;
      var out = S.endGame(st.players.map(function (p) { return [p, st.vp[p]]; }),
                          st.madness ? st.players.map(function (p) { return [p, st.madness[p]]; }) : []);
      st.end = out.status === "not-over" ? null : out;
    } else throw new TableError("bad step");
    st.steps += 1;
    this.state = next;
    this.steps.push(step);
    return next;
  };

  Game.prototype.score = function (st, i) {
    if (i >= st.bases.length) throw new TableError("bad step");
    var b = st.bases[i], ctx = this.ctx;
    var powers = st.players.map(function (p) { return [p, b.power[p]]; });
    var minions = b.scoring === "per-minion" ? st.players.map(function (p) { return [p, b.minions[p]]; }) : [];
    var res = S.scoreNamedBase(b, powers, b.zero, b.vp_given, minions, ctx.notices, ctx.applied, ctx.label);
    res.results.forEach(function (r) { st.vp[r.player] += r.vp; });
    st.scored.push({base: b.id, name: b.name, turn: st.turn, vp: res.vp, notice: res.notice,
                    results: res.results.map(function (r) { return {player: r.player, power: r.power, place: r.place, vp: r.vp}; })});
    st.discard.push(b.id);
    if (!st.deck.length && st.discard.length) {
      this.rng.shuffle(st.discard);
      st.deck = st.discard; st.discard = []; st.reshuffles += 1;
    }
    if (st.deck.length) st.bases[i] = slot(ctx.facts(st.deck.shift()), st.players);
    else st.bases.splice(i, 1);
  };

  /** Take back the last step; false when there is none. */
  Game.prototype.undo = function () {
    if (!this.steps.length) return false;
    this.steps.pop();
    this.replay();
    return true;
  };

  /** Replay steps (from a link or the browser's storage) up to the first one that does not apply. */
  Game.prototype.load = function (steps) {
    var self = this;
    steps.some(function (s) { try { self.apply(s); return false; } catch (e) { return true; } });
  };

  // ------------------------------------------------------------------ the page
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { e.setAttribute(k, attrs[k]); });
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  /** A base's facts for the table from the play page's catalogue (play-engine.js Catalogue; printings: the
   * collection code's, or null) as the draft result shows them. */
  function catalogueFacts(cat, printings) {
    return function (id) {
      var f = cat.facts(id, printings), r = cat.base.get(id) || [];
      return {id: id, name: cat.bname(id), printing: f.printing, breakpoint: f.breakpoint, vp: f.vp, scoring: r[6] || null, stats_known: f.known};
    };
  }

  /** Whether a faction of the draft comes with Madness cards (a box of the Cthulhu set: extra deck "madness"). */
  function hasMadness(cat, result) {
    return Object.keys(result.players).some(function (p) {
      return result.players[p].some(function (f) {
        return (cat.factionProducts.get(f) || []).some(function (x) { return (cat.extraDecks.get(x) || []).indexOf("madness") >= 0; });
      });
    });
  }

  /** Mount the table into rootEl. o: {result (the draft's), cat, printings, key (localStorage key), at (the assets'
   * address), page(kind, id, text) (a link to a page of the site), shareUrl()}; the words are self.SmashScoreData's.
   * Returns the Game. */
  function mount(rootEl, o) {
    var data = self.SmashScoreData, t = data.text, tt = data.table, msgs = data.messages;
    o.facts = catalogueFacts(o.cat, o.printings);
    o.madness = hasMadness(o.cat, o.result);
    o.qrSrc = o.at + "qrcode.js";
    var label = function (name) { return {vp: t.vp, minions: t.minions, madness: t.madness}[name] || name; };
    var game = new Game(o.result, {facts: o.facts, notices: data.notices, applied: data.applied, label: label}, o.madness);
    var fmt = function (tpl, values) { return S.format(tpl, values || {}); };
    var saved = readSaved(o.key);
    if (saved.length) game.load(saved);
    rootEl.textContent = "";
    rootEl.hidden = false;
    var h = rootEl.appendChild(el("h2", {id: "table-h", tabindex: "-1"}, tt.table));
    var turn = rootEl.appendChild(el("p", {"class": "table-turn"}));
    var status = rootEl.appendChild(el("p", {"class": "status", role: "status", "aria-live": "polite"}));
    var basesBox = rootEl.appendChild(el("div", {"class": "table-bases"}));
    var board = rootEl.appendChild(el("section", {"class": "vp-board", "aria-labelledby": "vp-board-h"}));
    var actions = rootEl.appendChild(el("div", {"class": "row"}));
    var endBtn = actions.appendChild(el("button", {type: "button", "class": "big", name: "end-turn"}, tt.end_turn));
    var undoBtn = actions.appendChild(el("button", {type: "button", "class": "big", name: "undo-step"}, tt.undo));
    var endBox = rootEl.appendChild(el("div", {"class": "table-end"}));
    var piles = rootEl.appendChild(el("div", {"class": "table-piles"}));
    var hand = rootEl.appendChild(el("div", {"class": "row"}));
    var handBtn = hand.appendChild(el("button", {type: "button", "class": "big", name: "hand-over"}, tt.hand_over));
    var qrBox = rootEl.appendChild(el("div", {"class": "qr-box"}));
    var stateNode = document.getElementById("table-state") || rootEl.appendChild(el("script", {type: "application/json", id: "table-state"}));

    function link() {
      var url = o.shareUrl().split("#")[0];
      return game.steps.length ? url + "#g=" + encodeURIComponent(game.steps.join("~")) : url;
    }
    function save() {
      try { localStorage.setItem(o.key, JSON.stringify(game.steps)); } catch (e) { /* private mode: the link keeps it */ }
      history.replaceState(history.state, "", link());
    }
    function say(text, error) {
      status.textContent = text || "";
      status.className = error ? "status error" : "status";
    }
    function explain(err) {
      if (err instanceof TableError) return err.template === "the game is over" ? tt.game_over : err.template;
      return err instanceof S.ScoreError ? S.render(err, msgs, label) : String(err && err.message || err);
    }
    function step(s, note) {
      try { game.apply(s); } catch (err) { say(t.error_prefix + " " + explain(err), true); return false; }
      save(); draw(note || ""); return true;
    }

    function stepper(id, text, value, onSet) {
      var row = el("div", {"class": "stepper"});
      row.appendChild(el("label", {"for": id}, text));
      var minus = el("button", {type: "button", "aria-label": text + " −1", "class": "step"}, "−");
      var input = el("input", {id: id, type: "number", inputmode: "numeric", min: "0", max: String(MAX_VALUE), step: "1"});
      var plus = el("button", {type: "button", "aria-label": text + " +1", "class": "step"}, "+");
      input.value = String(value);
      minus.disabled = value <= 0;
      minus.addEventListener("click", function () { onSet(Math.max(0, value - 1), id); });
      plus.addEventListener("click", function () { onSet(Math.min(MAX_VALUE, value + 1), id); });
      input.addEventListener("change", function () {
        var v = input.value.trim();
        if (v === String(value)) return;
        if (!/^\d{1,3}$/.test(v)) { say(t.error_prefix + " " + fmt(tt.bad_number, {name: text, value: v}), true); input.value = String(value); return; }
        onSet(parseInt(v, 10), id);
      });
      row.appendChild(minus); row.appendChild(input); row.appendChild(plus);
      return row;
    }

    /** A base's VP as the CLI words them (i18n.terms.vp_words): 4/2/1, "?" unknown, "own rule" for its own VP rule. */
    function vpWords(b) {
      if (b.scoring && b.vp.length && b.vp.every(function (x) { return x === 0; })) return t.own_rule;
      return b.vp.map(function (x) { return x == null ? "?" : x; }).join("/");
    }

    function drawBase(b, i, st) {
      var hid = "base-h-" + i, sum = total(b), reached = b.breakpoint != null && sum >= b.breakpoint;
      var sec = el("section", {"class": "tbase" + (reached ? " reached" : ""), "aria-labelledby": hid, "data-base": b.id});
      var hh = sec.appendChild(el("h3", {id: hid}));
      hh.appendChild(o.page("bases", b.id, b.name));
      sec.appendChild(el("p", {"class": "tbase-total"}, t.breakpoint + " " + (b.breakpoint == null ? "?" : b.breakpoint) + " · " +
                            t.vp + " " + vpWords(b) + " · " + t.total_power + " " + sum));
      if (reached) sec.appendChild(el("p", {"class": "scores-now"}, tt.scores_now));
      if (b.scoring) sec.appendChild(el("p", {"class": "notice"}, fmt((data.notices || {})[b.scoring] || "", {name: b.name, vp: t.vp, minions: t.minions})));
      st.players.forEach(function (p, j) {
        sec.appendChild(stepper("pw-" + i + "-" + j, p, b.power[p], function (v, id) { step("p" + i + "." + j + "=" + v); refocus(id); }));
        if (b.scoring === "per-minion") {
          sec.appendChild(stepper("mn-" + i + "-" + j, fmt(tt.minions_of, {player: p}), b.minions[p], function (v, id) { step("n" + i + "." + j + "=" + v); refocus(id); }));
        }
        if (b.power[p] === 0) {
          var zl = el("label", {"class": "zero"}), zb = el("input", {type: "checkbox"});
          zb.checked = b.zero.indexOf(p) >= 0;
          zb.addEventListener("change", function () { step("z" + i + "." + j + "=" + (zb.checked ? 1 : 0)); });
          zl.appendChild(zb); zl.appendChild(el("span", {}, fmt(tt.zero_of, {player: p})));
          sec.appendChild(zl);
        }
      });
      if (b.scoring === "replaced" || !b.stats_known) {
        var vid = "vpx-" + i;
        sec.appendChild(el("label", {"for": vid}, tt.vp_given));
        var vin = sec.appendChild(el("input", {id: vid, type: "text", inputmode: "numeric", autocomplete: "off", placeholder: "4,2,1"}));
        vin.value = b.vp_given ? b.vp_given.join(",") : "";
        vin.addEventListener("change", function () {
          var v = vin.value.replace(/\s+/g, "");
          if (v && !/^\d{1,3},\d{1,3},\d{1,3}$/.test(v)) { say(t.error_prefix + " " + fmt(tt.bad_vp, {value: v}), true); return; }
          step("v" + i + "=" + v);
        });
      }
      var sb = sec.appendChild(el("button", {type: "button", "class": "big score-base", name: "score"}, tt.score));
      sb.addEventListener("click", function () {
        var before = st.bases.length;
        if (step("s" + i)) {
          var last = game.state.scored[game.state.scored.length - 1];
          var laid = game.state.bases.length === before ? game.state.bases[i].name : null;
          say(fmt(tt.scored, {base: last.name, vp: last.results.filter(function (r) { return r.vp; }).map(function (r) { return r.player + " +" + r.vp; }).join(", ") || "0"}) +
              (laid ? " " + fmt(tt.laid, {base: laid}) : ""));
          h.focus();
        }
      });
      return sec;
    }

    function drawBoard(st) {
      board.textContent = "";
      board.appendChild(el("h3", {id: "vp-board-h"}, tt.board));
      var table = el("table", {"class": "play vp-table"}), head = el("tr");
      [t.player, t.vp].concat(st.madness ? [t.madness_cards] : []).forEach(function (x) { head.appendChild(el("th", {scope: "col"}, x)); });
      table.appendChild(el("thead")).appendChild(head);
      var body = table.appendChild(el("tbody"));
      st.players.forEach(function (p, j) {
        var tr = body.appendChild(el("tr"));
        tr.appendChild(el("th", {scope: "row"}, p));
        tr.appendChild(el("td", {"class": "vp"}, st.vp[p]));
        if (st.madness) {
          var td = tr.appendChild(el("td"));
          td.appendChild(stepper("md-" + j, fmt(tt.madness_of, {player: p}), st.madness[p], function (v, id) { step("m" + j + "=" + v); refocus(id); }));
        }
      });
      board.appendChild(table);
      var ml = el("label", {"class": "zero"}), mb = el("input", {type: "checkbox", name: "madness-on"});
      mb.checked = !!st.madness;
      mb.addEventListener("change", function () { step(mb.checked ? "M1" : "M0"); });
      ml.appendChild(mb); ml.appendChild(el("span", {}, tt.madness_on));
      board.appendChild(ml);
    }

    function drawEnd(st) {
      endBox.textContent = "";
      if (!st.end) return;
      var out = st.end;
      var line = out.status === "win" ? fmt(t.wins, {winner: out.winner}) : fmt(t.tied, {players: out.tied.join(", ")});
      endBox.appendChild(el("p", {"class": "end-line", role: "status"}, line));
      if (out.status !== "win") return;
      var url = S.recordUrl(o.shareUrl(), {
        vp: st.players.map(function (p) { return [p, st.vp[p]]; }),
        madness: st.madness ? st.players.map(function (p) { return [p, st.madness[p]]; }) : [],
        factions: st.players.map(function (p) { return [p, o.result.players[p] || []]; }),
        bases: st.scored.map(function (s) { return s.base; }).filter(function (b, k, a) { return a.indexOf(b) === k; }),
        date: new Date().toISOString().slice(0, 10)});
      if (!url) { endBox.appendChild(el("p", {"class": "note"}, t.record_unavailable)); return; }
      endBox.appendChild(el("p", {}, t.record_intro));
      endBox.appendChild(el("p")).appendChild(el("a", {href: url, "class": "record-url"}, t.record_link));
      endBox.appendChild(el("p")).appendChild(el("code", {}, "smashup game record --from-url '" + url + "'"));
      var qb = endBox.appendChild(el("button", {type: "button", "class": "big", name: "record-qr"}, tt.record_qr));
      qb.addEventListener("click", function () { qr(url, t.record_link); });
    }

    function qr(text, name) {
      var show = function () {
        if (!S.drawQr(qrBox, text, name)) qrBox.textContent = t.qr_missing;
        qrBox.appendChild(el("p", {"class": "qr-url"})).appendChild(el("a", {href: text}, name));
      };
      if (self.qrcode) return show();
      var s = document.createElement("script");
      s.src = o.qrSrc; s.onload = show; s.onerror = show;
      document.head.appendChild(s);
    }

    function refocus(id) { var n = document.getElementById(id); if (n) n.focus(); }

    function draw(note) {
      var st = game.state;
      turn.textContent = fmt(tt.turn, {turn: st.turn});
      basesBox.textContent = "";
      st.bases.forEach(function (b, i) { basesBox.appendChild(drawBase(b, i, st)); });
      drawBoard(st);
      drawEnd(st);
      piles.textContent = "";
      piles.appendChild(el("p", {}, fmt(tt.piles, {deck: st.deck.length, discard: st.discard.length})));
      if (st.scored.length) {
        var ol = piles.appendChild(el("ol", {"class": "scored"}));
        st.scored.forEach(function (s) {
          ol.appendChild(el("li", {}, s.name + ": " + s.results.map(function (r) { return r.player + " " + r.vp; }).join(", ")));
        });
      }
      var over = !!(st.end && st.end.status === "win");
      endBtn.disabled = over;
      rootEl.querySelectorAll("button.score-base").forEach(function (b) { b.disabled = over; });
      undoBtn.disabled = !game.steps.length;
      stateNode.textContent = JSON.stringify(st);
      rootEl.setAttribute("data-steps", String(game.steps.length));
      if (note !== undefined) say(note);
    }

    endBtn.addEventListener("click", function () {
      if (step("e")) {
        var st = game.state;
        if (!st.end) say(fmt(t.goes_on, {threshold: S.WIN_VP}));
        h.focus();
      }
    });
    undoBtn.addEventListener("click", function () {
      if (game.undo()) { save(); draw(tt.undone); }
    });
    handBtn.addEventListener("click", function () { qr(link(), tt.hand_over); });
    window.addEventListener("storage", function (ev) {  // the same game in a second tab: follow its steps
      if (ev.key !== o.key) return;
      var steps;
      try { steps = JSON.parse(ev.newValue || "[]"); } catch (e) { return; }
      if (!Array.isArray(steps) || steps.join("~") === game.steps.join("~")) return;
      game.steps = [];
      game.replay();
      game.load(steps.filter(function (x) { return typeof x === "string"; }));
      history.replaceState(history.state, "", link());
      draw("");
    });
    save();
    draw("");
    return game;
  }

  /** The steps of a game from the address (#g=...), else from localStorage[key]; [] when none. */
  function readSaved(key) {
    var m = /[#&]g=([^&]*)/.exec(location.hash);
    if (m) return decodeURIComponent(m[1]).split("~").filter(Boolean);
    try {
      var v = JSON.parse(localStorage.getItem(key) || "[]");
      return Array.isArray(v) ? v.filter(function (s) { return typeof s === "string"; }) : [];
    } catch (e) { return []; }
  }

  return {Game: Game, start: start, mount: mount, readSaved: readSaved, TableError: TableError,
          catalogueFacts: catalogueFacts, hasMadness: hasMadness};
}));
