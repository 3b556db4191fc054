// Replays the draft table in Node: node play_node_runner.js ENGINE.js ASSETS_DIR < {rows: [{query, lang}, ...], words}
// Prints [{result} | {error: sentence} | {crash}] (the play page's code path: optionsFromQuery, then run). A refusal
// is worded as the CLI words it: words[lang] = {messages: {English: translated}, labels: {field: the CLI's option}}.
"use strict";
const fs = require("fs");
const path = require("path");
const P = require(path.resolve(process.argv[2]));
const F = require(path.join(path.dirname(path.resolve(process.argv[2])), "pyformat.js"));
const cats = {};
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const out = input.rows.map(({query, lang}) => {
  if (!cats[lang]) cats[lang] = new P.Catalogue(JSON.parse(fs.readFileSync(path.join(process.argv[3], `play-${lang}.json`), "utf8")));
  const q = new URLSearchParams(query);
  try {
    const o = P.optionsFromQuery(cats[lang], k => q.get(k));
    return {result: P.run(cats[lang], o).result};
  } catch (e) {
    if (!(e instanceof P.DraftError)) return {crash: String(e && e.stack || e)};
    const words = (input.words || {})[lang] || {};
    return {error: F.render(e, words.messages, f => (words.labels || {})[f] || f), field: e.field};
  }
});
process.stdout.write(JSON.stringify(out));
