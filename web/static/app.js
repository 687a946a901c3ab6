// The phone page's start-up: the page in its language and its language picker, then each
// module wired in (index.html loads them; each registers into the namespace, core.js): the
// tabs (tabs.js), pairing, the Play tab (play.js), and last the live stream (live.js).
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  // the namespace (core.js) holds the page's state too: the tests and the Players tab read it
  const companion = window.companion;
  const app = Object.assign(companion, {status: null, state: null, legal: [], picked: null, race: null, stream: null});

  const t = companion.t;  // i18n.js: the catalog of the page's language
  const {api, show, loadScript} = companion;  // core.js
  // The page's language: the reader's choice (a cookie), else the server's guess.
  app.lang = readCookie("companion_lang") || document.body.dataset.lang || "en";

  function readCookie(name) {
    const m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return m ? decodeURIComponent(m[1]) : null;
  }

  function translatePage() {
    document.documentElement.lang = app.lang;
    translate(document);
    $("#page-lang").value = app.lang;
  }

  // The marked texts under `root` in the page's language. A text whose words are a part not
  // fetched yet (a tab not opened: i18n.js `need`) stays as it is, and is said anew when the
  // part has come (tabs.js).
  function translate(root) {
    const known = companion.i18n.has;
    root.querySelectorAll("[data-t]").forEach((el) => { if (known(el.dataset.t)) el.textContent = t(el.dataset.t); });
    // a control named by its label alone (aria-label), not by a text in sight
    root.querySelectorAll("[data-t-label]").forEach((el) => {
      if (known(el.dataset.tLabel)) el.setAttribute("aria-label", t(el.dataset.tLabel));
    });
  }
  companion.translate = translate;

  // The reader's choice of language: the page speaks it at once and keeps it (a cookie). A
  // choice overtaken by the next one before its words came is dropped (i18n.load says so).
  async function chooseLanguage(e) {
    const lang = e.target.value;
    if (!(await companion.i18n.load(lang))) return;
    app.lang = lang;
    document.cookie = `companion_lang=${app.lang}; path=/; max-age=31536000; SameSite=Strict`;
    // What the old language said goes: a refusal, the banner, a form's note, a marked field.
    show("");
    companion.announce.clear();
    document.querySelectorAll("#hardware-note, #backup-note").forEach((n) => { n.textContent = ""; });
    document.querySelectorAll("[aria-invalid]").forEach((el) => el.removeAttribute("aria-invalid"));
    // a question asked in the old language is withdrawn: the next tap asks it in the new
    document.querySelectorAll("[data-armed]").forEach((b) => companion.confirm.disarm(b));
    translatePage();
    companion.play.render();
    companion.historyTab.draw();  // the history speaks the new language at once
    if (companion.setup) { companion.setup.changed(); companion.setup.offerTableLanguage(); }  // the New game tab, once opened
    document.dispatchEvent(new CustomEvent("companion:language", {detail: app.lang}));  // other tabs
  }

  async function init() {
    if (!(await companion.i18n.load(app.lang))) { app.lang = "en"; await companion.i18n.load(app.lang); }
    translatePage();
    // The menu is heard from the moment the page has its words (a choice before would be
    // undone by them: the markup disables it until now), not once the table has answered
    // too: a reader on slow Wi-Fi, or at a table that does not answer, may choose as well.
    $("#page-lang").addEventListener("change", chooseLanguage);
    $("#page-lang").disabled = false;
    if (await companion.pairing.fromFragment()) companion.announce.note(t("paired"));  // scanned
    const r = await api("GET", "/api/status");
    if (!r.ok) return;
    app.status = r.data;
    $("#pair").hidden = r.data.paired;
    if (r.data.simulate) {  // a laptop's simulation: a Pi's phones never load its buttons
      document.querySelector("nav [data-tab=sim]").hidden = false;
      loadScript("sim.js").then(() => { companion.sim.init(r.data.buttons, r.data.simulated_seats); companion.sim.name(app.state); });
    }
    companion.tabs.init();
    companion.pairing.init();
    companion.play.init();
    companion.liveStream.connect();
  }

  document.addEventListener("DOMContentLoaded", init);
})();
