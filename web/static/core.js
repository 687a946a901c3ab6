// The page's one namespace, window.companion: every module registers into it (a game's module
// as companion.games.<game> = {board, choices, prompt, describe}), none adds a global of its
// own. Here too: the one escaping helper for markup, and the colours, read from the CSS
// custom properties app.css defines once (light and dark).
(function () {
  "use strict";
  const companion = (window.companion = window.companion || {});
  const ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"};
  let style = null;

  // The registry: the games the page knows (title, players from–to, the players' colours when
  // they are colours); each one's code is /static/<game>.js, loaded when first shown, which
  // registers itself as companion.games.<game> = {board, choices, prompt, describe, reset},
  // with its style, /static/<game>.css, if it has one (`style`).
  companion.known = {
    howruck: {title: "How Ruck!", players: [2, 2], style: true},
    laufrauf: {title: "Lauf Rauf!", players: [2, 4], colours: ["red", "blue", "green", "yellow"], style: true},
    tauziehen: {title: "Tauziehen", players: [2, 2], style: true},
    stramash: {title: "Stramash", players: [2, 6]},
  };
  companion.gameInfo = (game) => companion.known[game] || {title: game, players: [2, 2]};
  companion.games = companion.games || {};
  companion.esc = (s) => String(s).replace(/[&<>"']/g, (c) => ENTITIES[c]);
  companion.colour = (name) => (style = style || getComputedStyle(document.documentElement))
    .getPropertyValue("--" + name).trim();

  // A tap with a large effect asks first: the button says what a second tap within a few
  // seconds will do (`asking`, a page text, with its `params`), and turns red. armed() is
  // true when this tap is that second one (go ahead). `about` names what the question was
  // about (the moves the game had): stale(b, about) is true once that has changed. A double
  // tap is one tap: a second tap sooner than QUICK_MS after the question does not answer it.
  const QUICK_MS = 400;
  companion.confirm = {
    armed(b, asking, params, about) {
      if (b.dataset.armed !== undefined) {
        if (Date.now() - b.armedAt < QUICK_MS) return false;
        this.disarm(b);
        return true;
      }
      b.dataset.armed = String(about === undefined ? "" : about);
      b.armedAt = Date.now();
      b.textContent = companion.t(asking, params);
      b.classList.add("danger");
      b.timer = setTimeout(() => this.disarm(b), 5000);
      return false;
    },
    disarm(b) {
      clearTimeout(b.timer);
      delete b.dataset.armed;
      b.textContent = companion.t(b.dataset.t);
      b.classList.remove("danger");
    },
    stale(b, about) {
      return b.dataset.armed !== undefined && b.dataset.armed !== String(about);
    },
  };

  // SVG text that may be longer than its room (long names): squeezed to it rather than cut at
  // the drawing's edges or run into the next. `data-fit` is the room in the drawing's units.
  // Measured, not guessed from the length ("WWW" is three times "iii"), so only once the
  // text is on screen: the play tab's board is fitted again when the tab shows.
  companion.fitTexts = (root) => {
    for (const el of root.querySelectorAll("text[data-fit]")) {
      el.removeAttribute("textLength");
      if (el.getComputedTextLength() > Number(el.dataset.fit)) {
        el.setAttribute("textLength", el.dataset.fit);
        el.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  };

  // Pickers that must each be set before `buttons` may send, so that one left alone never
  // sends a value nobody chose: `askFirst` gives a picker a first, disabled choice (`unset`),
  // `requireAll` keeps the buttons off until every picker has a value.
  companion.askFirst = (select, unset) => {
    const ask = new Option(unset, "", true, true);
    ask.disabled = true;
    select.add(ask);
  };
  companion.requireAll = (selects, buttons) => {
    const update = () => buttons.forEach((b) => { b.disabled = selects.some((x) => !x.value); });
    selects.forEach((x) => x.addEventListener("change", update));
    update();
  };

  // The game drawn as it lies on the table (SVG markup from its module; any other state as text).
  companion.board = function (state, t) {
    if (!state) return "";
    const ui = companion.games[state.game];
    if (ui && ui.board) return ui.board(state, t);
    return `<pre>${companion.esc(JSON.stringify(state, null, 1))}</pre>`;
  };
})();
