// The phone page: pair, set up a game, enter what happened on the table, watch it live.
// Only the legal actions (from the rule core's enumeration) are offered; the server still
// validates every one and its refusal is shown in the page's language.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const known = window.companion.gameInfo;  // core.js: a game's title, players, colours
  // the namespace (core.js) holds the page's state too: the tests and the Players tab read it
  const companion = window.companion;
  const app = Object.assign(companion, {status: null, state: null, legal: [], picked: null, race: null, stream: null});

  const t = companion.t;  // i18n.js: the catalog of the page's language
  const {api, show, button, playerName, loadScript, loadStyle, ensureGame} = companion;  // core.js
  Object.assign(app, {tab, focusPlay, setState, openReplay});  // lent to setup.js, pairing.js
  // The page's language: the reader's choice (a cookie), else the server's guess.
  app.lang = readCookie("companion_lang") || document.body.dataset.lang || "en";

  function readCookie(name) {
    const m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return m ? decodeURIComponent(m[1]) : null;
  }

  function translatePage() {
    document.documentElement.lang = app.lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
    $("#page-lang").value = app.lang;
  }

  // With no game shown: that there is none only once the table has said so (its stream's
  // first state); before, that the page is still reaching the table, or cannot.
  function sayNoGame() {
    const box = $("#no-game");
    box.hidden = !!app.state;
    box.dataset.t = app.heard ? "no_game" : app.live === false ? "no_table" : "connecting";
    box.textContent = t(box.dataset.t);
  }

  async function setState(state) {
    app.shown = state ? state.id : null;  // at once: its announcements may come before its module
    app.shownKind = state ? state.game : null;
    if (state) await ensureGame(state.game);
    const before = app.state;
    app.state = state;
    if (state) companion.seats.notify(before, state, t);
    app.picked = null;
    await companion.legalMoves.follow(state);
    render();
    companion.historyTab.follow(state);
  }

  // --- the play tab ---------------------------------------------------------------------------
  // What an undo's question is about: the game, its moves and the last one (an undo and a new
  // move by another phone leave the count as it was).
  const undoAbout = (s) => s ? `${s.id}:${s.actions}:${companion.historyTab.lastLine()}` : "";

  function render() {
    const s = app.state;
    sayNoGame();
    $("#board").innerHTML = companion.board(s, t);
    companion.fitTexts($("#board"));
    if (companion.confirm.stale($("#undo"), undoAbout(s))) companion.confirm.disarm($("#undo"));
    $("#undo").disabled = !s || !s.actions;
    if (companion.sim) companion.sim.name(s);
    $("#undo").hidden = !$("#pair").hidden;  // a watcher (not paired) has no moves, undo included
    companion.seats.render(s, t, button, renderChoices, (p) => playerName(s.game, p));
    renderPrompt();
    renderChoices();
  }

  function renderPrompt() {
    const s = app.state, r = app.race;
    let text = "";
    if (r && r.phase === "countdown") text = t("race_countdown", {n: r.countdown});
    else if (r && r.phase === "running") {  // what to do now, and where (simulated: a tab)
      const sim = app.status && app.status.simulate;
      text = t("race_running") + " " + (sim ? t("race_press_sim", {tab: t("tab_sim")}) : t("race_press"));
    }
    else if (s && gameUi(s) && gameUi(s).prompt) text = gameUi(s).prompt(s, t);
    else if (s && s.winner) text = t("over", {p: s.winner});
    else if (s && s.turn) text = t("turn", {p: s.turn});
    $("#prompt").textContent = companion.sentence(text);
  }

  function renderChoices() {
    const choices = $("#choices"), places = $("#places");
    choices.replaceChildren();
    places.replaceChildren();
    const s = app.state, ui = s && gameUi(s);
    if (ui && ui.reset) ui.reset();  // nothing on the board stays tappable from before
    const paired = $("#pair").hidden;
    if (s && s.status === "over" && paired) {  // one tap, one game: off until answered
      const again = button(t("again"), () => {
        again.disabled = true;
        playAgain(s).finally(() => { again.disabled = false; });
      });
      choices.append(again);
    }
    if (!s) return;
    if (!companion.seats.mayMove(s, paired)) {  // watchers, other seats' turns: no move buttons
      const mine = companion.seats.mine(s).length;
      const hint = s.status !== "playing" ? ""
        : !paired && mine ? "seat_pair_hint"  // a seat, but moves need pairing
        : paired && !mine ? "seat_hint" : "";  // nobody's phone yet: say how it becomes one
      if (hint) {
        const p = document.createElement("p");
        p.className = "hint";
        p.textContent = t(hint);
        choices.append(p);
      }
      return;
    }
    if (!app.legal.length) return;
    if (ui && ui.choices) {
      return ui.choices(s, app.legal, {t, api, button, send, choices, places, rerender: renderChoices, race: app.race,
        results: app.results, picked: () => app.picked, pick: (key) => { app.picked = key; renderChoices(); }});
    }
    app.legal.slice(0, 24).forEach((a) => choices.append(button(JSON.stringify(a), () => send(a), "secondary")));
  }

  // A finished game, the same again: its game, players and options from its stored header
  // (a view need not carry the options), a new shuffle; the table shows it to every phone.
  async function playAgain(s) {
    const r = await api("GET", `/api/games/${s.id}/history`);
    if (!r.ok) return;
    const {game, players, options} = r.data.header;
    await api("POST", "/api/games", {game, players, options});
  }

  async function send(action) {
    const s = app.state;
    const r = await api("POST", `/api/games/${s.id}/actions`, action);
    if (r.ok) { show(""); return; }
    // refused (a stale phone: the game moved on): the picker starts again from the game now
    const fresh = await api("GET", `/api/games/${s.id}`);
    if (fresh.ok && app.state && app.state.id === s.id) setState(fresh.data);
  }

  function gameUi(s) {
    return companion.games[s.game];
  }

  // --- simulation, tabs -----------------------------------------------------------------------
  // Where the keyboard and a screen reader go when what had the focus goes away (pairing,
  // a game started): whose turn it is, or that there is no game yet.
  function focusPlay() {
    const said = [$("#prompt"), $("#no-game")].find((el) => !el.hidden && el.textContent.trim());
    (said || $("#play")).focus();
  }

  // A tab is a step in the phone's history: Back returns to the tab before, as on any other
  // page, and a reload keeps the tab. Its name rides in history.state, not in the address,
  // whose #fragment is a pairing link's.
  function tab(name, fromHistory = false) {
    show("");  // a refusal was about what the tab it came from showed
    document.querySelectorAll("nav button").forEach((b) => b.classList.toggle("on", b.dataset.tab === name));
    document.querySelectorAll("section.tab").forEach((s) => { s.hidden = s.id !== name; });
    if (name === "play") companion.fitTexts($("#board"));  // measured only when shown
    if (name === "setup") loadSetupTab().then(() => companion.setup && companion.setup.loadGames());
    if (name === "roster") loadPlayersTab();
    if (!fromHistory && (history.state || {}).tab !== name) history.pushState({tab: name}, "");
  }

  // The tab a history step names, if this page has it (the simulation's only in simulation).
  function tabFromHistory(state) {
    const name = (state || {}).tab;
    const button = name && document.querySelector(`nav [data-tab="${CSS.escape(name)}"]`);
    const shown = button && !button.hidden ? name : "play";
    tab(shown, true);
    if (shown === "history") companion.historyTab.showNewest();
  }

  // Walking through a finished game (replay.js): loaded when first asked for.
  async function openReplay(g) {
    await ensureGame(g.game);
    await loadScript("replay.js");
    if (!companion.replay) return;  // not loaded: the list stays as it was
    tab("history");
    companion.replay.open(g, {api, t, title: known(g.game).title});
  }

  // The New game tab's code (setup.js, and backup.js for its Data section) loads when the tab
  // is first opened: a phone that only plays never downloads it. Its forms' buttons rest until
  // they are set up.
  let setupTab = null;
  function loadSetupTab() {
    setupTab = setupTab || Promise.all([loadScript("setup.js"), loadScript("backup.js")]).then(() => {
      if (!companion.setup) return;  // not loaded: the tab stays as it was
      companion.setup.init(companion.status);
      document.querySelectorAll("#setup [type=submit]").forEach((b) => { b.disabled = false; });
    });
    return setupTab;
  }

  // The Players tab's code, words and style load when it is first opened: a phone that only
  // plays never downloads them.
  function loadPlayersTab() {
    loadStyle("players.css");
    loadScript("players.js");
  }

  async function init() {
    if (!(await companion.i18n.load(app.lang))) { app.lang = "en"; await companion.i18n.load(app.lang); }
    translatePage();
    if (await companion.pairing.fromFragment()) companion.announce.note(t("paired"));  // scanned
    const r = await api("GET", "/api/status");
    if (!r.ok) return;
    app.status = r.data;
    $("#pair").hidden = r.data.paired;
    if (r.data.simulate) {  // a laptop's simulation: a Pi's phones never load its buttons
      document.querySelector("nav [data-tab=sim]").hidden = false;
      loadScript("sim.js").then(() => { companion.sim.init(r.data.buttons); companion.sim.name(app.state); });
    }
    document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => {
      tab(b.dataset.tab);
      if (b.dataset.tab === "history") companion.historyTab.showNewest();
    }));
    if (history.state && history.state.tab) tabFromHistory(history.state);  // a reload
    else history.replaceState({tab: "play"}, "");
    window.addEventListener("popstate", (e) => tabFromHistory(e.state));
    companion.pairing.init();
    $("#undo").addEventListener("click", async () => {
      // Taking back a move is asked first, naming it: a stray tap at the table changes
      // nothing, and the players see which move goes. The second tap takes back one move:
      // the button rests until the answer, and the table refuses an undo of a game that
      // changed since this page saw it (undo_stale).
      if (!app.state) return;
      const last = companion.historyTab.lastLine();
      if (!companion.confirm.armed($("#undo"), last ? "undo_confirm" : "undo_confirm_last",
                                   {what: last}, undoAbout(app.state))) return;
      $("#undo").disabled = true;
      await api("POST", `/api/games/${app.state.id}/undo`, {actions: app.state.actions});
      $("#undo").disabled = !app.state || !app.state.actions;
    });
    $("#page-lang").addEventListener("change", async (e) => {
      if (!(await companion.i18n.load(e.target.value))) return;
      app.lang = e.target.value;
      document.cookie = `companion_lang=${app.lang}; path=/; max-age=31536000; SameSite=Strict`;
      // What the old language said goes: a refusal, the banner, a form's note, a marked field.
      show("");
      $("#banner").hidden = true;
      document.querySelectorAll("#hardware-note, #backup-note").forEach((n) => { n.textContent = ""; });
      document.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
      translatePage();
      render();
      // translatePage() reset the badge to its markup; say what the stream really is.
      const on = Boolean(app.stream) && app.stream.open;
      $("#live").classList.toggle("off", !on);
      $("#live").textContent = t(on ? "live" : "offline");
      companion.historyTab.draw();  // the history speaks the new language at once
      if (companion.setup) { companion.setup.changed(); companion.setup.offerTableLanguage(); }  // the New game tab, once opened
      document.dispatchEvent(new CustomEvent("companion:language", {detail: app.lang}));  // other tabs
    });
    companion.liveStream.connect();
  }

  companion.play = {render, renderPrompt, renderChoices, sayNoGame};  // lent to choices.js

  document.addEventListener("DOMContentLoaded", init);
})();
