/* smashup-db: autocomplete of the header search (every page but the search page).
 *
 * assets/local.js loads this script the first time the field #top-q gets the focus; it fetches the
 * names index assets/complete.json (smashup_db/site/complete.py: card, base, faction and product names in
 * English and German, and the aliases) and offers up to 8 names as the visitor types. Picking one opens
 * its page; Enter without a pick submits the search as before.
 *
 * Accessible as the ARIA 1.2 combobox pattern (list autocomplete): the input is role=combobox with
 * aria-expanded, aria-controls and aria-activedescendant; the list is role=listbox of role=option;
 * Down/Up move through the options, Enter opens the one chosen, Escape closes the list; a polite
 * status says how many names are offered. Names are inserted with textContent only (never as HTML).
 */
(function (root) {
  "use strict";
  var LIMIT = 8;

  /* The site's one folding rule (assets/fold.js, SmashFold: the same as smashup_db/common/text.py
   * name_key), applied word by word so that a typed name may match the start of any word: case,
   * accents, spaces, hyphens and the ae/oe/ue/ss spellings do not count. */
  var F = typeof module !== "undefined" && module.exports ? require("./assets/fold.js") : root.SmashFold;
  function fold(text) {
    return F.fold(text).split(" ").map(function (w) { return w.replace(/([aou])e/g, "$1"); }).join(" ");
  }

  /* How well the folded query `q` (spaces removed) matches a name folded by fold(): 0 its start,
   * 1 the start of one of its words, 2 inside it (three letters or more), -1 not at all. */
  function rank(q, folded) {
    var whole = folded.replace(/ /g, ""), words = folded.split(" "), i;
    if (whole.indexOf(q) === 0) return 0;
    for (i = 1; i < words.length; i++) if (words.slice(i).join("").indexOf(q) === 0) return 1;
    return q.length >= 3 && whole.indexOf(q) > 0 ? 2 : -1;
  }

  /* Up to `limit` suggestions for `text`: [{item, rank, name, other}] (name in `lang`, the other
   * language's name when the query matched that one), best first (rank, factions and products before
   * cards and bases, shorter names first). */
  function suggest(data, text, lang, limit) {
    var q = fold(text).replace(/ /g, ""), out = [], order = {faction: 0, product: 1, card: 2, base: 3};
    if (q.length < 2) return out;
    data.items.forEach(function (it) {
      var en = it[2] || it[3], de = it[3] || en, mine = lang === "de" ? de : en, other = lang === "de" ? en : de;
      var f = it.folded || (it.folded = [fold(mine), fold(other)]);  /* an index serves one page language */
      var rMine = rank(q, f[0]), rOther = rank(q, f[1]), best = rMine;
      (it.aliasKeys || (it.aliasKeys = it[4].map(fold))).forEach(function (a) { var r = rank(q, a); if (r >= 0 && (best < 0 || r < best)) best = r; });
      if (rOther >= 0 && (best < 0 || rOther < best)) best = rOther;
      if (best < 0) return;
      out.push({item: it, rank: best, name: mine, other: rOther === best && rMine !== best && other !== mine ? other : ""});
    });
    out.sort(function (a, b) {
      return a.rank - b.rank || order[data.kinds[a.item[0]]] - order[data.kinds[b.item[0]]] ||
        a.name.length - b.name.length || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
    });
    return out.slice(0, limit);
  }

  var api = {fold: fold, rank: rank, suggest: suggest};
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }
  root.SmashComplete = api;

  var doc = root.document, input = doc.getElementById("top-q");
  if (!input || input.getAttribute("role") === "combobox") return;
  var script = doc.currentScript, base = script ? script.src.replace(/assets\/complete\.js(\?.*)?$/, "") : "/";
  var lang = doc.documentElement.lang === "de" ? "de" : "en";
  var form = input.form, data = null, shown = [], active = -1, seq = 0;
  var list = doc.createElement("ul"), note = doc.createElement("span"), style = doc.createElement("style");

  style.textContent = ".find{position:relative}" +
    "#top-q-list{position:absolute;z-index:20;left:0;right:0;top:100%;margin:2px 0 0;padding:0;list-style:none;" +
    "background:var(--bg);color:var(--fg);border:1px solid var(--line);border-radius:4px;max-width:100%;box-sizing:border-box}" +
    "#top-q-list li{padding:.6em .7em;min-height:44px;box-sizing:border-box;cursor:pointer;overflow-wrap:anywhere}" +
    "#top-q-list li[aria-selected=true],#top-q-list li:hover{background:var(--soft);outline:2px solid var(--acc);outline-offset:-2px}" +
    "#top-q-list small{color:var(--mute);margin-left:.5em}" +
    ".sr-only{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}";
  doc.head.appendChild(style);
  list.id = "top-q-list";
  list.setAttribute("role", "listbox");
  list.hidden = true;
  note.className = "sr-only";
  note.setAttribute("role", "status");
  note.setAttribute("aria-live", "polite");
  form.appendChild(list);
  form.appendChild(note);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", list.id);

  function urlOf(it) { return base + lang + "/" + data.kinds[it[0]] + "s/" + it[1] + "/"; }

  function choose(i) {
    active = i;
    Array.prototype.forEach.call(list.children, function (li, j) { li.setAttribute("aria-selected", j === i ? "true" : "false"); });
    if (i >= 0) input.setAttribute("aria-activedescendant", list.children[i].id);
    else input.removeAttribute("aria-activedescendant");
  }

  function close() {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    choose(-1);
  }

  function show() {
    var mySeq = ++seq, words;
    if (!data) return;
    words = data.words[lang] || data.words.en;
    list.setAttribute("aria-label", words.list);
    shown = suggest(data, input.value, lang, LIMIT);
    list.textContent = "";
    shown.forEach(function (s, i) {
      var li = doc.createElement("li"), small = doc.createElement("small");
      li.id = "top-q-opt-" + i;
      li.setAttribute("role", "option");
      li.setAttribute("aria-selected", "false");
      li.setAttribute("data-href", urlOf(s.item));
      li.appendChild(doc.createTextNode(s.name));
      small.textContent = (s.other ? "(" + s.other + ") " : "") + (words[data.kinds[s.item[0]]] || "");
      li.appendChild(small);
      li.addEventListener("mousedown", function (e) { e.preventDefault(); });
      li.addEventListener("click", function () { root.location.href = li.getAttribute("data-href"); });
      list.appendChild(li);
    });
    list.hidden = !shown.length;
    input.setAttribute("aria-expanded", shown.length ? "true" : "false");
    choose(-1);
    setTimeout(function () {
      if (mySeq === seq) note.textContent = input.value.trim() ? words.count.replace("{n}", shown.length) : "";
    }, 400);
  }

  input.addEventListener("input", show);
  input.addEventListener("blur", close);
  input.addEventListener("keydown", function (e) {
    var n = shown.length;
    if (e.key === "ArrowDown" || e.key === "Down") {
      if (list.hidden) { show(); return; }
      if (n) { e.preventDefault(); choose(active + 1 >= n ? 0 : active + 1); }
    } else if (e.key === "ArrowUp" || e.key === "Up") {
      if (n && !list.hidden) { e.preventDefault(); choose(active <= 0 ? n - 1 : active - 1); }
    } else if (e.key === "Enter") {
      if (active >= 0 && !list.hidden) { e.preventDefault(); root.location.href = list.children[active].getAttribute("data-href"); }
    } else if (e.key === "Escape" || e.key === "Esc") {
      if (!list.hidden) { e.preventDefault(); close(); }
    }
  });

  fetch(base + "assets/complete.json").then(function (r) {
    if (!r.ok) throw new Error(r.status);
    return r.json();
  }).then(function (d) {
    data = d;
    if (doc.activeElement === input && input.value) show();
  }).catch(function () { /* no suggestions: the search works as before */ });
})(this);
