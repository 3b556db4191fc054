// Run search queries through the site's evaluator (assets/query.js) in Node.
// Usage: node golden_runner.js query.js search-en.json [owned.json] < queries.json  ->  [{"ids": [...]} | {"error": "..."}]
// The rules text beside the index (search-text-en.json, when there) is added as the search page adds it.
// owned.json: the visitor's boxes {product id: printing or null} (what assets/local.js decodes from a code).
"use strict";
const fs = require("fs");
const Q = require(process.argv[2]);
const path = require("path");
const index = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const textFile = path.join(path.dirname(process.argv[3]), path.basename(process.argv[3]).replace(/^search-/, "search-text-"));
if (fs.existsSync(textFile)) Q.addText(index, JSON.parse(fs.readFileSync(textFile, "utf8")));
const owned = process.argv[4] ? JSON.parse(fs.readFileSync(process.argv[4], "utf8")) : null;
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
const out = queries.map((q) => {
  try {
    return {ids: Q.run(index, q, owned).map((k) => index.items[k][0])};
  } catch (e) {
    if (e instanceof Q.QueryError) return {error: e.message};
    throw e;
  }
});
process.stdout.write(JSON.stringify(out));
