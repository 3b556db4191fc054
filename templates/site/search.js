/* smashup-db search page: runs the query language (query.js) over assets/search-<lang>.json.
 * The query lives in the URL (?q=), updated while typing and carried over by the language switch.
 * Light first load: the index is fetched only for a query (in the URL, or once the field is used);
 * it holds names and facts; the rules text (assets/search-text-<lang>.json) only for a query whose
 * words may match text (SmashQuery.needsText): the names found are shown at once, the rest after it;
 * "did you mean" names (assets/names.json) only when a query finds nothing; Pagefind only when
 * asked for ("Search the text of all pages"). Other pages whose names match are listed at once.
 * Data from the index is inserted with textContent only (never as HTML). */
(function () {
  "use strict";
  var box = document.getElementById("search-app");
  if (!box || !window.SmashQuery) return;
  var S = JSON.parse(box.getAttribute("data-strings"));
  var input = document.getElementById("q");
  var status = document.getElementById("search-status");
  var list = document.getElementById("results");
  var fType = document.getElementById("f-type");
  var fFaction = document.getElementById("f-faction");
  var sortSel = document.getElementById("sort");
  var more = document.getElementById("more");
  var pages = document.getElementById("pages");
  var filters = box.querySelector(".filters");
  var markBase = box.getAttribute("data-marks"), boxesOf = {};
  var MARKS = /*@MARKS@*/{};  /* type -> data: URI of assets/marks/<type>.svg, written in by the build */
  var dym = document.getElementById("dym");
  var pfMore = document.getElementById("pf-more");
  var sitePages = null;  /* the site's own pages by title, folded the first time plain words ask (otherPages) */
  var index = null, timer = null, shown = 100, found = [], lastQuery = null;
  var params = new URLSearchParams(window.location.search);
  var collator = null;  /* made the first time a list is sorted by name: making one costs more than a whole query */

  /* The JSON file at `url`, parsed (a promise; rejected when the file does not come). */
  function json(url) {
    return fetch(url).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    });
  }
  function compare(a, b) {
    if (!collator) collator = new Intl.Collator(document.documentElement.lang || "en", {sensitivity: "base", numeric: true});
    return collator.compare(a, b);
  }

  input.value = params.get("q") || "";
  if (params.get("sort")) sortSel.value = params.get("sort");

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  function syncUrl() {
    var q = input.value.trim(), p = new URLSearchParams();
    if (q) p.set("q", q);
    if (sortSel.value && sortSel.value !== "rel") p.set("sort", sortSel.value);
    var qs = p.toString() ? "?" + p.toString() : "";
    if (qs !== window.location.search) history.replaceState(null, "", window.location.pathname + qs);
    document.querySelectorAll("a.lang-switch").forEach(function (a) {
      a.href = a.href.split("?")[0] + qs;
    });
    document.querySelectorAll("header input[name=q]").forEach(function (h) { if (h !== input) h.value = q; });
  }

  function excerpt(text, terms) {
    /* One line of about 140 characters around the first match, matches marked. */
    var frag = document.createDocumentFragment();
    if (!text) return frag;
    var folded = "", map = [], i, j, c, f;
    for (i = 0; i < text.length; i++) {
      f = SmashQuery.fold(text[i]) || " ";
      for (j = 0; j < f.length; j++) { folded += f[j]; map.push(i); }
    }
    var spans = [];
    terms.forEach(function (t) {
      if (t.tokens.join("").length < 2) return;  /* a lone letter ("a") would mark every word starting with it */
      var body = t.tokens.map(function (x) { return x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }).join(" +");
      var re = new RegExp("(?<![0-9a-z])" + body + (t.exact ? "(?![0-9a-z])" : "[0-9a-z]*"), "g"), m;
      while ((m = re.exec(folded)) !== null) {
        if (m[0].length) spans.push([map[m.index], map[m.index + m[0].length - 1] + 1]);
        else re.lastIndex++;
      }
    });
    spans.sort(function (a, b) { return a[0] - b[0]; });
    var start = 0, width = 140;
    if (spans.length && spans[0][1] > width - 20) {
      start = Math.max(0, spans[0][0] - 40);
      while (start > 0 && !/\s/.test(text[start - 1])) start--;
    }
    var end = Math.min(text.length, start + width);
    if (end < text.length) { c = text.lastIndexOf(" ", end); if (c > start + width / 2) end = c; }
    if (start > 0) frag.appendChild(document.createTextNode("…"));
    var at = start;
    spans.forEach(function (s) {
      var a = Math.max(s[0], at), b = Math.min(s[1], end);
      if (b <= a) return;
      frag.appendChild(document.createTextNode(text.slice(at, a)));
      frag.appendChild(el("mark", null, text.slice(a, b)));
      at = b;
    });
    frag.appendChild(document.createTextNode(text.slice(at, end)));
    if (end < text.length) frag.appendChild(document.createTextNode("…"));
    return frag;
  }

  function fillSelect(sel, label, counts, labels, prefer) {
    var keep = prefer === undefined ? sel.value : prefer;
    sel.textContent = "";
    var all = el("option", null, label);
    all.value = "";
    sel.appendChild(all);
    Object.keys(counts).sort(function (a, b) { return compare(labels[a], labels[b]); }).forEach(function (k) {
      var o = el("option", null, labels[k] + " (" + counts[k] + ")");
      o.value = k;
      sel.appendChild(o);
    });
    sel.value = counts[keep] ? keep : "";
  }

  function render(terms, shownView) {
    var items = shownView.items, show = shownView.show;
    var typeCounts = {}, typeLabels = {}, facCounts = {}, facLabels = {};
    found.forEach(function (k) {
      var it = items[k];
      typeCounts[it[1]] = (typeCounts[it[1]] || 0) + 1; typeLabels[it[1]] = index.types[it[1]] || it[1];
      if (it[2]) { facCounts[it[2]] = (facCounts[it[2]] || 0) + 1; facLabels[it[2]] = index.names.faction[it[2]]; }
    });
    fillSelect(fType, S.all_types, typeCounts, typeLabels, picked && picked.type);
    fillSelect(fFaction, S.all_factions, facCounts, facLabels, picked && picked.faction);
    picked = null;
    var rows = found.filter(function (k) {
      return (!fType.value || items[k][1] === fType.value) && (!fFaction.value || items[k][2] === fFaction.value);
    });
    var key = sortSel.value;
    if (key === "name") rows.sort(function (a, b) { return compare(show[a][0], show[b][0]) || a - b; });
    if (key === "power") rows.sort(function (a, b) { return num(items[b][4], -1) - num(items[a][4], -1) || a - b; });
    if (key === "breakpoint") rows.sort(function (a, b) { return num(items[a][6], 999) - num(items[b][6], 999) || a - b; });
    window.SmashResults = found.map(function (k) { return items[k][0]; });
    list.textContent = "";
    rows.slice(0, shown).forEach(function (k) {
      var it = items[k], sh = show[k], li = el("li", "hit"), h = el("h2", "hit-name"), a = el("a", null, sh[0]);
      var isBase = it[0].indexOf("base:") === 0, id = it[0].slice(5);
      a.href = index.url + (isBase ? "bases/" : "cards/") + id + "/";
      li.setAttribute("data-key", it[0]);
      h.appendChild(a);
      if (sh[1]) { var fb = el("abbr", "fb", "EN"); fb.title = S.fallback; h.appendChild(fb); }
      li.appendChild(h);
      var meta = el("p", "hit-meta");
      var tag = el("span", "tag"), img = el("img", "mark");
      img.src = MARKS[it[1]] || markBase + it[1] + ".svg"; img.alt = ""; img.width = 16; img.height = 16;
      tag.appendChild(img); tag.appendChild(document.createTextNode(" " + (index.types[it[1]] || it[1])));
      meta.appendChild(tag);
      if (it[4] !== null) meta.appendChild(el("span", null, S.power + " " + it[4]));
      if (isBase) {
        meta.appendChild(el("span", null, S.breakpoint + " " + (it[6] === null ? "?" : it[6])));
        meta.appendChild(el("span", null, S.vp + " " + [it[7], it[8], it[9]].map(function (v) { return v === null ? "?" : v; }).join("/")));
      }
      if (it[2]) meta.appendChild(link(index.names.faction[it[2]], index.url + "factions/" + it[2] + "/"));
      var boxes = isBase ? [it[3]] : (boxesOf[it[2]] || []);
      if (boxes.length) {
        var b = el("span", "boxes", S.box + ": ");
        boxes.forEach(function (pid, i) {
          if (i) b.appendChild(document.createTextNode(", "));
          b.appendChild(link(index.names.product[pid], index.url + "products/" + pid + "/"));
        });
        meta.appendChild(b);
      }
      li.appendChild(meta);
      if (sh[2]) { var p = el("p", "hit-text"); p.appendChild(excerpt(sh[2], terms)); li.appendChild(p); }
      list.appendChild(li);
    });
    more.hidden = rows.length <= shown;
    more.textContent = S.show_all.replace("{n}", rows.length);
    status.textContent = S.results.replace("{n}", rows.length) +
      (rows.length !== found.length ? " " + S.of_total.replace("{n}", found.length) : "");
    status.className = "status";
  }

  /* The type and faction a new query asks for at its top level (t:kreatur f:geister), shown by the filters
   * (undefined: the query names none, the visitor's choice stays unless it came from the query before). */
  var picked = null, pickedBefore = false;
  function queryPicks(q) {
    var picks = {}, items = q.root.t === "and" ? q.root.items : [q.root];
    items.forEach(function (n) {
      if (n.t !== "is") return;
      if (n.field === "type") picks.type = n.value;
      if (n.field === "faction") {
        try {
          var ids = SmashQuery.resolve(index, "faction", n.value, n.column);
          if (ids.length === 1) picks.faction = ids[0];
        } catch (e) { /* the query itself reports it */ }
      }
    });
    var named = picks.type !== undefined || picks.faction !== undefined;
    if (named || pickedBefore) { picks.type = picks.type || ""; picks.faction = picks.faction || ""; }
    pickedBefore = named;
    return picks;
  }

  function link(text, href) { var a = el("a", null, text); a.href = href; return a; }

  function num(v, missing) { return v === null || v === undefined ? missing : v; }

  function update() {
    if (runQuery() && index) box.setAttribute("data-done", input.value.trim());
  }

  /* Answers the query in the field; false while the rules text it needs is still coming (the names and
   * facts found so far are shown, and the query runs again once the text is there). */
  function runQuery() {
    syncUrl();
    var text = input.value.trim();
    if (!index) return false;
    if (!text) {
      found = []; list.textContent = ""; more.hidden = true; window.SmashResults = [];
      status.textContent = S.empty; status.className = "status";
      filters.hidden = true; otherPages(""); suggest(null);
      return true;
    }
    var q, owned = window.SmashOwned ? window.SmashOwned.read() : null;
    try {
      q = SmashQuery.parse(text);
      found = SmashQuery.run(index, q, owned);
    } catch (err) {
      if (!(err instanceof SmashQuery.QueryError)) throw err;
      found = []; window.SmashResults = null; list.textContent = ""; more.hidden = true;
      status.textContent = S.error + ": " + err.render(document.documentElement.lang || "en");
      status.className = "status error";
      otherPages(""); suggest(null);
      return true;
    }
    filters.hidden = false;
    if (text !== lastQuery) { shown = 100; picked = queryPicks(q); }
    lastQuery = text;
    render(SmashQuery.highlightTerms(q), SmashQuery.shownView(index, q, owned));
    var whole = index.hasText || !SmashQuery.needsText(q);
    if (!whole) {
      status.textContent = S.results.replace("{n}", found.length) + " " + S.text_loading;
      loadText();
    }
    suggest(found.length || !whole ? null : q);
    otherPages(SmashQuery.isPlain(text) ? text : "");
    return whole;
  }

  /* The rules text, fetched the first time a query needs it; the query then runs again. */
  var textLoading = null;
  function loadText() {
    if (textLoading) return textLoading;
    textLoading = json(box.getAttribute("data-text")).then(function (data) {
      SmashQuery.addText(index, data);
      update();
    }).catch(function () {
      textLoading = null;
      status.textContent = S.load_failed; status.className = "status error";
    });
    return textLoading;
  }

  /* "Did you mean": the rule of smashup_db/search/suggest.py (the same names, scores and order as
   * `smashup search`), over assets/names.json, fetched the first time a query finds nothing. */
  var names = null, namesLoading = null, dymSeq = 0;
  function queryWords(q) {
    var out = [];
    (function walk(node, neg) {
      if (node.t === "words") { if (!neg && node.where !== "text") out.push(node.tokens.join(" ")); }
      else if (node.t === "not") walk(node.item, !neg);
      else if (node.t === "and" || node.t === "or") node.items.forEach(function (x) { walk(x, neg); });
    })(q.root, false);
    return out.filter(Boolean).join(" ");
  }
  function ratio(a, b) {  /* rapidfuzz fuzz.ratio: normalized Indel similarity, 0-100 */
    var lensum = a.length + b.length, prev, cur, i, j;
    if (!lensum) return 100;
    prev = new Array(b.length + 1).fill(0);
    for (i = 1; i <= a.length; i++) {
      cur = [0];
      for (j = 1; j <= b.length; j++) {
        cur[j] = a[i - 1] === b[j - 1] ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
      }
      prev = cur;
    }
    return (1 - (lensum - 2 * prev[b.length]) / lensum) * 100;
  }
  function score(words, folded) {
    var best = ratio(words, folded), parts = folded.split(" "), n = words.split(" ").length, i;
    if (n > 0 && n < parts.length) {
      for (i = 0; i + n <= parts.length; i++) best = Math.max(best, ratio(words, parts.slice(i, i + n).join(" ")));
    }
    return best;
  }
  function didYouMean(words) {
    var scored = [];
    names.forEach(function (n, pos) {
      if (!n[1] || n[1] === words) return;
      var s = score(words, n[1]);
      if (s >= 80) scored.push([s, pos, n[0]]);
    });
    scored.sort(function (x, y) { return y[0] - x[0] || x[1] - y[1]; });
    var out = [];
    scored.forEach(function (x) { if (out.length < 3 && out.indexOf(x[2]) < 0) out.push(x[2]); });
    return out;
  }
  function asQuery(name) {
    return SmashQuery.isPlain(name) ? name : '"' + name.replace(/"/g, "") + '"';
  }
  function suggest(q) {
    var seq = ++dymSeq, words = q ? queryWords(q) : "";
    dym.hidden = true; dym.textContent = ""; box.removeAttribute("data-dym");
    if (!words) { box.setAttribute("data-dym", ""); return; }  /* data-dym: the names offered, "|"-separated */
    if (!namesLoading) {
      namesLoading = json(box.getAttribute("data-names")).then(function (data) {
        names = data.names.map(function (n) { return [n, SmashQuery.fold(n)]; });
      });
    }
    namesLoading.then(function () {
      if (seq !== dymSeq) return;
      var list = didYouMean(words);
      box.setAttribute("data-dym", list.join("|"));
      if (!list.length) return;
      dym.appendChild(document.createTextNode(S.did_you_mean + " "));
      list.forEach(function (name, i) {
        if (i) dym.appendChild(document.createTextNode(", "));
        var a = link(name, "?q=" + encodeURIComponent(asQuery(name)));
        a.addEventListener("click", function (e) { e.preventDefault(); input.value = asQuery(name); update(); input.focus(); });
        dym.appendChild(a);
      });
      dym.appendChild(document.createTextNode("?"));
      dym.hidden = false;
    }).catch(function () { box.setAttribute("data-dym", ""); });
  }

  /* Other pages (site pages, factions, products) whose names hold every word, listed at once from the index. */
  var otherText = "";
  function otherPages(text) {
    var ul = pages.querySelector("ul"), seen = {}, hits = [];
    pfSeq++;
    otherText = text;
    ul.textContent = "";
    pfMore.hidden = true;
    if (!text) { pages.hidden = true; return; }
    var toks = SmashQuery.fold(text).split(" ").filter(Boolean);
    if (!sitePages) {
      sitePages = JSON.parse(box.getAttribute("data-pages") || "[]").map(function (p) {
        return {url: p[0], title: p[1], folded: p.slice(1).map(SmashQuery.fold)};
      });
    }
    function has(folded) {
      var s = " " + folded + " ";
      return toks.every(function (t) { return s.indexOf(" " + t) >= 0; });
    }
    sitePages.forEach(function (p) { if (p.folded.some(has)) hits.push([p.title, p.url]); });
    ["faction", "product"].forEach(function (kind) {
      index.refs[kind].forEach(function (r) {
        if (r[1].some(has)) hits.push([index.names[kind][r[0]], index.url + kind + "s/" + r[0] + "/"]);
      });
    });
    hits.slice(0, 8).forEach(function (h) { addPage(ul, seen, h[0], h[1]); });
    pfMore.hidden = !box.getAttribute("data-pagefind");
    pages.hidden = !ul.children.length && pfMore.hidden;
  }
  function addPage(ul, seen, title, href) {
    var key = href.replace(/^https?:\/\/[^/]+/, "");
    if (seen[key]) return;
    seen[key] = true;
    var li = el("li"), a = el("a", null, title);
    a.href = href; li.appendChild(a); ul.appendChild(li);
  }

  /* On request, plain words also search the text of the other pages with Pagefind. */
  var pf = null, pfSeq = 0;
  function pagefind(text) {
    var seq = ++pfSeq, ul = pages.querySelector("ul"), seen = {};
    if (!text || !box.getAttribute("data-pagefind")) return;
    Array.prototype.forEach.call(ul.querySelectorAll("a"), function (a) { seen[a.getAttribute("href").replace(/^https?:\/\/[^/]+/, "")] = true; });
    pfMore.disabled = true;
    (pf ? Promise.resolve(pf) : import(box.getAttribute("data-pagefind")).then(function (m) {
      pf = m;
      /* the faction pages are in bundles of their own (smashup_db/site/pagefind.py), merged into the first */
      var more = JSON.parse(box.getAttribute("data-pf-merge") || "[]");
      return Promise.resolve(m.options ? m.options({baseUrl: box.getAttribute("data-base") || "/"}) : null)
        .then(function () {
          return Promise.all(more.map(function (b) {
            return m.mergeIndex(box.getAttribute("data-pf-root") + b[0], {baseUrl: box.getAttribute("data-pf-base") + b[1]});
          }));
        })
        .then(function () { return m; });
    }))
      .then(function (m) { return m.search(text, {filters: {type: {any: S.pf_types}}}); })  /* not card or base pages */
      .then(function (res) { return Promise.all(res.results.slice(0, 12).map(function (r) { return r.data(); })); })
      .then(function (docs) {
        if (seq !== pfSeq) return;
        var before = ul.children.length;
        docs.filter(function (d) { return !/\/(cards|bases)\//.test(d.url); }).slice(0, 8).forEach(function (d) {
          addPage(ul, seen, (d.meta && d.meta.title) || d.url, d.url);
        });
        pfMore.hidden = true; pfMore.disabled = false;
        if (ul.children.length === before) { var li = el("li", "note", S.no_other_pages); ul.appendChild(li); }
        pages.hidden = false;
        box.setAttribute("data-pf-done", text);
      })
      .catch(function () { pfMore.disabled = false; });
  }

  input.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(update, 120); });
  box.querySelector("form").addEventListener("submit", function (e) { e.preventDefault(); clearTimeout(timer); update(); });
  [fType, fFaction].forEach(function (s) { s.addEventListener("change", function () { shown = 100; update(); }); });
  sortSel.addEventListener("change", update);
  more.addEventListener("click", function () { shown = Infinity; update(); });
  pfMore.addEventListener("click", function () { pagefind(otherText); });

  var loading = null;
  function load() {
    if (loading) return loading;
    status.textContent = S.loading; status.className = "status";
    /* window.SmashIndex: the index the page's head fetched and parsed while the page loaded (search.html) */
    loading = (window.SmashIndex || json(box.getAttribute("data-index"))).then(function (data) {
      index = SmashQuery.prepare(data);
      Object.keys(index.pf).forEach(function (pid) {
        index.pf[pid].forEach(function (fid) { (boxesOf[fid] = boxesOf[fid] || []).push(pid); });
      });
      box.setAttribute("data-ready", "1");
      update();
    }).catch(function () {
      loading = null; window.SmashIndex = null;
      status.textContent = S.load_failed; status.className = "status error";
    });
    return loading;
  }
  ["focus", "input", "pointerdown"].forEach(function (ev) { input.addEventListener(ev, load); });
  box.querySelector("form").addEventListener("submit", load);

  syncUrl();
  if (input.value.trim()) load();
  else { status.textContent = S.empty; }
})();
