/* smashup-db: the search query language of `smashup search`, evaluated in the browser.
 *
 * The same grammar as smashup_db/search/parser.py (NOT binds tighter than AND,
 * AND tighter than OR; "-" negates; parentheses group; "phrases"; field:value
 * and field<op>number) and the same meaning as smashup_db/search/execute.py,
 * run over the compact index written by smashup_db/site/query_index.py.
 * Works in browsers and in Node (module.exports) for tests.
 */
(function (root) {
  "use strict";

  /* The vocabulary (fields, card types, keywords, languages in English and German) and the German
   * messages are written into this file by `smashup site build` from smashup_db/i18n/glossary.py and
   * the gettext catalog (smashup_db/site/browse.py: write_assets); this template is not run as it is. */
  var GLOSSARY = /*@GLOSSARY@*/null;
  var MESSAGES = /*@MESSAGES@*/{};
  var FIELD_KINDS = GLOSSARY.field_kinds, FIELD_ALIASES = GLOSSARY.field_aliases;
  var TYPE_VALUES = GLOSSARY.type_values, KEYWORD_VALUES = GLOSSARY.keyword_values;
  var LANG_VALUES = GLOSSARY.lang_values;
  var OWNED_VALUES = GLOSSARY.owned_values, PRINTING_VALUES = GLOSSARY.printing_values;
  var NUMBER_INDEX = {power: 4, copies: 5, breakpoint: 6, vp: 7, vp2: 8, vp3: 9};
  var FIELD_RE = /^([\p{L}][\p{L}\p{N}_-]*)(<=|>=|!=|=|<|>|:)([\s\S]*)$/u;
  var NUMBER_RE = /^\d{1,4}$/;

  function own(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key); }

  /* The one folding rule (assets/fold.js, the same as smashup_db/common/text.py): fold for words,
   * key for a whole name typed with other spaces, hyphens or "ae/oe/ue" spellings. */
  var FOLD = typeof module !== "undefined" && module.exports ? require("./fold.js") : root.SmashFold;
  var fold = FOLD.fold, nameKey = FOLD.key, foldedKey = FOLD.foldedKey;

  var MAX_TOKENS = 200;  /* smashup_db.search.parser.MAX_TOKENS */

  /* A Python-style repr of a string (as smashup_db.search.parser's messages show values). */
  function pyrepr(text) {
    var s = String(text);
    if (s.indexOf("'") >= 0 && s.indexOf('"') < 0) return '"' + s + '"';
    return "'" + s.replace(/\\/g, "\\\\").replace(/'/g, "\\'") + "'";
  }

  /* A message: an English template (the same as the CLI's, str.format syntax) and its values. */
  function Msg(template, values) { this.template = template; this.values = values || {}; }
  Msg.prototype.render = function (lang) {
    var table = MESSAGES[lang] || {}, values = this.values;
    var text = own(table, this.template) ? table[this.template] : this.template;
    return text.replace(/\{(\w+)(!r)?\}/g, function (_, name, r) {
      var v = values[name];
      if (v instanceof Msg) v = v.render(lang);
      return r ? pyrepr(v) : String(v);
    });
  };

  /* A malformed query: `reason` (a Msg), `column` (1-based or null); `message` is English, render(lang) any. */
  function QueryError(template, column, values) {
    this.reason = new Msg(template, values);
    this.column = column === undefined ? null : column;
    this.message = this.render("en");
  }
  QueryError.prototype.render = function (lang) {
    if (this.column === null) return this.reason.render(lang);
    return new Msg("{detail} at column {n}", {detail: this.reason, n: this.column}).render(lang);
  };

  function isSpace(ch) { return /\s/.test(ch); }

  function editDistance(a, b) {
    var prev = [], cur, i, j;
    for (j = 0; j <= b.length; j++) prev[j] = j;
    for (i = 1; i <= a.length; i++) {
      cur = [i];
      for (j = 1; j <= b.length; j++) {
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      }
      prev = cur;
    }
    return prev[b.length];
  }

  /* Up to `limit` choices closest to `word` (prefix or small edit distance); hints only. */
  function suggest(word, choices, limit) {
    var scored = [];
    choices.forEach(function (c) {
      var d = c.indexOf(word) === 0 || word.indexOf(c) === 0 ? 0 : editDistance(word, c);
      if (d <= Math.max(2, Math.floor(word.length / 3))) scored.push([d, c]);
    });
    scored.sort(function (x, y) { return x[0] - y[0] || (x[1] < y[1] ? -1 : 1); });
    return scored.slice(0, limit || 3).map(function (x) { return x[1]; });
  }

  function hint(list) {
    return list.length ? new Msg(" (did you mean {names}?)", {names: list.map(pyrepr).join(", ")}) : "";
  }

  function tokenize(query) {
    var tokens = [], i = 0, n = query.length, ch, col, end, j, word, m, tok;
    while (i < n) {
      ch = query[i];
      col = i + 1;
      if (isSpace(ch)) { i++; }
      else if (ch === "(") { tokens.push({kind: "LPAREN", text: ch, column: col}); i++; }
      else if (ch === ")") { tokens.push({kind: "RPAREN", text: ch, column: col}); i++; }
      else if (ch === "-" && (i === 0 || isSpace(query[i - 1]) || "(-".indexOf(query[i - 1]) >= 0)) {
        if (i + 1 >= n || isSpace(query[i + 1]) || query[i + 1] === ")") {
          throw new QueryError("expected a term after '-'", col);
        }
        tokens.push({kind: "NEG", text: ch, column: col}); i++;
      } else if (ch === '"') {
        end = query.indexOf('"', i + 1);
        if (end < 0) throw new QueryError("unterminated quote", col);
        tokens.push({kind: "PHRASE", text: query.slice(i + 1, end), column: col, quoted: true});
        i = end + 1;
      } else {
        j = i;
        while (j < n && !isSpace(query[j]) && '()"'.indexOf(query[j]) < 0) j++;
        word = query.slice(i, j);
        m = FIELD_RE.exec(word);
        if (m) {
          tok = {kind: "FIELD", text: word, column: col, field: m[1], op: m[2], value: m[3], quoted: false,
                 valueColumn: col + m[1].length + m[2].length};
          if (!tok.value) {
            if (j < n && query[j] === '"') {
              end = query.indexOf('"', j + 1);
              if (end < 0) throw new QueryError("unterminated quote", j + 1);
              tok.value = query.slice(j + 1, end); tok.quoted = true; tok.valueColumn = j + 2;
              tok.text = query.slice(i, end + 1);
              j = end + 1;
            } else {
              throw new QueryError("missing value after '{field}{op}'", col, {field: m[1], op: m[2]});
            }
          }
          tokens.push(tok);
        } else if (word === "OR" || word === "AND" || word === "NOT") {
          tokens.push({kind: word, text: word, column: col});
        } else {
          tokens.push({kind: "WORD", text: word, column: col});
        }
        i = j;
      }
    }
    tokens.push({kind: "EOF", text: "", column: n + 1});
    return tokens;
  }

  function describe(tok) {
    if (tok.kind === "EOF") return new Msg("end of query");
    if (tok.kind === "OR" || tok.kind === "AND" || tok.kind === "NOT") return tok.kind;
    return pyrepr(tok.kind === "PHRASE" ? '"' + tok.text + '"' : tok.text);
  }

  function words(text, where, exact, column) {
    var f = fold(text);
    if (!f && text) throw new QueryError("nothing to search for in {text!r}", column, {text: text});
    if (!f) throw new QueryError("empty phrase", column);
    return {t: "words", tokens: f.split(" "), where: where, exact: exact, raw: text};
  }

  /* Parse `query` into {root, lang}; throws QueryError with the column of the problem. */
  function parse(query) {
    var tokens = tokenize(String(query)), pos = 0, langs = [], depth = 0, negated = 0;
    if (tokens.length > MAX_TOKENS + 1)  /* as the CLI: a bound on the size of one query */
      throw new QueryError("the query has {n} terms and operators; at most {max_tokens} are allowed",
                           tokens[MAX_TOKENS].column, {n: tokens.length - 1, max_tokens: MAX_TOKENS});
    function peek() { return tokens[pos]; }
    function take() { return tokens[pos++]; }
    function stop(kind) { return kind === "EOF" || kind === "RPAREN" || kind === "OR" || kind === "AND"; }

    function orExpr() {
      var items = [andExpr()], op;
      while (peek().kind === "OR") {
        op = take();
        if (stop(peek().kind)) throw new QueryError("expected a term after OR", op.column);
        items.push(andExpr());
      }
      return items.length === 1 ? items[0] : {t: "or", items: items};
    }
    function andExpr() {
      var items = [unary()], kind, op;
      for (;;) {
        kind = peek().kind;
        if (kind === "AND") {
          op = take();
          if (stop(peek().kind)) throw new QueryError("expected a term after AND", op.column);
          items.push(unary());
        } else if (kind === "OR" || kind === "RPAREN" || kind === "EOF") {
          break;
        } else {
          items.push(unary());
        }
      }
      return items.length === 1 ? items[0] : {t: "and", items: items};
    }
    function unary() {
      var tok = peek(), inner;
      if (tok.kind === "NEG" || tok.kind === "NOT") {
        take();
        if (stop(peek().kind)) {
          throw new QueryError("expected a term after {what}", tok.column, {what: tok.kind === "NEG" ? "'-'" : "NOT"});
        }
        if (depth > 50) throw new QueryError("query nested too deeply", tok.column);
        depth++; negated++;
        try { inner = unary(); } finally { depth--; negated--; }
        return {t: "not", item: inner};
      }
      return primary();
    }
    function primary() {
      var tok = take(), inner, close;
      if (tok.kind === "LPAREN") {
        if (depth > 50) throw new QueryError("query nested too deeply", tok.column);
        if (peek().kind === "RPAREN") throw new QueryError("unexpected ')'", peek().column);
        depth++;
        try { inner = orExpr(); } finally { depth--; }
        close = peek();
        if (close.kind !== "RPAREN") {
          if (close.kind === "EOF") throw new QueryError("missing ')' for the '(' opened", tok.column);
          throw new QueryError("unexpected {what}", close.column, {what: describe(close)});
        }
        take();
        return inner;
      }
      if (tok.kind === "WORD") return words(tok.text, "any", false, tok.column);
      if (tok.kind === "PHRASE") return words(tok.text, "any", true, tok.column);
      if (tok.kind === "FIELD") return fieldTerm(tok);
      throw new QueryError("unexpected {what}", tok.column, {what: describe(tok)});
    }
    function fieldTerm(tok) {
      var key = fold(tok.field).replace(/ /g, ""), canon = own(FIELD_ALIASES, key) ? FIELD_ALIASES[key] : null;
      var kind, op = tok.op, value = tok.value, vcol = tok.valueColumn, folded, vocab, found, label;
      if (canon === null) {
        var names = Object.keys(FIELD_ALIASES).filter(function (a) { return a.length > 2; }).sort();
        throw new QueryError("unknown field '{field}'{hint}", tok.column, {field: tok.field, hint: hint(suggest(key, names))});
      }
      kind = FIELD_KINDS[canon];
      if (kind === "number") {
        if (op === ":") op = "=";
        if (!NUMBER_RE.test(value.trim())) {
          throw new QueryError("expected a number after '{field}{op}'", vcol, {field: tok.field, op: tok.op});
        }
        return {t: "cmp", field: canon, op: op, number: parseInt(value, 10)};
      }
      if (op !== ":" && op !== "=") {
        throw new QueryError("'{field}' takes ':' and a value, not '{op}'", tok.column + tok.field.length,
                             {field: tok.field, op: op});
      }
      if (kind === "text") return words(value, canon, tok.quoted, vcol);
      folded = fold(value);
      if (!folded) throw new QueryError("missing value after '{field}{op}'", vcol, {field: tok.field, op: tok.op});
      if (kind === "ref") return {t: "is", field: canon, value: value, column: vcol};
      vocab = {type: TYPE_VALUES, kw: KEYWORD_VALUES, lang: LANG_VALUES, owned: OWNED_VALUES,
               printing: PRINTING_VALUES}[canon];
      found = own(vocab, folded) ? vocab[folded] : own(vocab, folded.replace(/ /g, "")) ? vocab[folded.replace(/ /g, "")] : null;
      if (found === null) {
        label = {type: "unknown type {value!r}{hint}", kw: "unknown keyword {value!r}{hint}",
                 lang: "unknown language {value!r}{hint}",
                 owned: "owned: takes yes (use -owned:yes for the rest), not {value!r}{hint}",
                 printing: "unknown printing {value!r}{hint}"}[canon];
        throw new QueryError(label, vcol, {value: value, hint: hint(suggest(folded, Object.keys(vocab).sort()))});
      }
      if (canon === "lang") {
        if (negated) throw new QueryError("lang: applies to the whole query and cannot be negated", tok.column);
        langs.push([found, tok.column]);
        return {t: "all"};
      }
      return {t: "is", field: canon, value: found};
    }

    if (peek().kind === "EOF") throw new QueryError("empty query");
    var root = orExpr(), last = peek(), lang = null;
    if (last.kind !== "EOF") throw new QueryError("unexpected {what}", last.column, {what: describe(last)});
    langs.forEach(function (l) {
      if (lang !== null && l[0] !== lang) {
        throw new QueryError("conflicting lang: values ({lang!r} and {value!r})", l[1], {lang: lang, value: l[0]});
      }
      lang = l[0];
    });
    return {root: simplify(root), lang: lang};
  }

  function simplify(node) {
    if (node.t === "and" || node.t === "or") {
      var items = node.items.map(simplify).filter(function (x) { return x.t !== "all"; });
      if (!items.length) return {t: "all"};
      return items.length === 1 ? items[0] : {t: node.t, items: items};
    }
    if (node.t === "not") return {t: "not", item: simplify(node.item)};
    return node;
  }

  /* Ids of the faction or product `value` names: id, exact name, unique prefix, unique substring. */
  /* smashup_db.catalogue.names.NameMatcher.match: the id; an exact folded name, then an exact name
   * key (fold.js); a unique prefix, then substring, of a folded name or id, then of a name key. */
  function resolve(index, kind, value, column) {
    var table = index.refs[kind], q = fold(value), raw = value.trim().toLowerCase(), i, found;
    var qk = nameKey(value), keys = table.map(function (r) { return r[1].map(nameKey); });
    for (i = 0; i < table.length; i++) if (table[i][0] === raw) return [raw];
    var exact = table.filter(function (r) { return r[1].indexOf(q) >= 0; }).map(function (r) { return r[0]; });
    if (!exact.length) exact = table.filter(function (r, n) { return keys[n].indexOf(qk) >= 0; }).map(function (r) { return r[0]; });
    if (exact.length) return exact;
    var passes = [[q, function (r) { return r[1]; }, true], [qk, function (r, n) { return keys[n]; }, false]];
    for (var p = 0; p < passes.length; p++) {
      var want = passes[p][0], names = passes[p][1], ids = passes[p][2];
      if (!want) continue;
      var tests = [function (s) { return s.indexOf(want) === 0; }, function (s) { return s.indexOf(want) >= 0; }];
      for (i = 0; i < tests.length; i++) {
        found = table.filter(function (r, n) {
          return names(r, n).some(tests[i]) || (ids && tests[i](r[0].replace(/-/g, " ")));
        }).map(function (r) { return r[0]; });
        if (found.length === 1) return found;
        if (found.length > 1) {
          var shown = found.slice(0, 6).map(function (id) { return index.names[kind][id]; }).join(", ");
          throw new QueryError(kind === "faction" ? "faction {query!r} is ambiguous: {names}"
                               : "product {query!r} is ambiguous: {names}", column,
                               {query: value, names: shown + (found.length > 6 ? ", ..." : "")});
        }
      }
    }
    var all = [];
    table.forEach(function (r) { all.push(index.names[kind][r[0]] || r[0]); });
    throw new QueryError(kind === "faction" ? "unknown faction {value!r}{hint}" : "unknown product {value!r}{hint}",
                         column, {value: value, hint: hint(suggest(q, all.map(fold)).map(function (f) {
                           return all.filter(function (a) { return fold(a) === f; })[0];
                         }))});
  }

  /* The index made ready for queries, once: the faction sets of its products (index._pf). The name and
   * text documents stay as the JSON gives them (index.docs, and index._textDocs once addText brings the
   * rules text; the group documents written once each, index.groups: smashup_db/site/query_index.py,
   * split_index): each word term of a query scans them once (docHits), and nothing is built per item
   * beforehand, which at a 4x CPU throttle cost the search page's first result ~65 ms (issue 33). */
  function prepare(index) {
    if (index._pf) return index;
    index._textDocs = index._textDocs || [];
    index._pf = {};
    Object.keys(index.pf).forEach(function (p) {
      index._pf[p] = {};
      index.pf[p].forEach(function (f) { index._pf[p][f] = true; });
    });
    return index;
  }

  /* The products holding item k, in the order smashup_db.catalogue.printing.applies consults them
   * (smashup_db/catalogue/owned.py: held_products; the index lists only those that differ from a card's
   * faction's products or a base's own product). */
  function held(index, k) {
    if (own(index.held || {}, k)) return index.held[k];
    var item = index.items[k];
    if (item[0].indexOf("base:") === 0) return item[3] ? [item[3]] : [];
    return (index.fp || {})[item[2]] || [];
  }

  /* The printing that applies to item k for a collection {product id: printing or null}: that of the first
   * holding product the collection records a printing for, else what the pages ask for (index.asked: the
   * German edition on /de/ where a German box holds the item, as smashup search --printing german), else
   * "current" (printing.applies and Catalogue.printing_of). */
  function printingOf(index, k, owned, asked) {
    var hs = held(index, k), j;
    asked = asked || index.asked;
    for (j = 0; j < hs.length; j++) if (owned && own(owned, hs[j]) && owned[hs[j]]) return owned[hs[j]];
    if (asked === "german") {
      if (!index.germanSet) {  /* index.german: runs [first, end) of item indices */
        index.germanSet = new Set();
        (index.german || []).forEach(function (r) { for (var i = r[0]; i < r[1]; i++) index.germanSet.add(i); });
      }
      return index.germanSet.has(k) ? "german" : "current";
    }
    return asked || "current";
  }

  /* Whether the folded body `b` holds the words `w` (folded, one space between them) at a word start and,
   * when `exact`, up to a word end: the test of Searcher (smashup_db.search.execute) written as
   * (" " + b + " ").indexOf(" " + w + (exact ? " " : "")) >= 0, without making the padded string. */
  function holds(b, w, exact) {
    if (!exact) return b.startsWith(w) || b.indexOf(" " + w) >= 0;
    return b === w || b.startsWith(w + " ") || b.endsWith(" " + w) || b.indexOf(" " + w + " ") >= 0;
  }

  /* Per item (1: yes), whether one of its documents whose field passes `field(name)` and of language `lang`
   * (null: every language) passes `test(folded body)`. One scan of the documents ([item, lang, field,
   * body]) and of the group bodies (index.groups, field "group": each set of them tested once). */
  function docHits(index, field, lang, test) {
    var out = new Uint8Array(index.items.length), lists = [index.docs, index._textDocs], l, d, doc, list;
    for (l = 0; l < lists.length; l++) {
      list = lists[l];
      for (d = 0; d < list.length; d++) {
        doc = list[d];
        if (out[doc[0]] || !field(doc[2]) || (lang && doc[1] !== lang)) continue;
        if (test(doc[3])) out[doc[0]] = 1;
      }
    }
    var g = index.groups;
    if (g && field("group")) {
      var setHit = g.sets.map(function (set) {
        return set.some(function (b) { return !(lang && g.bodies[b][0] !== lang) && test(g.bodies[b][1]); }) ? 1 : 0;
      });
      for (d = 0; d < g.of.length; d++) if (setHit[g.of[d]]) out[d] = 1;
    }
    return out;
  }

  var MIN_KEY = 4;  /* smashup_db.search.execute.MIN_KEY */

  /* smashup_db.search.execute: _as_typed. */
  function asTyped(node) { return node.t === "words" && !node.exact && (node.where === "any" || node.where === "name"); }

  /* Whether the visitor's boxes {product id: printing or null} record a printing. */
  function ownsPrinting(owned) {
    if (owned) for (var p in owned) if (own(owned, p) && owned[p]) return true;
    return false;
  }

  /* The printing a query asks to be shown: where the visitor's boxes record no printing and the query
   * (the whole of it or one of its AND terms) asks for one printing only (`f:tricksters printing:original`),
   * that one, else null (smashup_db.search.execute.Searcher.for_query: the CLI lists the original
   * Tricksters, Disenchant and not Pixie). The page's own default (the German edition on /de/) gives way
   * to it. */
  function askedPrinting(q, owned) {
    var terms = q.root.t === "and" ? q.root.items : [q.root], seen = {}, vals;
    terms.forEach(function (t) { if (t.t === "is" && t.field === "printing") seen[t.value] = true; });
    vals = Object.keys(seen);
    return vals.length === 1 && !ownsPrinting(owned) ? vals[0] : null;
  }

  /* {items, show, printing}: the index's items and display rows (numbers, type, name) in the printing that
   * applies to each for query `q` and the visitor's boxes `owned` (printingOf, with the printing the query
   * asks for, askedPrinting, in `printing`); index.alt holds the rows that differ from the pages' own. */
  function shownView(index, q, owned) {
    var asked = askedPrinting(typeof q === "string" ? parse(q) : q, owned || null);
    var alt = index.alt || {}, items = index.items, show = index.show, k, a, it, j;
    if (!asked && !ownsPrinting(owned)) return {items: items, show: show, printing: null};
    items = items.slice(); show = show.slice();
    for (k = 0; k < items.length; k++) {
      a = (alt[printingOf(index, k, owned || null, asked)] || {})[k];
      if (!a) continue;
      it = items[k].slice();
      it[1] = a[0];
      for (j = 1; j < 7; j++) it[3 + j] = a[j];
      items[k] = it;
      show[k] = [a[7], show[k][1], show[k][2]];
    }
    return {items: items, show: show, printing: asked};
  }

  function compile(index, query, owned, shown) {
    var lang = query.lang, asked = shown.printing;
    /* Searcher.key_matches: the items a run of plain words names as typed (per item, 1: yes), or null.
     * A name's key (foldedKey) starts with the body's own first letter, so only bodies that do are keyed. */
    function keyMatches(items) {
      var want = nameKey(items.map(function (w) { return w.tokens.join(" "); }).join(" "));
      if (want.length < MIN_KEY) return null;
      var nameOnly = items.some(function (w) { return w.where === "name"; }), first = want.charCodeAt(0);
      return docHits(index, function (f) { return f === "name" || (!nameOnly && f === "group"); }, lang,
                     function (b) { return b.charCodeAt(0) === first && foldedKey(b).indexOf(want) === 0; });
    }
    function typed(items, plain) {
      var alt = keyMatches(items);
      return alt ? function (item, k) { return plain(item, k) || alt[k] === 1; } : plain;
    }
    function cond(node) {
      var f = cond1(node), run, rest, together;
      if (node.t === "words" && asTyped(node)) return typed([node], f);
      if (node.t !== "and") return f;
      run = node.items.filter(asTyped);
      if (run.length < 2) return f;
      together = keyMatches(run);
      if (!together) return f;
      rest = node.items.filter(function (x) { return run.indexOf(x) < 0; }).map(cond);
      return function (item, k) {
        if (f(item, k)) return true;
        if (together[k] !== 1) return false;
        for (var j = 0; j < rest.length; j++) if (!rest[j](item, k)) return false;
        return true;
      };
    }
    function cond1(node) {
      var i, key, col, n, ids, set, fs;
      switch (node.t) {
        case "all": return function () { return true; };
        case "words":
          key = node.tokens.join(" ");
          set = docHits(index, node.where === "any" ? function () { return true; } : function (f) { return f === node.where; },
                        lang, function (b) { return holds(b, key, node.exact); });
          return function (item, k) { return set[k] === 1; };
        case "cmp":
          col = NUMBER_INDEX[node.field]; n = node.number;
          return function (item) {
            var v = item[col];
            if (v === null || v === undefined) return false;
            switch (node.op) {
              case "=": return v === n; case "!=": return v !== n; case "<": return v < n;
              case "<=": return v <= n; case ">": return v > n; default: return v >= n;
            }
          };
        case "is":
          if (node.field === "type") {
            if (node.value === "card") return function (item) { return item[0].indexOf("card:") === 0; };
            if (node.value === "base") return function (item) { return item[0].indexOf("base:") === 0; };
            return function (item) { return item[1] === node.value; };
          }
          if (node.field === "kw") return function (item) { return item[10].indexOf(node.value) >= 0; };
          if (node.field === "owned") {
            return function (item, k) {
              var hs = held(index, k);
              for (var j = 0; j < hs.length; j++) if (owned && own(owned, hs[j])) return true;
              return false;
            };
          }
          if (node.field === "printing") return function (item, k) { return printingOf(index, k, owned, asked) === node.value; };
          ids = resolve(index, node.field, node.value, node.column);
          set = {};
          ids.forEach(function (id) { set[id] = true; });
          if (node.field === "faction") return function (item) { return item[2] !== null && own(set, item[2]); };
          fs = {};
          ids.forEach(function (id) { Object.keys(index._pf[id] || {}).forEach(function (f) { fs[f] = true; }); });
          return function (item) {
            return item[0].indexOf("base:") === 0 ? own(set, item[3]) : own(fs, item[2]);
          };
        case "not":
          i = cond(node.item);
          return function (item, k) { return !i(item, k); };
        case "and":
          set = node.items.map(cond);
          return function (item, k) { for (var j = 0; j < set.length; j++) if (!set[j](item, k)) return false; return true; };
        case "or":
          set = node.items.map(cond);
          return function (item, k) { for (var j = 0; j < set.length; j++) if (set[j](item, k)) return true; return false; };
      }
      throw new Error("unknown node " + node.t);
    }
    return cond(query.root);
  }

  /* Indexes (into index.items) of every match of `text`, in the CLI's order (its numbers and types those of
   * the printing shownView picks). Throws QueryError.
   * `owned`: the visitor's boxes {product id: printing or null} (SmashOwned.read()), for owned: and printing:. */
  function run(index, text, owned) {
    prepare(index);
    var q = typeof text === "string" ? parse(text) : text, shown = shownView(index, q, owned);
    var test = compile(index, q, owned || null, shown), out = [], k;
    for (k = 0; k < shown.items.length; k++) if (test(shown.items[k], k)) out.push(k);
    return out;
  }

  /* Adds the rules text (assets/search-text-<lang>.json: its docs and one-line excerpts) to an index. */
  function addText(index, text) {
    prepare(index);
    if (index.hasText) return index;
    index._textDocs = text.docs;
    text.excerpts.forEach(function (e, k) { if (index.show[k]) index.show[k][2] = e; });
    index.hasText = true;
    return index;
  }

  /* True when a query has words that may match rules text (plain words, text:, also negated): only then
   * does the search page need the text index; name: and the fields are answered from names and facts. */
  function needsText(q) {
    var found = false;
    (function walk(node) {
      if (node.t === "words") { if (node.where !== "name") found = true; }
      else if (node.t === "not") walk(node.item);
      else if (node.t === "and" || node.t === "or") node.items.forEach(walk);
    })(q.root);
    return found;
  }

  /* Word terms not under a negation (what the excerpt highlights). */
  function highlightTerms(q) {
    var out = [];
    (function walk(node, neg) {
      if (node.t === "words") { if (!neg && node.where !== "name") out.push(node); }
      else if (node.t === "not") walk(node.item, !neg);
      else if (node.t === "and" || node.t === "or") node.items.forEach(function (x) { walk(x, neg); });
    })(q.root, false);
    return out;
  }

  /* True when the query is only plain words (no field, operator, phrase or parenthesis). */
  function isPlain(text) {
    try {
      return tokenize(String(text)).every(function (t) { return t.kind === "WORD" || t.kind === "EOF"; });
    } catch (e) { return false; }
  }

  var api = {fold: fold, tokenize: tokenize, parse: parse, run: run, prepare: prepare, resolve: resolve,
             highlightTerms: highlightTerms, isPlain: isPlain, QueryError: QueryError,
             addText: addText, needsText: needsText,
             printingOf: printingOf, shownView: shownView, holds: holds};
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else root.SmashQuery = api;
})(this);
