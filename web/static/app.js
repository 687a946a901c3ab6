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
  const {api, show, loadScript, loadStyle, ensureGame} = companion;  // core.js
  Object.assign(app, {tab, openReplay});  // lent to setup.js
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
    companion.play.init();
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
      companion.play.render();
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

  document.addEventListener("DOMContentLoaded", init);
})();
