// The tabs. A tab is a step in the phone's history: Back returns to the tab before, as on any
// other page, and a reload keeps the tab. Its name rides in history.state, not in the
// address, whose #fragment is a pairing link's. What one tab alone needs loads when it opens.
(function () {
  "use strict";
  const companion = window.companion;
  const {api, show, t, loadScript, loadStyle, ensureGame} = companion;  // core.js, i18n.js
  const $ = (sel) => document.querySelector(sel);

  function tab(name, fromHistory = false) {
    show("");  // a refusal was about what the tab it came from showed
    document.querySelectorAll("nav button").forEach((b) => b.classList.toggle("on", b.dataset.tab === name));
    document.querySelectorAll("section.tab").forEach((s) => { s.hidden = s.id !== name; });
    if (name === "play") companion.fitTexts($("#board"));  // measured only when shown
    if (name === "setup") loadSetupTab().then(() => companion.setup && (companion.setup.loadGames(), companion.setup.prefill()));
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
    companion.replay.open(g, {api, t, title: companion.gameInfo(g.game).title});
  }

  // The New game tab's code (setup.js, and backup.js for its Data section) loads when the tab
  // is first opened: a phone that only plays never downloads it. The tab is inert until its
  // code has set it up: no tap, key or opened section goes unheard, no bare form is sent.
  let setupTab = null;
  function loadSetupTab() {
    setupTab = setupTab || Promise.all([loadScript("setup.js"), loadScript("backup.js")]).then(() => {
      if (!companion.setup) return;  // not loaded: the tab stays as it was
      companion.setup.init(companion.status);
      $("#setup").inert = false;
    });
    return setupTab;
  }

  // The Players tab's code, words and style load when it is first opened: a phone that only
  // plays never downloads them.
  function loadPlayersTab() {
    loadStyle("players.css");
    loadScript("players.js");
  }

  function init() {
    document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => {
      tab(b.dataset.tab);
      if (b.dataset.tab === "history") companion.historyTab.showNewest();
    }));
    if (history.state && history.state.tab) tabFromHistory(history.state);  // a reload
    else history.replaceState({tab: "play"}, "");
    window.addEventListener("popstate", (e) => tabFromHistory(e.state));
  }

  Object.assign(companion, {tab, openReplay});  // lent to setup.js
  companion.tabs = {init};
})();
