// The page's one namespace, window.companion: every module registers into it (a game's module
// as companion.games.<game> = {board, choices, prompt}), none adds a global of its
// own. Here too: the one escaping helper for markup, and the colours, read from the CSS
// custom properties app.css defines once (light and dark).
(function () {
  "use strict";
  const companion = (window.companion = window.companion || {});
  const ENTITIES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"};
  let style = null;

  // The registry: the games the page knows (title, players from–to, the players' colours when
  // they are colours); each one's code is /static/<game>.js, loaded when first shown, which
  // registers itself as companion.games.<game> = {board, choices, prompt, reset}
  // (`prompt(state, t, picked)`: whose turn, and what the picker's step asks),
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

  // A tap with a large effect asks first: the button says what a second tap within LAPSE_MS
  // will do (`asking`, a page text, with its `params`), and turns red; a bar along its foot
  // empties as the time runs (app.css, --lapse), a screen reader hears the question (#said),
  // and a question left unanswered says so as it lapses (the banner). armed() is
  // true when this tap is that second one (go ahead). `about` names what the question was
  // about (the moves the game had): stale(b, about) is true once that has changed. A double
  // tap is one tap: a second tap sooner than QUICK_MS after the question does not answer it.
  const QUICK_MS = 400, LAPSE_MS = 5000;
  companion.confirm = {
    armed(b, asking, params, about) {
      if (b.dataset.armed !== undefined) {
        if (Date.now() - b.armedAt < QUICK_MS) return false;
        this.disarm(b);
        return true;
      }
      b.dataset.armed = String(about === undefined ? "" : about);
      b.armedAt = Date.now();
      document.getElementById("said").textContent = b.textContent = companion.t(asking, params);
      b.classList.add("danger");
      b.style.setProperty("--lapse", LAPSE_MS + "ms");
      b.timer = setTimeout(() => { this.disarm(b); companion.announce.note(companion.t("confirm_lapsed")); }, LAPSE_MS);
      return false;
    },
    disarm(b) {
      clearTimeout(b.timer);
      const said = document.getElementById("said");
      if (said.textContent === b.textContent) said.textContent = "";  // the question is over
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
  // SVG text is sized in the drawing's units, which do not follow the reader's text size
  // setting (the root's font size, 16 px by default): it grows with it here, up to half again
  // (`data-size`: the size drawn), and is squeezed to its room after that where it has one.
  companion.fitTexts = (root) => {
    const grow = Math.min(1.5, parseFloat(getComputedStyle(document.documentElement).fontSize) / 16) || 1;
    for (const el of root.querySelectorAll("svg text[font-size]")) {
      if (!el.dataset.size) el.dataset.size = el.getAttribute("font-size");
      el.setAttribute("font-size", String(Math.round(el.dataset.size * Math.max(grow, 1) * 10) / 10));
    }
    for (const el of root.querySelectorAll("text[data-fit]")) {
      el.removeAttribute("textLength");
      if (el.getComputedTextLength() > Number(el.dataset.fit)) {
        el.setAttribute("textLength", el.dataset.fit);
        el.setAttribute("lengthAdjust", "spacingAndGlyphs");
      }
    }
  };

  // A board picture's text alternative: its game's title and the position in words (`said`),
  // the picture's own name (aria-label), redrawn with it: current, and never read out at each
  // change as a live region would be.
  companion.boardLabel = (title, said) => `role="img" aria-label="${companion.esc(said ? `${title}. ${said}` : title)}"`;
  // A board with parts to tap (How Ruck!'s fields, a card to place: role=button) is a group
  // of that name instead: an image's parts are presentational, out of a screen reader's
  // reach. Those parts are then all it holds for one; the rest of the drawing stays hidden
  // (the name says it). Called whenever they change; with none, the picture again.
  companion.boardRole = (svg) => {
    const taps = !!svg.querySelector("[role=button]");
    svg.setAttribute("role", taps ? "group" : "img");
    for (const el of svg.children) {
      if (taps && el.getAttribute("role") !== "button") el.setAttribute("aria-hidden", "true");
      else el.removeAttribute("aria-hidden");
    }
  };

  // The game drawn as it lies on the table (SVG markup from its module; any other state as text).
  companion.board = function (state, t) {
    if (!state) return "";
    const ui = companion.games[state.game];
    if (ui && ui.board) return ui.board(state, t);
    return `<pre>${companion.esc(JSON.stringify(state, null, 1))}</pre>`;
  };

  // A player as the reader sees them: in a game whose players are colours (the registry's
  // `colours`, ids the core fixes such as "red") the colour in the reader's language, after
  // the name of whoever plays it where the game has one (`names`, the state's: "Anna (red)");
  // everyone else by the name given. A team (a pairs game's winner) is its names joined.
  companion.playerName = (game, p, names) => {
    if (!(companion.gameInfo(game).colours || []).includes(p)) return p;
    if (names && names[p]) return `${names[p]} (${companion.t(p)})`;
    const noun = companion.t("player_" + p);  // a colour said as a name is ("Rot", a noun)
    return noun === "player_" + p ? companion.t(p) : noun;
  };
  companion.playerNames = (game, who, names) => [].concat(who).map((p) => companion.playerName(game, p, names)).join(" & ");

  companion.button = (label, onClick, cls) => {
    const b = document.createElement("button");
    b.textContent = label;
    if (cls) b.className = cls;
    b.addEventListener("click", onClick);
    return b;
  };

  // Code and style a phone may never need load when first asked for, once (`loadScript`,
  // `loadStyle`): each game's module (/static/<game>.js, registering companion.games.<game>)
  // and style when such a game is first shown, the simulation's buttons, the Players tab, the
  // step-through view, the New game tab and its backup's buttons. Each resolves, true once
  // loaded, false if it could not be (the table out of reach): its game is drawn generically,
  // never stuck, and the next ask tries again.
  const loads = {};

  function load(name, make) {
    loads[name] = loads[name] || new Promise((resolve) => {
      const element = make();
      element.addEventListener("load", () => resolve(true));
      element.addEventListener("error", () => {
        element.remove();
        delete loads[name];
        resolve(false);
      });
      document.head.append(element);
    });
    return loads[name];
  }

  companion.loadScript = (name) =>
    load(name, () => Object.assign(document.createElement("script"), {src: `/static/${name}`}));
  companion.loadStyle = (name) =>
    load(name, () => Object.assign(document.createElement("link"), {rel: "stylesheet", href: `/static/${name}`}));

  // A game's module, its style and its words (i18n.js `need`): the board is drawn once all
  // have come. Once its module is there, only its words are waited for: a state that comes
  // then is drawn at once, not held back with the first one for a slow style.
  companion.ensureGame = (game) => {
    const status = companion.status;
    if (!status || !status.games.includes(game)) return Promise.resolve();
    const words = companion.i18n.need(game);
    return companion.games[game] ? words : Promise.all([companion.loadScript(`${game}.js`),
      companion.gameInfo(game).style && companion.loadStyle(`${game}.css`), words]);
  };

  // The page's requests, in its language (`companion.lang`, app.js). A refusal is said on the
  // message line (`show`), but for the codes `quiet` names (the caller's own to answer); one
  // for want of pairing shows the PIN box again.
  const UNSURE_OR_UNSENT = ["offline_not_sent", "offline_unsent"];
  companion.api = async (method, path, body, quiet = []) => {
    const options = {method, credentials: "same-origin", headers: {"Accept": "application/json"}};
    if (body instanceof Blob) {  // a file as it is (a backup to restore)
      options.headers["Content-Type"] = "application/octet-stream";
      options.body = body;
    } else if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const sep = path.includes("?") ? "&" : "?";
    const unsendable = navigator.onLine === false;  // the browser knows it has no network
    let response;
    try {
      response = await fetch(path + sep + "lang=" + companion.lang, options);
    } catch (err) {
      // No answer. fetch() fails alike whether the request never left the phone (the
      // connection refused: the table is off) or its answer was lost on the way back (it may
      // have gone in), so a change asked for stays uncertain (offline_not_sent), but where
      // the browser knew before that it had no network: it sent nothing (offline_unsent).
      // Either is said until the table answers again, not replaced by the mere "offline" of
      // a look that follows it.
      const said = document.getElementById("message").dataset.code;
      const code = unsendable ? "offline_unsent" : "offline_not_sent";
      if (method !== "GET") companion.show(companion.t(code), code);
      else if (!UNSURE_OR_UNSENT.includes(said)) companion.show(companion.t("offline"), "offline");
      return {ok: false};
    }
    companion.reached();
    // a file answered (a backup) comes as a Blob, its name in `headers`; anything else is JSON
    const file = response.ok && !(response.headers.get("Content-Type") || "").startsWith("application/json");
    const data = file ? await response.blob() : await response.json().catch(() => ({}));
    if (!response.ok && !(data.error && quiet.includes(data.error.code))) {
      companion.show(data.error ? data.error.message : response.statusText, data.error && data.error.code);
      if (response.status === 401) { document.getElementById("pair").hidden = false; companion.pairing.setPaired(false); }
    }
    return {ok: response.ok, status: response.status, data, headers: response.headers};
  };

  // A refusal about one part of a form, said beside it rather than at the page's top (where
  // the phone's eyes are not): in `note` (an aria-live line), `field` marked, described by it
  // and focused. `unrefuse` takes it back (the field changed, or another try begins).
  companion.refusedAt = (note, field, error) => {
    companion.show("");
    note.textContent = error.message;
    note.dataset.code = error.code;
    field.setAttribute("aria-invalid", "true");
    field.setAttribute("aria-describedby", note.id);
    field.focus();
  };
  companion.unrefuse = (note, fields) => {
    note.textContent = "";
    delete note.dataset.code;
    for (const el of fields) { el.removeAttribute("aria-invalid"); el.removeAttribute("aria-describedby"); }
  };

  // The table answers again (a request, the stream): a word that it could not be reached goes.
  companion.reached = () => {
    if ((document.getElementById("message").dataset.code || "").startsWith("offline")) companion.show("");
  };

  // The message line: a refusal, or what went wrong, until something else is said.
  companion.show = (text, code) => {
    const box = document.getElementById("message");
    box.textContent = text || "";
    box.dataset.code = code || "";
    box.hidden = !text;
    if (text) box.scrollIntoView({block: "nearest"});  // a refusal the phone does not see is no answer
  };
})();
