// The tabs. A tab is a step in the phone's history: Back returns to the tab before, as on any
// other page, and a reload keeps the tab. Its name rides in history.state, not in the
// address, whose #fragment is a pairing link's. What one tab alone needs (its code, words and
// style) loads when it first opens.
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
    if (name === "setup") loadSetupTab().then((ok) => ok && (companion.setup.loadGames(), companion.setup.prefill()));
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

  // A tab whose code and words load when it first opens (`load`: true once all have come).
  // Until they have, the tab says so in place of what it holds (app.css: data-loading); if
  // they cannot come (the table out of reach) the message line says so, and opening the tab
  // again tries again.
  const opened = {};
  function openOnce(name, load) {
    const section = document.getElementById(name);
    opened[name] = opened[name] || (async () => {
      loading(section, "busy");
      const ok = await load();
      loading(section, ok ? "" : "failed");
      if (!ok) {
        delete opened[name];
        if (!section.hidden) show(t("tab_unreachable"), "tab_unreachable");
      }
      return ok;
    })();
    return opened[name];
  }

  // `state`: "busy" (the note in sight), "failed" (nothing in sight), "" (loaded).
  function loading(section, state) {
    let note = section.querySelector(":scope > .tab-loading");
    if (!note) {
      note = Object.assign(document.createElement("p"), {className: "tab-loading hint"});
      note.dataset.t = "tab_loading";
      section.prepend(note);
    }
    note.textContent = t("tab_loading");
    note.hidden = state !== "busy";
    if (state) section.dataset.loading = state;
    else delete section.dataset.loading;
    if (state === "busy") section.setAttribute("aria-busy", "true");
    else section.removeAttribute("aria-busy");
  }

  // The New game tab's code (setup.js, and backup.js for its Data section) and words load
  // when the tab is first opened: a phone that only plays never downloads them. The tab is
  // inert until its code has set it up: no tap, key or opened section goes unheard, no bare
  // form is sent. Its markup came in the page's first language: it is said in the page's
  // language now, before it shows.
  let setupReady = false;
  function loadSetupTab() {
    return openOnce("setup", async () => {
      const loaded = await Promise.all([loadScript("setup.js"), loadScript("backup.js"), companion.i18n.need("setup")]);
      if (loaded.includes(false) || !companion.setup) return false;
      if (!setupReady) {
        companion.translate($("#setup"));
        companion.setup.init(companion.status);
        $("#setup").inert = false;
        setupReady = true;
      }
      return true;
    });
  }

  // The Players tab's code, words and style load when it is first opened: a phone that only
  // plays never downloads them.
  function loadPlayersTab() {
    openOnce("roster", async () => !(await Promise.all([companion.i18n.need("players"),
      loadStyle("players.css"), loadScript("players.js")])).includes(false));
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
