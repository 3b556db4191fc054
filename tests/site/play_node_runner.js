// Replays the golden draft table in Node: node play_node_runner.js ENGINE.js ASSETS_DIR < [{query, lang}, ...]
// Prints [{result} | {error: message}] (the play page's code path: optionsFromQuery, then run).
"use strict";
const fs = require("fs");
const path = require("path");
const P = require(path.resolve(process.argv[2]));
const cats = {};
const input = JSON.parse(fs.readFileSync(0, "utf8"));
const out = input.map(({query, lang}) => {
  if (!cats[lang]) cats[lang] = new P.Catalogue(JSON.parse(fs.readFileSync(path.join(process.argv[3], `play-${lang}.json`), "utf8")));
  const q = new URLSearchParams(query);
  try {
    const o = P.optionsFromQuery(cats[lang], k => q.get(k));
    return {result: P.run(cats[lang], o).result};
  } catch (e) {
    if (!(e instanceof P.DraftError)) return {crash: String(e && e.stack || e)};
    return {error: e.message};
  }
});
process.stdout.write(JSON.stringify(out));
