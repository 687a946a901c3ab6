// The page's words: one catalog per language from the server (/i18n/<lang>.json, made from
// the same gettext catalogs as the table's sentences), and companion.t(key, params) to say
// one. A plural entry is a list of forms; the catalog's own rule (its Plural-Forms, a C
// expression of n such as "(n > 1)") picks one. The rule is read by a small parser here:
// the page's CSP allows no eval, and a catalog is data, never code.
(function () {
  "use strict";
  const companion = (window.companion = window.companion || {});
  const catalog = {lang: "en", strings: {}, plural: (n) => (n !== 1 ? 1 : 0), decimalMark: "."};

  // n, numbers, ( ), ! * / % + - < <= > >= == != && || ?: — C's precedence, integers.
  function compilePlural(rule) {
    const tokens = String(rule).match(/\d+|n|&&|\|\||[=!<>]=|[-+*/%<>!?:()]/g) || [];
    let at = 0;
    const peek = () => tokens[at];
    const take = (want) => { if (want !== undefined && tokens[at] !== want) throw new Error("plural rule"); return tokens[at++]; };
    const LEVELS = [["||"], ["&&"], ["==", "!="], ["<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]];
    const APPLY = {"||": (a, b) => a || b, "&&": (a, b) => a && b, "==": (a, b) => a === b, "!=": (a, b) => a !== b,
      "<": (a, b) => a < b, "<=": (a, b) => a <= b, ">": (a, b) => a > b, ">=": (a, b) => a >= b,
      "+": (a, b) => a + b, "-": (a, b) => a - b, "*": (a, b) => a * b, "/": (a, b) => Math.trunc(a / b), "%": (a, b) => a % b};
    function ternary() {
      const test = binary(0);
      if (peek() !== "?") return test;
      take("?");
      const yes = ternary();
      take(":");
      const no = ternary();
      return (n) => (test(n) ? yes(n) : no(n));
    }
    function binary(level) {
      if (level === LEVELS.length) return unary();
      let left = binary(level + 1);
      while (LEVELS[level].includes(peek())) {
        const op = APPLY[take()], l = left, right = binary(level + 1);
        left = (n) => Number(op(l(n), right(n)));
      }
      return left;
    }
    function unary() {
      const token = take();
      if (token === "!") { const inner = unary(); return (n) => Number(!inner(n)); }
      if (token === "(") { const inner = ternary(); take(")"); return inner; }
      if (token === "n") return (n) => n;
      if (/^\d+$/.test(token)) { const value = Number(token); return () => value; }
      throw new Error("plural rule");
    }
    const rule_ = ternary();
    if (at !== tokens.length) throw new Error("plural rule");
    return (n) => Number(rule_(n));
  }

  // A language's catalog, made the page's: true once it is. Two choices in quick succession
  // (German, then at once Dutch) may be answered in the other order; the last one asked for
  // wins, and words that come for a language no longer wanted are dropped (false), so the
  // page never speaks German under a menu that says Dutch.
  let asked = 0;
  async function load(lang) {
    const ticket = ++asked;
    const response = await fetch(`/i18n/${encodeURIComponent(lang)}.json`, {credentials: "same-origin"});
    if (!response.ok || ticket !== asked) return false;
    const data = await response.json();
    if (ticket !== asked) return false;
    catalog.lang = data.lang;
    catalog.decimalMark = data.decimal_mark || ".";
    catalog.strings = data.strings;
    try { catalog.plural = compilePlural(data.plural); } catch (err) { catalog.plural = (n) => (n !== 1 ? 1 : 0); }
    return true;
  }

  // A word before a name elided where the language wants it, as the sentence is filled
  // ("de {p}" with Ann is "d’Ann", with Yannick "de Yannick"): the server's rule, which says
  // why (companion/i18n/elision.py); tests/test_elision.py holds the two to one list of names.
  const VOWELS = "aeiouàâäéèêëîïôöùûüœæ";
  // French first names said with a mute h (lower case, no accents): elision.py's MUTE_H.
  const MUTE_H = new Set(["hadrien", "hector", "helene", "heloise", "hercule", "hermine", "herve", "hilaire",
    "hippolyte", "honore", "honorine", "horace", "hortense", "hubert", "hugo", "hyacinthe"]);
  // The letters a value begins with, in lower case and without accents ("Hervé (rouge)": "herve").
  const firstWord = (value) => (value.normalize("NFD").replace(/\p{M}/gu, "").match(/^\p{L}*/u)[0]).toLowerCase();
  const ELIDING = {fr: ["de", "que", "le", "la", "ne", "je", "me", "te", "se", "ce", "lorsque", "puisque", "jusque"]};
  function vowelSound(value) {
    if (typeof value !== "string" || !value) return false;
    const first = value.charAt(0).toLowerCase(), second = value.charAt(1).toLowerCase();
    if (VOWELS.includes(first)) return true;
    if (first === "h") return MUTE_H.has(firstWord(value));
    return first === "y" && /^\p{L}$/u.test(second) && !VOWELS.includes(second);
  }
  function elide(text, params, lang) {
    const words = ELIDING[lang];
    if (!words || !params) return text;
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}_’'])(${words.join("|")}) \\{(\\w+)\\}`, "giu");
    return text.replace(pattern, (all, word, key) => (vowelSound(params[key]) ? `${word.slice(0, -1)}’{${key}}` : all));
  }

  function t(key, params) {
    let text = catalog.strings[key];
    if (text === undefined) return key;
    if (Array.isArray(text)) {  // plural forms: the catalog's rule chooses by the count n
      const n = Math.abs(Math.trunc(Number(params && params.n) || 0));
      text = text[Math.min(catalog.plural(n), text.length - 1)];
    }
    return elide(text, params, catalog.lang).replace(/\{(\w+)\}/g, (_, k) => (params && k in params ? params[k] : `{${k}}`));
  }

  // A text shown as a sentence (the prompt, an announcement) begins with a capital, where a
  // colour or a name begun it ("rood is aan de beurt" is "Rood is aan de beurt"); a letter
  // with no single capital ("ß") stays. Not in t(): a label ("rot 3: schlagen") keeps the
  // colour as the board's buttons write it.
  function sentence(text) {
    const first = String(text).charAt(0), upper = first.toUpperCase();
    return upper !== first && upper.length === 1 ? upper + String(text).slice(1) : text;
  }

  // A number with `digits` decimals as the page's language writes it ("4.2", German "4,2").
  const decimal = (x, digits = 1) => x.toFixed(digits).replace(".", catalog.decimalMark);
  // Parts of one sentence joined by the language's semicolon ("a; b", French "a ; b"): the
  // catalog's template, never "; " glued here. `words`: the page's words (a game's own t).
  const clauses = (parts, words = t) => parts.reduce((a, b) => words("clauses", {a, b}));
  companion.i18n = {load, compilePlural, elide, decimal, clauses, get lang() { return catalog.lang; }};
  companion.t = t;
  companion.sentence = sentence;
})();
