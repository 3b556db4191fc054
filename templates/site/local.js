/* smashup-db: what the browser keeps for a visitor — their boxes (a collection code) and an offline copy.
 *
 * Your boxes: `smashup collection code` prints a code (format: smashup_db/userdata/boxcode.py, version 1);
 * the visitor pastes it once on the "Your boxes" page (kept in localStorage) or opens a link with ?c=CODE.
 * Pages then mark owned products and factions, card and base pages say whether the thing is in the boxes
 * and lead with the facts of the printing that applies (the German edition for a German box), and the
 * query language's owned:yes / printing: use them (assets/query.js, run(index, q, SmashOwned.read())).
 *
 * Offline: registers the service worker (sw.js at the top of the site), which keeps the pages opened.
 *
 * Nothing read from a code or the page is inserted as HTML: only textContent, classes and hidden.
 * Works in Node (module.exports: decode) for tests.
 */
(function (root) {
  "use strict";

  /* Product id per slot (append-only), written in by `smashup site build` from boxcode.SLOTS. */
  var SLOTS = /*@SLOTS@*/[];
  /* {product id: [faction ids]} and the site's base path, written in at build time. */
  var PRODUCT_FACTIONS = /*@PF@*/{};
  var BASE = /*@BASE@*/"/";
  var KEY = "smashup-code";
  var PRINTING_BITS = [null, "original", "current", "german"];
  var B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

  var CRC = (function () {
    var t = [], c, n, k;
    for (n = 0; n < 256; n++) {
      c = n;
      for (k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320 ^ (c >>> 1) : c >>> 1;
      t[n] = c >>> 0;
    }
    return t;
  })();

  function crc32(bytes, end) {
    var c = 0xFFFFFFFF, i;
    for (i = 0; i < end; i++) c = CRC[(c ^ bytes[i]) & 0xFF] ^ (c >>> 8);
    return (c ^ 0xFFFFFFFF) >>> 0;
  }

  function bytesOf(code) {
    var s = code.replace(/-/g, "+").replace(/_/g, "/"), bin, out = [], i;
    while (s.length % 4) s += "=";
    bin = typeof atob === "function" ? atob(s) : Buffer.from(s, "base64").toString("binary");
    for (i = 0; i < bin.length; i++) out.push(bin.charCodeAt(i));
    return out;
  }

  /* {product id: printing or null} of a code; throws Error for a code that cannot be read
   * (the same checks as boxcode.decode). */
  function decode(code, slots) {
    slots = slots || SLOTS;
    var text = String(code || "").trim(), raw, n = 0, shift = 0, pos = 1, b, nbits, have = [], i, j, out = {}, prints;
    if (!text || text.length > 200 || !/^[A-Za-z0-9_-]+$/.test(text) || text.length % 4 === 1) throw new Error("not a code");
    raw = bytesOf(text);
    if (raw.length < 3 || (crc32(raw, raw.length - 1) & 0xFF) !== raw[raw.length - 1]) throw new Error("check");
    if (raw[0] !== 1) throw new Error("version");
    for (;;) {
      if (pos >= raw.length - 1 || shift >= 28) throw new Error("check");
      b = raw[pos++];
      n |= (b & 0x7F) << shift;
      shift += 7;
      if (!(b & 0x80)) break;
    }
    nbits = (n + 7) >> 3;
    if (pos + nbits > raw.length - 1) throw new Error("check");
    for (i = 0; i < n; i++) if (raw[pos + (i >> 3)] >> (i % 8) & 1) have.push(i);
    if (have.some(function (s) { return s >= slots.length; })) throw new Error("newer");
    prints = raw.slice(pos + nbits, raw.length - 1);
    if (prints.length !== (2 * have.length + 7) >> 3) throw new Error("check");
    for (j = 0; j < have.length; j++) out[slots[have[j]]] = PRINTING_BITS[prints[(2 * j) >> 3] >> ((2 * j) % 8) & 3];
    /* only the spelling boxcode.encode writes: no spare bits */
    if (n !== (j ? have[j - 1] + 1 : 0) || pos !== 2 + (n > 127) + (n > 16383) + (n > 2097151) ||
        raw[pos + nbits - 1] >> (n % 8 || 8) || prints[prints.length - 1] >> (2 * j % 8 || 8) ||
        B64.indexOf(text[text.length - 1]) & [0, 0, 15, 3][text.length % 4]) throw new Error("spare bits");
    return out;
  }

  function storage() {
    try { return root.localStorage || null; } catch (e) { return null; }
  }

  /* The code kept in the browser (a ?c=CODE in the address is kept first), or "". */
  function code() {
    var st = storage(), c = null;
    try { c = new URLSearchParams(root.location.search).get("c"); } catch (e) { c = null; }
    if (c) {
      try { decode(c); if (st) st.setItem(KEY, c.trim()); return c.trim(); } catch (e) { /* a bad link: ignore */ }
    }
    return (st && st.getItem(KEY)) || "";
  }

  /* The visitor's boxes {product id: printing or null}, or null without a (valid) code. */
  function read() {
    var c = code();
    if (!c) return null;
    try { return decode(c); } catch (e) { return null; }
  }

  function save(c) {
    var owned = decode(c), st = storage();  /* throws for a bad code */
    if (st) st.setItem(KEY, String(c).trim());
    return owned;
  }

  function clear() { var st = storage(); if (st) st.removeItem(KEY); }

  /* The printing that applies for `held` (product ids in the order printing.applies consults them). */
  function printingFor(held, owned) {
    for (var j = 0; j < held.length; j++) if (owned && Object.prototype.hasOwnProperty.call(owned, held[j]) && owned[held[j]]) return owned[held[j]];
    return "current";
  }

  function mark(doc, owned) {
    var factions = {}, pid, links, i, m, el, held, yes, which;
    if (!owned) return;
    for (pid in owned) (PRODUCT_FACTIONS[pid] || []).forEach(function (f) { factions[f] = true; });
    links = doc.querySelectorAll("main a[href]");
    var re = /\/(products|factions)\/([a-z0-9-]+)\/$/;
    for (i = 0; i < links.length; i++) {
      m = re.exec(links[i].getAttribute("href"));
      if (m && (m[1] === "products" ? Object.prototype.hasOwnProperty.call(owned, m[2]) : factions[m[2]])) {
        links[i].classList.add("owned");
      }
    }
    el = doc.querySelector("[data-held]");
    if (!el) return;
    held = el.getAttribute("data-held").split(" ").filter(Boolean);
    yes = held.some(function (p) { return Object.prototype.hasOwnProperty.call(owned, p); });
    var note = el.querySelector(".owned-mark");
    if (note) {
      note.textContent = note.getAttribute(yes ? "data-yes" : "data-no");
      note.classList.add(yes ? "yes" : "no");
      note.hidden = false;
    }
    which = printingFor(held, owned);
    var lead = el.querySelector('[data-printing="' + which + '"]');
    if (lead) lead.hidden = false;
  }

  /* The "Your boxes" page: paste a code, see the boxes, share a link, forget the code. */
  function boxesPage(doc) {
    var form = doc.getElementById("code-form");
    if (!form) return;
    var input = doc.getElementById("code"), status = doc.getElementById("code-status");
    var list = doc.getElementById("code-boxes"), share = doc.getElementById("code-share");
    var names = JSON.parse(form.getAttribute("data-names")), words = JSON.parse(form.getAttribute("data-words"));
    function show() {
      var c = code(), owned = read(), pid, li;
      while (list.firstChild) list.removeChild(list.firstChild);
      share.hidden = !owned;
      if (!owned) { status.textContent = words.none; return; }
      input.value = c;
      status.textContent = words.kept;
      for (pid in owned) {
        li = doc.createElement("li");
        li.textContent = (names[pid] || pid) + (owned[pid] ? " — " + (words[owned[pid]] || owned[pid]) : "");
        list.appendChild(li);
      }
      share.href = root.location.pathname + "?c=" + encodeURIComponent(c);
    }
    form.addEventListener("submit", function (ev) {
      ev.preventDefault();
      try { save(input.value); history.replaceState(null, "", root.location.pathname); show(); }
      catch (e) { status.textContent = words.bad; }
    });
    doc.getElementById("code-clear").addEventListener("click", function () {
      clear(); input.value = ""; history.replaceState(null, "", root.location.pathname); show();
    });
    show();
  }

  var api = {decode: decode, read: read, save: save, clear: clear, code: code, printingFor: printingFor};
  if (typeof module !== "undefined" && module.exports) { module.exports = api; return; }
  root.SmashOwned = api;

  function start() {
    mark(document, read());
    boxesPage(document);
    var q = document.getElementById("top-q");
    if (q) q.addEventListener("focus", function () {  /* the folding rule first, then the autocomplete */
      ["assets/fold.js", "assets/complete.js"].forEach(function (src) {
        document.head.append(Object.assign(document.createElement("script"), {src: BASE + src, async: false}));
      });
    }, {once: true});
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();

  if ("serviceWorker" in navigator && /^https?:$/.test(root.location.protocol)) {
    root.addEventListener("load", function () {
      navigator.serviceWorker.register(BASE + "sw.js", {scope: BASE}).then(function () {
        return navigator.serviceWorker.ready;
      }).then(function (reg) {
        var lang = document.documentElement.lang, urls = [root.location.pathname, BASE + lang + "/search/"], i;
        for (i = 0; i < document.images.length; i++) if (document.images[i].complete) urls.push(document.images[i].currentSrc || document.images[i].src);
        document.querySelectorAll("script[src], link[rel=stylesheet]").forEach(function (e) { urls.push(e.src || e.href); });  /* its own files */
        urls = urls.map(function (u) { return new URL(u, root.location.href).href; })
          .filter(function (u, n, all) { return all.indexOf(u) === n; });  /* the search page asks once for itself */
        if (reg.active) reg.active.postMessage({type: "warm", urls: urls});
      }).catch(function () { /* no offline copy */ });
    });
  }
})(this);
