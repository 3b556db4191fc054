/* smashup-db: the messages of the Python rules in JavaScript, one module for the play page's draft
 * (play-engine.js) and its scoring (play-score.js).
 *
 * A message is {template, values}: the English msgid of the Python rule (str.format syntax) and its values,
 * as smashup_db.errors.Message. format() fills it as Message.render does: {name} is Python's str(),
 * {name!r} Python's repr(); a value that is itself a message is rendered in the same language; a field
 * (field("offer"), Python's smashup_db.errors.Field: an input the rules check, in their own words) is
 * shown by the caller's label function (the page: its form field), else as its own word; the values an input
 * allows (choices("complexity", [...]), Python's Choices) in the words of the messages table.
 */
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.SmashFormat = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  var NONPRINT = /[\p{C}\p{Z}]/u;

  /** Python's repr() of a str, int, float, bool, None, or an array (a tuple; a list when ``asList``). */
  function repr(v, asList) {
    if (v === null || v === undefined) return "None";
    if (v === true) return "True";
    if (v === false) return "False";
    if (typeof v === "number" || typeof v === "bigint") {
      if (typeof v === "bigint" || Number.isInteger(v)) return String(v);
      if (Number.isNaN(v)) return "nan";
      if (!Number.isFinite(v)) return v > 0 ? "inf" : "-inf";
      return String(v);
    }
    if (Array.isArray(v)) {
      var inner = v.map(function (x) { return repr(x); }).join(", ");
      if (asList) return "[" + inner + "]";
      return "(" + inner + (v.length === 1 ? ",)" : ")");
    }
    var s = String(v);
    var quote = s.indexOf("'") >= 0 && s.indexOf('"') < 0 ? '"' : "'";
    var out = quote;
    for (var ch of s) {
      var c = ch.codePointAt(0);
      if (ch === "\\") out += "\\\\";
      else if (ch === quote) out += "\\" + quote;
      else if (ch === "\n") out += "\\n";
      else if (ch === "\r") out += "\\r";
      else if (ch === "\t") out += "\\t";
      else if (ch !== " " && NONPRINT.test(ch)) {
        var hex = c.toString(16);
        if (c < 0x100) out += "\\x" + ("00" + hex).slice(-2);
        else if (c < 0x10000) out += "\\u" + ("0000" + hex).slice(-4);
        else out += "\\U" + ("00000000" + hex).slice(-8);
      } else out += ch;
    }
    return out + quote;
  }

  /** Python's str() of the values the rules use. */
  function str(v) {
    if (v === null || v === undefined) return "None";
    if (typeof v === "boolean") return v ? "True" : "False";
    if (Array.isArray(v)) return repr(v);
    return String(v);
  }

  /** An input the rules check, in their own words (Python: smashup_db.errors.Field). */
  function field(name) { return {field: name}; }
  function isField(v) { return !!v && typeof v === "object" && typeof v.field === "string"; }
  function isMessage(v) { return !!v && typeof v === "object" && typeof v.template === "string"; }
  /** The values an input allows (Python: smashup_db.errors.Choices): shown as the words ``messages`` gives the
   * values (the page: play.py's engine_messages, the CLI's words in the page language), else as the values;
   * joined by ", ", a word holding a comma quoted. */
  function choices(kind, values) { return {choices: values.slice(), kind: kind}; }
  function isChoices(v) { return !!v && typeof v === "object" && Array.isArray(v.choices); }
  function choiceWords(v, messages) {
    return v.choices.map(function (c) {
      var w = messages && Object.prototype.hasOwnProperty.call(messages, c) ? messages[c] : c;
      return w.indexOf(",") >= 0 ? '"' + w + '"' : w;
    }).join(", ");
  }

  /**
   * ``template.format(**values)`` for {name} and {name!r}; nested messages and fields as the module doc says.
   * ``how``: {messages: {English: translated} (nested messages), label: function (field name) -> text}.
   * Throws an Error for a field the template names but ``values`` lacks (Python: KeyError).
   */
  function format(template, values, how) {
    how = how || {};
    values = values || {};
    return String(template).replace(/\{(\w+)(!r)?\}/g, function (all, key, r) {
      if (!Object.prototype.hasOwnProperty.call(values, key)) throw new Error("missing " + key);
      var v = values[key];
      if (isField(v)) v = how.label ? how.label(v.field) : v.field;
      else if (isMessage(v)) v = render(v, how.messages, how.label);
      else if (isChoices(v)) v = choiceWords(v, how.messages);
      return r ? repr(v) : str(v);
    });
  }

  /** A message (an error, or {template, values}) as a sentence: ``messages[template]`` when given, else
   * English; a translation that drops or breaks a field falls back to English, as Message.render does. */
  function render(msg, messages, label) {
    var how = {messages: messages, label: label};
    var tpl = (messages && messages[msg.template]) || msg.template;
    try { return format(tpl, msg.values, how); } catch (e) { return format(msg.template, msg.values, how); }
  }

  return {repr: repr, str: str, format: format, render: render, field: field, isField: isField, choices: choices};
});
