/* smashup-db: the one folding rule for names, the same as smashup_db/common/text.py.
 *
 * SmashFold.fold(text): accents off, lower case, words of [0-9a-z] (and letters of other scripts)
 *   split by one space (Python's fold).
 * SmashFold.key(text): the key a typed name is compared by (Python's name_key): fold, spaces
 *   dropped, "ae"/"oe"/"ue" read as "a"/"o"/"u", so "Wechsler-Bots", "Caesiumruestung" and
 *   "cäsium rüstung" find Wechslerbots and Cäsiumrüstung.
 * SmashFold.foldedKey(folded): key of a text already folded (Python's folded_key): the search index's
 *   bodies are folded at build time, so the page reads their keys without folding every name again.
 * Used by the search page (query.js) and any page that matches typed names; works in browsers
 * (window.SmashFold) and in Node (module.exports) for tests.
 */
(function (root) {
  "use strict";

  function fold(text) {
    var s = String(text).replace(/[\u2019\u2018]/g, "'").replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, "-").replace(/[\u00df\u1e9e]/g, "ss").replace(/[\u00c6\u00e6]/g, "ae")
      .replace(/[\u00d8\u00f8]/g, "o");
    s = s.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
    return s.replace(/[^\p{L}\p{N}]+/gu, " ").trim();
  }

  function foldedKey(folded) {
    return folded.replace(/ /g, "").replace(/([aou])e/g, "$1");
  }

  function key(text) {
    return foldedKey(fold(text));
  }

  var api = {fold: fold, key: key, foldedKey: foldedKey};
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.SmashFold = api;
})(this);
