/* smashup-db: German names and texts entered by visitors, kept in their browser (issue 33 item 5).
 *
 * On a German card or base page (templates/site/contribute.html): the English name and text beside fields
 * for the German ones, with the glossary's German terms (data/glossary.tsv, written in by the build) as
 * buttons that insert them. "Save in this browser" keeps them in localStorage ("smashup-translations":
 * {"card:<id>": {"name", "text", "en", "t"}}). The page "My translations" (/L/translations/mine/) lists them
 * and exports the CSV that `smashup import translations` reads (smashup_db/importer/translation_csv.py:
 * kind,id,lang,name,text,name_en; cells a spreadsheet would evaluate get a leading ' as csv_cell does, which
 * the import removes; control characters dropped as strip_controls does).
 *
 * Everything typed is data: shown with textContent and value only, never as HTML. Works in Node
 * (module.exports: toCsv, nameProblem, csvCell) for tests.
 */
(function (root) {
  "use strict";
  var TERMS = /*@TERMS@*/[];
  var KEY = "smashup-translations";
  var FORMULA = ["=", "+", "-", "@", "\t", "\r"];
  /* smashup_db.common.sanitize: C0 controls but tab and newline, DEL, C1, bidi controls (CR dropped too) */
  // eslint-disable-next-line no-control-regex -- matching control characters is the point
  var CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
  // eslint-disable-next-line no-control-regex -- the same, tab and newline included (names are one line)
  var ALL_CONTROLS = /[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
  var KEY_RE = /^(card|base):[a-z0-9]+(-[a-z0-9]+)*$/;

  function startsFormula(v) { return FORMULA.some(function (c) { return v.charAt(0) === c; }); }

  /* Why a German name would be refused by the import (smashup_db.common.sanitize.name_problem), or "". */
  function nameProblem(name) {
    if (/[<>]/.test(name)) return "markup";
    if (startsFormula(name)) return "formula";
    if (ALL_CONTROLS.test(name)) return "control";
    if (name.length > 120) return "long";
    return "";
  }

  /* A cell no spreadsheet evaluates (sanitize.csv_cell), quoted as Python's csv module does. */
  function csvCell(value) {
    var v = String(value === undefined || value === null ? "" : value).replace(CONTROLS, "");
    if (startsFormula(v) || (v.charAt(0) === "'" && (startsFormula(v.slice(1)) || v.charAt(1) === "'"))) v = "'" + v;
    return /[",\n\r]/.test(v) ? '"' + v.replace(/"/g, '""') + '"' : v;
  }

  /* The CSV of `entries` ({"card:<id>": {name, text, en}}), in key order. */
  function toCsv(entries) {
    var lines = ["kind,id,lang,name,text,name_en"];
    Object.keys(entries).filter(function (k) { return KEY_RE.test(k); }).sort().forEach(function (k) {
      var e = entries[k], at = k.indexOf(":");
      if (!e || (!e.name && !e.text)) return;
      lines.push([k.slice(0, at), k.slice(at + 1), "de", e.name || "", e.text || "", e.en || ""].map(csvCell).join(","));
    });
    return lines.join("\n") + "\n";
  }

  var api = {toCsv: toCsv, nameProblem: nameProblem, csvCell: csvCell};
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }
  root.SmashContribute = api;

  var doc = root.document;

  function storage() { try { return root.localStorage || null; } catch (e) { return null; } }

  function read() {
    var st = storage(), data;
    try { data = JSON.parse((st && st.getItem(KEY)) || "{}"); } catch (e) { data = {}; }
    return data && typeof data === "object" && !Array.isArray(data) ? data : {};
  }

  function write(data) { var st = storage(); if (st) st.setItem(KEY, JSON.stringify(data)); }

  function el(tag, cls, text) {
    var e = doc.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }

  /* The form on a card or base page. */
  function formPage(box) {
    var key = box.getAttribute("data-key"), words = JSON.parse(box.getAttribute("data-words"));
    var form = box.querySelector("form"), name = form.querySelector("[name=name]"), text = form.querySelector("[name=text]");
    var status = form.querySelector(".contrib-status"), terms = form.querySelector(".contrib-terms");
    var mine = read()[key] || {}, last = text;
    form.hidden = false;
    name.value = mine.name || box.getAttribute("data-name") || "";
    text.value = mine.text || "";
    [name, text].forEach(function (f) { f.addEventListener("focus", function () { last = f; }); });
    terms.setAttribute("title", words.terms);
    TERMS.forEach(function (term) {
      var b = el("button", "term", term);
      b.type = "button";
      b.addEventListener("click", function () {
        var f = last, at = f.selectionStart === null ? f.value.length : f.selectionStart, end = f.selectionEnd === null ? at : f.selectionEnd;
        f.value = f.value.slice(0, at) + term + f.value.slice(end);
        f.focus();
        f.selectionStart = f.selectionEnd = at + term.length;
      });
      terms.appendChild(b);
    });
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      var n = name.value.trim(), t = text.value.trim().replace(/\r\n?/g, "\n"), all = read();
      if (n === (box.getAttribute("data-name") || "") && !t && !all[key]) { status.textContent = words.empty; return; }
      if (n && nameProblem(n)) { status.textContent = words.bad_name; return; }
      if (!n && !t) delete all[key];
      else all[key] = {name: n === box.getAttribute("data-name") ? "" : n, text: t, en: box.getAttribute("data-en") || "", t: Date.now()};
      write(all);
      status.textContent = words.saved;
    });
    if (root.location.hash === "#beitragen") box.open = true;
  }

  /* "My translations": the list and the CSV export. */
  function minePage(box) {
    var words = JSON.parse(box.getAttribute("data-words")), url = box.getAttribute("data-url");
    var list = doc.getElementById("mine-list"), status = doc.getElementById("mine-status"), exp = doc.getElementById("mine-export");
    function show() {
      var all = read(), keys = Object.keys(all).filter(function (k) { return KEY_RE.test(k); }).sort();
      list.textContent = "";
      keys.forEach(function (k) {
        var e = all[k] || {}, at = k.indexOf(":"), li = el("li"), a = el("a", null, e.name || e.en || k.slice(at + 1));
        a.href = url + k.slice(0, at) + "s/" + k.slice(at + 1) + "/#beitragen";
        li.appendChild(a);
        if (e.en && e.name) li.appendChild(el("span", "alt", " (" + e.en + ")"));
        if (e.text) li.appendChild(el("p", "text", e.text));
        var rm = el("button", "quiet", words.remove);
        rm.type = "button";
        rm.addEventListener("click", function () { var now = read(); delete now[k]; write(now); show(); });
        li.appendChild(rm);
        list.appendChild(li);
      });
      status.textContent = keys.length ? words.count.replace("{n}", keys.length) : words.none;
      exp.hidden = !keys.length;
    }
    exp.addEventListener("click", function () {
      var blob = new Blob([toCsv(read())], {type: "text/csv;charset=utf-8"}), a = el("a");
      a.href = URL.createObjectURL(blob);
      a.download = "meine-uebersetzungen.csv";
      doc.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(function () { URL.revokeObjectURL(a.href); }, 1000);
    });
    show();
  }

  function start() {
    var style = el("style");
    style.textContent = ".contrib{margin:1.5rem 0;border:1px solid var(--line);border-radius:6px;padding:.5rem .8rem}" +
      ".contrib summary{min-height:44px;display:flex;align-items:center;cursor:pointer;font-weight:600}" +
      ".contrib-grid{display:grid;gap:1rem}@media (min-width:760px){.contrib-grid{grid-template-columns:1fr 1fr}}" +
      ".contrib-form label{display:block;margin-top:.5rem}.contrib-form input,.contrib-form textarea{width:100%;box-sizing:border-box;font:inherit}" +
      ".contrib-terms{display:flex;flex-wrap:wrap;gap:.3rem;margin-top:.5rem}.contrib-terms button,.mine-list button{min-height:44px}" +
      ".mine-list li{margin:.6rem 0}.mine-list .text{white-space:pre-wrap;margin:.2rem 0}";
    doc.head.appendChild(style);
    var box = doc.getElementById("beitragen");
    if (box) formPage(box);
    var mine = doc.getElementById("mine");
    if (mine) minePage(mine);
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
  else start();
})(this);
