/* smashup-db game night page (/L/play/): the form, the draft on one phone passed around the table
 * (whose turn, what is left, undo), the result and its share link. The draft itself is play-engine.js.
 * The whole state lives in the URL (?players=…&seed=…&picks=…), so a link replays the same night.
 * Every name (players typed them) is inserted with textContent only, never as HTML. */
(function () {
  "use strict";
  var app = document.getElementById("play-app");
  var P = window.SmashPlay;
  if (!app || !P) return;
  var S = JSON.parse(document.getElementById("play-strings").textContent);
  var MSG = JSON.parse(document.getElementById("play-messages").textContent);
  var form = document.getElementById("play-form");
  var status = document.getElementById("play-status");
  var draftBox = document.getElementById("draft"), outcome = document.getElementById("outcome");
  var cat = null, opts = null, session = null, manual = [], autoDone = false, startCount = 0;

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  /** The rules name their inputs in their own words (play-engine.js, pyformat.js): the page, by its form's labels. */
  function label(name) { return (S.fields && S.fields[name]) || name; }
  function fill(template, values) {
    try { return P.format(template, values || {}, {messages: MSG, label: label}); } catch (e) { return String(template); }
  }
  function say(text, isError) {
    status.textContent = text || "";
    status.className = isError ? "status error" : "status";
    if (isError) status.setAttribute("role", "alert"); else status.setAttribute("role", "status");
  }
  /** A DraftError in the page's language (the rules' msgids, translated in the .po). */
  function explain(err) {
    if (err instanceof P.DraftError) return window.SmashFormat.render(err, MSG, label);
    return String(err && err.message || err);
  }
  function fname(f) { return cat.fname(f); }

  function query() {
    var q = new URLSearchParams(window.location.search);
    return function (k) { var all = q.getAll(k).filter(function (v) { return v !== ""; }); return all.length ? all.join(",") : null; };
  }

  // ------------------------------------------------------------------ a collection code (smashup collection code)
  /** A code's owned items, id or id:printing (one copy each); throws for a bad code. docs/play.md */
  function codeBoxes(code) {
    var owned = window.SmashOwned.decode(code), ids = [];
    for (var pid in owned) if (Object.prototype.hasOwnProperty.call(owned, pid)) ids.push(owned[pid] ? pid + ":" + owned[pid] : pid);
    // the empty collection's code (AQC-) is a code of no boxes, as smashup collection add --code takes it
    return ids;
  }
  /** Tick the boxes of items (id, id:2, id:german); the value keeps the item for the form. */
  function tick(items) {
    var byId = {};
    items.forEach(function (s) { byId[s.split(":")[0]] = s; });
    form.querySelectorAll("input[name=owned]").forEach(function (box) {
      var id = box.value.split(":")[0], has = Object.prototype.hasOwnProperty.call(byId, id);
      box.checked = has;
      box.value = has ? byId[id] : id;
    });
  }
  /** get() with owned from ?c= (or, on the bare form only, the kept code); bad: ?c= unreadable. */
  function withCode(get) {
    var c = get("c"), kept = "";
    if (!window.SmashOwned) return {get: get, bad: false};
    if (!c && !get("players") && !get("owned")) kept = window.SmashOwned.code() || "";
    if (!c && !kept) return {get: get, bad: false};
    var ids;
    try { ids = codeBoxes(c || kept); } catch (e) { return {get: get, bad: !!c}; }
    if (c) { try { window.SmashOwned.save(c); } catch (e) { /* */ } }
    var joined = ids.join(",");
    return {get: function (k) { return k === "owned" ? joined : get(k); }, bad: false};
  }
  function codeField() {
    var input = document.getElementById("owned-code");
    document.getElementById("owned-code-use").addEventListener("click", function () {
      var ids;
      try { ids = codeBoxes(input.value); } catch (e) { say(S.error + ": " + S.bad_code, true); return; }
      try { window.SmashOwned.save(input.value); } catch (e) { /* */ }
      tick(ids);
      say(fill(S.code_used, {n: ids.length}));
    });
  }

  function prefill(get) {
    ["players", "seed", "offer", "ban", "include", "pool"].forEach(function (k) {
      var v = get(k); if (v != null) form.elements[k].value = v;
    });
    if (get("format")) form.elements.format.value = get("format");
    if (get("base_mode")) form.elements.base_mode.value = get("base_mode");
    form.elements.auto.checked = /^(1|true|yes|on)$/i.test(get("auto") || "");
    ["complexity", "products"].forEach(function (k) {
      var want = P.splitList(get(k));
      form.querySelectorAll("input[name=" + k + "]").forEach(function (box) { box.checked = want.indexOf(box.value) >= 0; });
    });
    tick(P.splitList(get("owned")));
  }

  function shareQuery() {
    var o = {};
    for (var k in opts) o[k] = opts[k];
    // every pick so far, the format's random ones first (as smashup draft's share link lists them)
    o.picks = session ? session.state.picks.slice(0, startCount + manual.length).map(function (p) { return p.faction; }) : [];
    o.auto = autoDone;  // random picks after the tapped ones, as smashup draft --pick ... --auto
    return P.queryFromOptions(o);
  }
  function syncUrl(keep) {
    var qs = shareQuery();
    history.replaceState(null, "", window.location.pathname + (qs ? "?" + qs : "") + (keep ? location.hash : ""));
    document.querySelectorAll("a.lang-switch").forEach(function (a) { a.href = a.href.split("?")[0] + (qs ? "?" + qs : ""); });
    document.getElementById("share").value = window.location.href.split("#")[0];
  }

  function replay() {
    session = P.setup(cat, opts);
    startCount = session.state.picks.length;  // pick-one-random: everyone's random first faction
    manual.forEach(function (f) { session.state.pick(f); });
  }

  // ------------------------------------------------------------------ the draft by taps
  function showDraft(note) {
    var st = session.state;
    outcome.hidden = true;
    draftBox.hidden = false;
    var h = document.getElementById("draft-h");
    h.textContent = fill(S.turn, {player: st.currentPlayer(), round: st.currentRound()});
    var taken = new Set(st.picks.map(function (p) { return p.faction; }));
    var list = document.getElementById("draft-pool");
    list.textContent = "";
    var legal = st.legalPicks();
    document.getElementById("draft-left").textContent = fill(S.left, {n: st.pool.filter(function (f) { return !taken.has(f) || st.copies.get(f) > 1; }).length});
    var shown = st.offers ? st.offers.get(st.currentPlayer()) : st.pool;
    if (st.offers) document.getElementById("draft-left").textContent += " · " + fill(S.offered, {player: st.currentPlayer()});
    shown.forEach(function (f) {
      var li = el("li"), b = el("button", "pick", fname(f));
      b.type = "button";
      b.setAttribute("data-faction", f);
      var why = st.refusal(f);
      if (why) {
        b.disabled = true;
        var reason = el("span", "why", window.SmashFormat.render(why, MSG, label));
        reason.id = "why-" + f;
        b.setAttribute("aria-describedby", reason.id);
        li.appendChild(b); li.appendChild(reason);
      } else li.appendChild(b);
      li.appendChild(about(f));
      list.appendChild(li);
    });
    var held = document.getElementById("draft-held");
    held.textContent = "";
    st.holdings().forEach(function (fs, p) {
      held.appendChild(el("li", null, fill(S.held, {player: p, factions: fs.length ? fs.map(fname).join(", ") : S.nobody})));
    });
    document.getElementById("undo").disabled = !manual.length;
    app.setAttribute("data-state", "drafting");
    app.setAttribute("data-legal", String(legal.length));
    say(note || "");
    syncUrl();
  }

  /** A faction's card list (its page) and complexity, in the form's words for the levels. */
  function about(f) {
    var cx = (cat.complexityOf.get(f) || "").split("-").filter(Boolean).map(function (lv) {
      var l = document.querySelector("label[for=cx-" + lv + "]");
      return l ? l.textContent : lv;
    }).join("–");
    return page("factions", f, S.cards + (cx ? " · " + label("complexity") + ": " + cx : ""));
  }

  function pick(f) {
    try {
      var rec = session.state.pick(f);
      manual.push(f);
      next(fill(S.picked, {player: rec.player, faction: fname(f)}), true);
    } catch (err) { say(explain(err), true); }
  }

  function next(note, focus) {
    if (session.state.done()) showResult(P.finish(cat, session, opts.base_mode));
    else showDraft(note);
    if (focus) {
      var h = document.getElementById(session.state.done() ? "outcome-h" : "draft-h");
      h.focus();
    }
  }

  document.getElementById("draft-pool").addEventListener("click", function (ev) {
    var b = ev.target.closest("button.pick");
    if (b && !b.disabled) pick(b.getAttribute("data-faction"));
  });
  document.getElementById("undo").addEventListener("click", function () {
    if (!manual.length) return;
    var f = manual.pop(), last = session.state.picks[session.state.picks.length - 1];
    replay();
    next(fill(S.undone, {player: last.player, faction: fname(f)}), true);
  });
  document.getElementById("finish").addEventListener("click", function () {
    try {
      session.state.autoFinish(session.rng);
      autoDone = true;
      next("", true);
    } catch (err) { say(explain(err), true); }
  });
  document.getElementById("copy").addEventListener("click", function () {
    var box = document.getElementById("share");
    box.select();
    var done = function () { say(S.copied); };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(box.value).then(done, function () {});
    else { try { document.execCommand("copy"); done(); } catch (e) { /* nothing to copy with */ } }
  });

  // ------------------------------------------------------------------ the result
  function table(head, rows, caption) {
    var t = el("table", "play"), cap = el("caption", null, caption), tr = el("tr");
    t.appendChild(cap);
    var thead = el("thead"); head.forEach(function (h) { var th = el("th", null, h); th.scope = "col"; tr.appendChild(th); });
    thead.appendChild(tr); t.appendChild(thead);
    var tb = el("tbody");
    rows.forEach(function (r) {
      var row = el("tr");
      r.forEach(function (c, i) { var cell = el(i === 0 ? "th" : "td", null, c); if (i === 0) cell.scope = "row"; row.appendChild(cell); });
      tb.appendChild(row);
    });
    t.appendChild(tb);
    return t;
  }
  /** The ``smashup draft`` command line that gives this result (names quoted for a POSIX shell). */
  function command() {
    var q = P.shellQuote;
    var a = ["smashup", "draft", "--players", q(opts.players.join(",")), "--seed", String(opts.seed)];
    if (opts.fmt && opts.fmt !== "snake") a.push("--format", opts.fmt);
    if (opts.offer != null && opts.fmt === "offer") a.push("--offer", String(opts.offer));
    [["ban", opts.ban], ["include", opts.include], ["complexity", opts.complexity], ["products", opts.products]].forEach(function (kv) {
      if (kv[1] && kv[1].length) a.push("--" + kv[0], q(kv[1].join(",")));
    });
    if (opts.pool != null) a.push("--pool", String(opts.pool));
    if (opts.start) a.push("--start", q(opts.start));
    if (opts.base_mode && opts.base_mode !== "set") a.push("--mode", opts.base_mode);
    session.state.picks.slice(startCount, startCount + manual.length).forEach(function (p) {
      a.push("--pick", q(p.player + "=" + p.faction));
    });
    if (autoDone) a.push("--auto");
    a.push("--lang", document.documentElement.lang || "en");
    return a.join(" ");
  }
  /** The set-up sheet (res.setup, the shape of smashup_db/gamenight/setup_sheet.py): what to take out, box by box. */
  function sheet(st) {
    var sec = el("section", "sheet");
    sec.appendChild(el("h3", null, S.setup));
    var ul = el("ul", "setup");
    st.boxes.forEach(function (b) {
      var li = el("li"), inner = el("ul");
      li.appendChild(el("strong", null, b.product.name));
      var facs = st.factions.filter(function (f) { return f.box.id === b.product.id; });
      if (facs.length) inner.appendChild(el("li", null, S.factions + ": " + facs.map(function (f) {
        return f.player ? f.name + " (" + f.player + ")" : f.name;
      }).join(", ")));
      if (b.all_bases) inner.appendChild(el("li", null, fill(S.all_bases, {n: b.bases.length})));
      else if (b.bases.length) inner.appendChild(el("li", null, fill(S.some_bases, {n: b.bases.length}) + ": " + b.bases.map(function (x) {
        return cat.bname(x) + (b.in_play.indexOf(x) >= 0 ? " ★" : "");
      }).join(", ")));
      st.decks.filter(function (d) { return d.box.id === b.product.id; }).forEach(function (d) {
        inner.appendChild(el("li", null, d.count ? d.name + " (" + d.count + ")" : d.name));
      });
      li.appendChild(inner);
      ul.appendChild(li);
    });
    sec.appendChild(ul);
    sec.appendChild(el("p", null, fill(S.vp_tokens, {goal: st.vp_tokens.goal})));
    if (st.boxes.some(function (b) { return b.bases.length && !b.all_bases; })) sec.appendChild(el("p", "help", "★ " + S.in_play));
    return sec;
  }
  function vp(v) { return v.map(function (x) { return x == null ? "?" : x; }).join("/"); }

  function showResult(res) {
    draftBox.hidden = true;
    outcome.hidden = false;
    var body = document.getElementById("outcome-body");
    body.textContent = "";
    body.appendChild(el("p", null, fill(S.start, {player: res.start_player}) + " · " + fill(S.seed, {seed: res.seed})));
    var t = body.appendChild(table([S.player, S.factions], Object.keys(res.players).map(function (p) { return [p, ""]; }), S.factions));
    t.querySelectorAll("tbody td").forEach(function (td, i) {
      res.players[Object.keys(res.players)[i]].forEach(function (f, j) { if (j) td.append(", "); td.appendChild(page("factions", f, fname(f))); });
    });
    body.appendChild(el("h3", null, S.bases));
    var bl = el("ul", "bases");
    res.bases_in_play_stats.forEach(function (b) {
      var li = el("li");
      li.appendChild(el("strong")).appendChild(page("bases", b.id, cat.bname(b.id)));
      li.appendChild(document.createTextNode(" — " + S.breakpoint + " " + (b.breakpoint == null ? "?" : b.breakpoint) +
                                             " · " + S.vp + " " + vp(b.vp)));
      bl.appendChild(li);
    });
    body.appendChild(bl);
    body.appendChild(el("p", null, fill(S.deck, {n: res.base_deck.length})));
    body.appendChild(sheet(res.setup));
    var notes = session.notes || [];
    if (notes.length) {
      body.appendChild(el("h3", null, S.warnings));
      var w = el("ul", "warnings");
      notes.forEach(function (m) { w.appendChild(el("li", null, window.SmashFormat.render(m, MSG, label))); });
      body.appendChild(w);
    }
    if (!opts.owned) {  // owned boxes are a collection in the terminal: smashup collection add, then --collection
      var d = body.appendChild(el("details"));
      d.appendChild(el("summary", null, S.replay));
      d.appendChild(el("p", "replay")).appendChild(el("code", null, command()));
    }
    var old = document.getElementById("result");
    if (old) old.parentNode.removeChild(old);
    var data = el("script");
    data.type = "application/json";
    data.id = "result";
    data.textContent = JSON.stringify(res);
    app.appendChild(data);
    app.setAttribute("data-state", "done");
    syncUrl(true);
    document.dispatchEvent(new CustomEvent("smashup:result", {detail: res}));  // the scoring part (play/score.html) listens
    var go = document.getElementById("start-game");
    go.hidden = false;
    go.onclick = function () { game(res); };
    var kept = null;
    try { kept = localStorage.getItem(gameKey()); } catch (e) { /* */ }
    if (/[#&]g=/.test(location.hash) || (kept && kept !== "[]")) game(res);
  }

  function page(kind, id, text) {  // its page on the site (data-site: /L/)
    var a = el("a", null, text);
    a.href = app.getAttribute("data-site") + kind + "/" + encodeURIComponent(id) + "/";
    return a;
  }
  function gameKey() { return "smashup-game:" + location.pathname + "?" + shareQuery(); }
  /** The folder of the table's files (assets/), and their scripts in the order they load. */
  function tableAt() { return app.getAttribute("data-data").replace(/[^/]*$/, ""); }
  var TABLE_SCRIPTS = ["play-score-" + document.documentElement.lang + ".js", "play-score.js", "play-table.js"];

  /** Start the game: the table's code (assets/play-table.js, play-score*.js) loads only now. */
  function game(res) {
    var at = tableAt(), css = el("link"), srcs = TABLE_SCRIPTS.slice();
    css.rel = "stylesheet"; css.href = at + "play-table.css"; document.head.appendChild(css);
    (function next() {
      if (srcs.length) { var t = el("script"); t.src = at + srcs.shift(); t.onload = next; return document.head.appendChild(t); }
      document.getElementById("start-game").hidden = true;
      window.SmashTable.mount(document.getElementById("table"), {result: res, cat: cat, printings: session.printings, key: gameKey(),
        at: at, page: page, shareUrl: window.SmashPlayPage.shareUrl});
    }());
  }

  // The page's catalogue data and the table's files are kept for offline use once the page has loaded
  // (the service worker's "warm" message, as assets/local.js sends for the page itself: the worker did not
  // yet see what a first visit fetched), so a draft and a game start without a connection after one
  // visit of this page; the table's files stay out of its first load.
  window.addEventListener("load", function () {
    if (!("serviceWorker" in navigator) || !/^https?:$/.test(location.protocol)) return;
    navigator.serviceWorker.ready.then(function (reg) {
      var urls = ["play-table.css"].concat(TABLE_SCRIPTS).map(function (f) { return tableAt() + f; })
        .concat([app.getAttribute("data-data")]).map(function (u) { return new URL(u, location.href).href; });
      if (reg.active) reg.active.postMessage({type: "warm", urls: urls});
    }).catch(function () { /* no offline copy */ });
  });

  // ------------------------------------------------------------------ start
  function start(coded) {
    var get = coded.get;
    prefill(get);
    if (coded.bad) {  // one line, ticks unchanged, nothing drawn
      app.setAttribute("data-state", "error");
      say(S.error + ": " + S.bad_code, true);
      return;
    }
    if (!get("players")) { app.setAttribute("data-state", "form"); return; }
    document.getElementById("play-setup").open = false;  // the draft comes first once the table is set
    try {
      opts = P.optionsFromQuery(cat, get);
      if (opts.seed == null) {
        var a = new Uint32Array(1);
        (window.crypto || {getRandomValues: function (x) { x[0] = Date.now(); return x; }}).getRandomValues(a);
        opts.seed = BigInt(a[0] % 999999 + 1);
        form.elements.seed.value = String(opts.seed);
      }
      var picks = opts.picks, auto = opts.auto;
      opts.picks = [];
      manual = [];
      autoDone = false;
      replay();
      // a link may list every pick, the format's random ones first (smashup draft's share link does): skip those
      var pre = session.state.picks.map(function (p) { return p.faction; });
      if (pre.length && picks.length >= pre.length && pre.every(function (f, i) { return picks[i] === f; })) picks = picks.slice(pre.length);
      picks.forEach(function (f) { session.state.pick(f); manual.push(f); });
      if (auto && !session.state.done()) { session.state.autoFinish(session.rng); autoDone = true; }
      next("", false);
    } catch (err) {
      draftBox.hidden = true; outcome.hidden = true;
      app.setAttribute("data-state", "error");
      document.getElementById("play-setup").open = true;
      say(S.error + ": " + explain(err), true);
    }
  }

  /** For the scoring part's QR code (play/score.html): the link that replays this draft. */
  window.SmashPlayPage = {shareUrl: function () { return document.getElementById("share").value || window.location.href; }};

  say(S.loading);
  fetch(app.getAttribute("data-data")).then(function (r) {
    if (!r.ok) throw new Error(r.status);
    return r.json();
  }).then(function (raw) {
    cat = new P.Catalogue(raw);
    var sellsFactions = new Set();
    cat.factionProducts.forEach(function (ps) { ps.forEach(function (p) { sellsFactions.add(p); }); });
    var dl = document.getElementById("faction-names");
    cat.factions.forEach(function (f) { var o = el("option"); o.value = cat.fname(f); dl.appendChild(o); });
    // the boxes to tick, from the catalogue JSON (keeps the page small): owned boxes, and the products filter
    [["owned-boxes", "own-", function () { return true; }],
     ["product-boxes", "prod-", function (p) { return sellsFactions.has(p); }]].forEach(function (spec) {
      var holder = document.getElementById(spec[0]), name = holder.getAttribute("data-name");
      cat.products.filter(spec[2]).forEach(function (p) {
        var row = el("div", "check"), box = el("input"), label = el("label", null, cat.pname(p));
        box.type = "checkbox"; box.name = name; box.value = p; box.id = spec[1] + p;
        label.htmlFor = box.id;
        row.appendChild(box); row.appendChild(label); holder.appendChild(row);
      });
    });
    say("");
    codeField();
    return new Promise(function (ok) {  // local.js is deferred: it runs before DOMContentLoaded
      if (window.SmashOwned || document.readyState === "complete") return ok();
      document.addEventListener("DOMContentLoaded", ok); window.addEventListener("load", ok);
    });
  }).then(function () {
    var coded = withCode(query());
    // a printing named (owned=core-set:german): load its bases' facts
    if (!P.splitList(coded.get("owned")).some(function (s) { return /:(original|german)$/.test(s); })) return start(coded);
    return fetch(app.getAttribute("data-printings")).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    }).then(function (g) { cat.raw.g = g; start(coded); });
  }).then(null, function () { say(S.load_failed, true); app.setAttribute("data-state", "error"); });
})();
