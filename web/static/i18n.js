// The page's words: one catalog per language from the server (/i18n/<lang>.json, made from
// the same gettext catalogs as the table's sentences), and companion.t(key, params) to say
// one. A game's words, and a tab's that a phone may never open, are parts of their own
// (/i18n/<lang>/<part>.json, companion/i18n/page_parts.py PARTS), fetched when first needed. A plural entry is a list of forms; the catalog's own rule (its Plural-Forms, a C
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

  // A language's catalog, made the page's: true once it is, with every part asked for so far
  // (`need`), so a page switched to another language speaks it at once, the game shown and an
  // opened tab too. Two choices in quick succession (German, then at once Dutch) may be
  // answered in the other order; the last one asked for wins, and words that come for a
  // language no longer wanted are dropped (false), so the page never speaks German under a
  // menu that says Dutch. Words that do not come (the table out of reach) change nothing.
  let asked = 0, loading = Promise.resolve();
  const wanted = new Set(), had = new Set();  // the parts asked for; those in the catalog
  async function words(lang, part) {
    const path = part ? `${encodeURIComponent(lang)}/${encodeURIComponent(part)}` : encodeURIComponent(lang);
    try {
      const response = await fetch(`/i18n/${path}.json`, {credentials: "same-origin"});
      return response.ok ? await response.json() : null;
    } catch (err) {
      return null;
    }
  }

  function load(lang) {
    const ticket = ++asked;
    loading = (async () => {
      const common = words(lang, ""), parts = {};  // the common words and the parts at once
      for (let missing = [...wanted]; missing.length; missing = [...wanted].filter((p) => !(p in parts))) {
        const got = await Promise.all(missing.map((part) => words(lang, part)));
        if (got.includes(null) || ticket !== asked) return false;
        missing.forEach((part, i) => { parts[part] = got[i].strings; });
      }
      const data = await common;
      if (!data || ticket !== asked) return false;
      catalog.lang = data.lang;
      catalog.decimalMark = data.decimal_mark || ".";
      catalog.strings = Object.assign({}, data.strings, ...Object.values(parts));
      had.clear();
      Object.keys(parts).forEach((part) => had.add(part));
      try { catalog.plural = compilePlural(data.plural); } catch (err) { catalog.plural = (n) => (n !== 1 ? 1 : 0); }
      return true;
    })();
    return loading;
  }

  // A part's words in the page's language, added to its catalog: true once they are (at
  // once if they are there), false if they did not come (asked again at the next need). A
  // language chosen meanwhile brings them in its own words (`load`).
  const pending = {};
  function need(part) {
    wanted.add(part);
    pending[part] = pending[part] || (async () => {
      while (!had.has(part)) {
        const ticket = asked, data = await words(catalog.lang, part);
        if (ticket !== asked) { await loading; continue; }  // a language came, or is coming
        if (!data) { wanted.delete(part); return false; }
        Object.assign(catalog.strings, data.strings);
        had.add(part);
      }
      return true;
    })().finally(() => { delete pending[part]; });
    return pending[part];
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
  const has = (key) => key in catalog.strings;
  companion.i18n = {load, need, has, compilePlural, elide, decimal, clauses, get lang() { return catalog.lang; }};
  companion.t = t;
  companion.sentence = sentence;
})();
