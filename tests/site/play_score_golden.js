/* Runs the golden table of tests/site/test_play_score.py against assets/play-score.js.
 * Node:    node play_score_golden.js <play-score.js> <cases.json>   (prints {"checked", "failures"})
 * Browser: runScoreCases(window.SmashScore, cases) after both scripts are loaded. */
(function (root) {
  "use strict";

  function canon(v) {  // JSON with sorted keys: compares data, not key order
    if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
    if (v && typeof v === "object") {
      return "{" + Object.keys(v).sort().map(function (k) { return JSON.stringify(k) + ":" + canon(v[k]); }).join(",") + "}";
    }
    return JSON.stringify(v === undefined ? null : v);
  }

  function call(S, c) {
    if (c.kind === "score") return S.scoreBase(c.powers, c.vp, c.has_minion);
    if (c.kind === "named") {
      return S.scoreNamedBase(c.base, c.powers, c.has_minion, c.vp, c.minions, c.notices, c.applied);
    }
    if (c.kind === "end") return S.endGame(c.vp, c.madness);
    if (c.kind === "name") return S.checkPlayerName(c.name);
    if (c.kind === "penalty") return S.madnessPenalty(c.n);
    throw new Error("unknown case kind " + c.kind);
  }

  function runScoreCases(S, table) {
    var failures = [];
    table.cases.forEach(function (c, i) {
      var got;
      try {
        got = {ok: call(S, c)};
      } catch (err) {
        if (!(err instanceof S.ScoreError)) { failures.push({i: i, case: c, crash: String(err && err.stack || err)}); return; }
        got = {error: {template: err.template, en: S.render(err), de: S.render(err, table.messages_de)}};
      }
      if (canon(got) !== canon(c.expected)) failures.push({i: i, case: c, got: got});
    });
    return {checked: table.cases.length, failures: failures.slice(0, 10), failed: failures.length};
  }

  if (typeof module === "object" && module.exports && require.main === module) {
    var fs = require("fs");
    var S = require(require("path").resolve(process.argv[2]));
    var table = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
    process.stdout.write(JSON.stringify(runScoreCases(S, table)) + "\n");
  } else {
    root.runScoreCases = runScoreCases;
  }
}(typeof self !== "undefined" ? self : this));
