/* Replays recorded table games (tests/site/test_play_table.py) through assets/play-table.js.
 * Node:    node play_table_golden.js <play-table.js> <games.json>   (prints {"checked", "failed", "failures"})
 * Browser: runTableGames(window.SmashTable, window.SmashPlay, games) after the scripts are loaded.
 * games.json: {"catalogue": {lang: play-LANG.json}, "notices": {lang: {flag: text}}, "applied": {lang: text},
 *              "games": [{lang, result, madness, steps: [...], expected: [state after each step]}]}
 * A step's state is compared on what the Python rules decide: bases in play (ids), deck, discard, VP,
 * Madness, turn, the results of every scoring and the end. */
(function (root) {
  "use strict";

  function canon(v) {
    if (Array.isArray(v)) return "[" + v.map(canon).join(",") + "]";
    if (v && typeof v === "object") {
      return "{" + Object.keys(v).sort().map(function (k) { return JSON.stringify(k) + ":" + canon(v[k]); }).join(",") + "}";
    }
    return JSON.stringify(v === undefined ? null : v);
  }

  function view(st) {
    return {bases: st.bases.map(function (b) { return b.id; }), deck: st.deck, discard: st.discard, vp: st.vp,
            madness: st.madness, turn: st.turn, end: st.end,
            scored: st.scored.map(function (s) { return {base: s.base, results: s.results}; })};
  }

  function runTableGames(T, P, table) {
    var cats = {}, failures = [], checked = 0;
    Object.keys(table.catalogue).forEach(function (lang) { cats[lang] = new P.Catalogue(table.catalogue[lang]); });
    table.games.forEach(function (g, gi) {
      var ctx = {facts: T.catalogueFacts(cats[g.lang], null), notices: table.notices[g.lang], applied: table.applied[g.lang],
                 label: function (x) { return x; }};
      var game = new T.Game(g.result, ctx, g.madness);
      g.steps.forEach(function (step, si) {
        var got;
        try { game.apply(step); got = view(game.state); } catch (err) { got = {error: String(err && err.message || err)}; }
        checked += 1;
        if (canon(got) !== canon(g.expected[si])) failures.push({game: gi, step: si, text: step, got: got, want: g.expected[si]});
      });
    });
    return {checked: checked, failed: failures.length, failures: failures.slice(0, 5)};
  }

  if (typeof module === "object" && module.exports && require.main === module) {
    var fs = require("fs"), path = require("path");
    var T = require(path.resolve(process.argv[2]));
    var P = require(path.resolve(path.dirname(process.argv[2]), "play-engine.js"));
    var table = JSON.parse(fs.readFileSync(process.argv[3], "utf8"));
    process.stdout.write(JSON.stringify(runTableGames(T, P, table)) + "\n");
  } else {
    root.runTableGames = runTableGames;
  }
}(typeof self !== "undefined" ? self : this));
