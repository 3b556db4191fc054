// ESLint for the site's JavaScript (tools/lint runs it from the repo root with this file as -c).
// eslint's recommended rules, no style rules (formatting is left as written). The site's files are
// classic scripts (an IIFE each, `module.exports` only when Node loads them for the tests).
const js = require("@eslint/js");
const globals = require("globals");

// `module` (and `require`, for a sibling script) are only read behind `typeof module` (the Node
// tests load the same files).
const commonjsCheck = { module: "readonly", require: "readonly" };
// An unused `catch (e)` is left alone (eslint 8's default): the site's scripts stay ES5-shaped.
const rules = { "no-unused-vars": ["error", { caughtErrors: "none" }] };

module.exports = [
  { ignores: ["site/**", "tools/js/node_modules/**", ".ci-venv/**"] },
  js.configs.recommended,
  {
    files: ["templates/site/**/*.js"],
    languageOptions: {
      ecmaVersion: 2020,
      sourceType: "script",
      globals: { ...globals.browser, ...commonjsCheck },
    },
    rules,
  },
  {
    files: ["templates/site/sw.js"],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // Globals one script leaves for another, and Node's Buffer where the tests run local.js in Node.
  { files: ["templates/site/search.js"], languageOptions: { globals: { SmashQuery: "readonly" } } },
  { files: ["templates/site/local.js"], languageOptions: { globals: { Buffer: "readonly" } } },
  {
    files: ["tests/site/play_score_golden.js", "tests/site/play_table_golden.js"],
    languageOptions: { globals: { self: "readonly" } },
  },
  {
    files: ["tests/**/*.js", "tools/js/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "commonjs",
      globals: { ...globals.node },
    },
    rules,
  },
];
