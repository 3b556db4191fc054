// Run search queries through the site's evaluator (assets/query.js) in Node.
// Usage: node golden_runner.js query.js search-en.json < queries.json  ->  [{"ids": [...]} | {"error": "..."}]
"use strict";
const fs = require("fs");
const Q = require(process.argv[2]);
const index = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
const queries = JSON.parse(fs.readFileSync(0, "utf8"));
const out = queries.map((q) => {
  try {
    return {ids: Q.run(index, q).map((k) => index.items[k][0])};
  } catch (e) {
    if (e instanceof Q.QueryError) return {error: e.message};
    throw e;
  }
});
process.stdout.write(JSON.stringify(out));
