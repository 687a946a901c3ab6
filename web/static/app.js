// The phone page: pair, set up a game, enter what happened on the table, watch it live.
// Only the legal actions (from the rule core's enumeration) are offered; the server still
// validates every one and its refusal is shown in the page's language.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const known = (game) => window.companion.known[game] || {title: game, players: [2, 2]};
  const ALL_COLOURS = [...new Set(Object.values(window.companion.known).flatMap((g) => g.colours || []))];
  // the namespace (core.js) holds the page's state too: the tests and the Players tab read it
  const companion = window.companion;
  const app = Object.assign(companion, {status: null, state: null, legal: [], picked: null, race: null, stream: null});

  let lang = readCookie("companion_lang") || document.body.dataset.lang || "en";
  const t = companion.t;  // i18n.js: the catalog of the page's language
  app.t = t;  // the page's words, for the per-game modules and the tests

  function readCookie(name) {
    const m = document.cookie.match(new RegExp("(?:^|; )" + name + "=([^;]*)"));
    return m ? decodeURIComponent(m[1]) : null;
  }

  async function api(method, path, body) {
    const options = {method, credentials: "same-origin", headers: {"Accept": "application/json"}};
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    const sep = path.includes("?") ? "&" : "?";
    let response;
    try {
      response = await fetch(path + sep + "lang=" + lang, options);
    } catch (err) {
      show(t("offline"));
      return {ok: false};
    }
    const data = await response.json().catch(() => ({}));
    if (!response.ok) {
      show(data.error ? data.error.message : response.statusText, data.error && data.error.code);
      if (response.status === 401) { $("#pair").hidden = false; setPaired(false); }
    }
    return {ok: response.ok, status: response.status, data};
  }

  function show(text, code) {
    const box = $("#message");
    box.textContent = text || "";
    box.dataset.code = code || "";
    box.hidden = !text;
    if (text) box.scrollIntoView({block: "nearest"});  // a refusal the phone does not see is no answer
  }

  function translatePage() {
    document.documentElement.lang = lang;
    document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
    $("#page-lang").value = lang;
  }

  // --- live -----------------------------------------------------------------------------------
  function connect() {  // live.js reconnects with back-off
    const live = $("#live");
    app.stream = window.companionLive.open({
      state: (data) => { app.heard = true; setState(data); },  // the table has spoken
      race: (data) => { app.race = data; renderPrompt(); renderChoices(); },
      frame: (data) => { $("#oled").src = data; $("#oled").hidden = false; },  // paired phones only
      games: () => { if (!$("#setup").hidden) loadGames(); },  // else when the tab opens
      legal: (data) => takeStreamLegal(data),
      entry: (data) => appendEntry(data),
      you: (data) => {  // each stream begins with whether this phone is paired
        if (data.paired || !app.status || !app.status.paired) return;
        unpaired(t("unpaired_you"));  // all phones were unpaired (on the page or at the table)
      },
      language: (code) => {  // a phone chose the table's language
        if (app.status) Object.assign(app.status, {language: code, language_chosen: true});
        offerTableLanguage();
      },
      announce: (said) => {
        const told = app.told === JSON.stringify(said.items);  // said with its move's line
        app.told = null;
        if (said.game === app.shown && !told) companion.announce.banner(said.items, t, (a, events) => describe(a, events, {}, []));
      },
    }, (on) => {
      live.classList.toggle("off", !on);
      live.textContent = t(on ? "live" : "offline");
      app.live = on;
      sayNoGame();
    });
  }

  // With no game shown: that there is none only once the table has said so (its stream's
  // first state); before, that the page is still reaching the table, or cannot.
  function sayNoGame() {
    const box = $("#no-game");
    box.hidden = !!app.state;
    box.dataset.t = app.heard ? "no_game" : app.live === false ? "no_table" : "connecting";
    box.textContent = t(box.dataset.t);
  }

  // Each game's module (/static/<game>.js, registering companion.games.<game>) loads when such
  // a game is first shown (the page a phone downloads stays light); strings stay eager, the
  // setup form uses them. Only the games the table plays are asked for.
  const lazyLoads = {};

  function ensureGame(game) {
    if (companion.games[game] || !app.status || !app.status.games.includes(game)) return Promise.resolve();
    lazyLoads[game] = lazyLoads[game] || new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = `/static/${game}.js`;
      script.addEventListener("load", resolve);
      script.addEventListener("error", resolve);  // drawn generically, never stuck
      document.head.append(script);
    });
    return lazyLoads[game];
  }

  async function setState(state) {
    app.shown = state ? state.id : null;  // at once: its announcements may come before its module
    if (state) await ensureGame(state.game);
    const before = app.state;
    app.state = state;
    if (state) companion.seats.notify(before, state, t);
    app.picked = null;
    await followLegal(state);
    render();
    followHistory(state);
  }

  // --- the legal moves: a paired phone's stream sends them after every change ------------------
  const versionOf = (state) => (state && state.status === "playing" ? `${state.id}:${state.actions}` : null);
  const paired = () => $("#pair").hidden;
  const LEGAL_WAIT_MS = 1500;  // a stream's moves not come by then: asked for instead

  async function followLegal(state) {
    const version = versionOf(state);
    if (!version || !paired()) {  // watchers make no moves: they need none
      app.legalVersion = null;
      useLegal(null);
      return;
    }
    if (version === app.legalVersion) return;  // the moves change only with the game's log
    const sent = app.streamLegal;
    if (sent && `${sent.game}:${sent.actions}` === version) return useLegal(sent, version);
    useLegal(null);
    if (app.stream && app.stream.open) {  // the stream's `legal` for this state is on its way
      clearTimeout(app.legalTimer);
      app.legalTimer = setTimeout(() => { if (app.legalVersion !== version) fetchLegal(version); }, LEGAL_WAIT_MS);
      return;
    }
    await fetchLegal(version);
  }

  async function fetchLegal(version) {
    const id = version.split(":")[0];
    const r = await api("GET", `/api/games/${id}/legal`);
    if (versionOf(app.state) !== version || !r.ok) return;  // a newer state came meanwhile
    useLegal(r.data, version);
    renderChoices();
  }

  function useLegal(data, version = null) {
    app.legalVersion = data ? version : null;
    app.legal = data ? companion.expandLegal(data) : [];
    app.results = data && data.results ? data.results.map((x) => ({action: app.legal[x.i], moves: x.moves})) : null;
  }

  function takeStreamLegal(data) {
    app.streamLegal = data;
    const version = `${data.game}:${data.actions}`;
    if (paired() && versionOf(app.state) === version && app.legalVersion !== version) {
      useLegal(data, version);
      renderChoices();
    }
  }

  // --- the history: the stream sends each new line (`entry`); fetched whole only when the
  // lines held do not lead to the state shown (another game, an undo, a missed message) ------
  function followHistory(state) {
    const held = app.history;
    if (state && held && held.game === state.id && held.data.actions.length === state.actions) return;
    if (state && state.actions === 0) {  // a new game: nothing to ask for
      app.history = {game: state.id, data: {header: {game: state.game, players: state.players}, actions: [], events: [], announcements: []}};
      app.historyAsked = (app.historyAsked || 0) + 1;  // an answer still on its way is stale
      drawHistory();
      return;
    }
    loadHistory();
  }

  function appendEntry(entry) {
    const held = app.history;
    const follows = held && held.game === entry.game && held.data.actions.length === entry.seq;
    if (follows) {  // else the state fetches the history
      held.data.actions.push(entry.action);
      (held.data.events = held.data.events || []).push(entry.events);
      (held.data.announcements = held.data.announcements || []).push(entry.announcements);
      drawHistory();
    }
    if (entry.game === app.shown) tell(entry, follows);
  }

  // Every move is news on every phone: the banner says its history line, the move and what
  // it caused (the announcement that follows it is then not said twice).
  function tell(entry, drawn) {
    const caused = companion.announce.sentences(entry.announcements, t);
    const last = $("#history-list li:last-child");
    const line = drawn && last ? last.textContent  // with what earlier lines carry (the dice)
      : [describe(entry.action, entry.events || [], {}, caused), ...caused].filter(Boolean).join(" — ");
    companion.announce.note(line);
    app.told = JSON.stringify(entry.announcements || []);
  }

  // --- the play tab ---------------------------------------------------------------------------
  function render() {
    const s = app.state;
    sayNoGame();
    $("#board").innerHTML = companion.board(s, t);
    $("#undo").disabled = !s || !s.actions;
    $("#undo").hidden = !$("#pair").hidden;  // a watcher (not paired) has no moves, undo included
    companion.seats.render(s, t, button, renderChoices, (p) => playerName(s.game, p));
    renderPrompt();
    renderChoices();
  }

  function renderPrompt() {
    const s = app.state, r = app.race;
    let text = "";
    if (r && r.phase === "countdown") text = t("race_countdown", {n: r.countdown});
    else if (r && r.phase === "running") text = t("race_running");
    else if (s && gameUi(s) && gameUi(s).prompt) text = gameUi(s).prompt(s, t);
    else if (s && s.winner) text = t("over", {p: s.winner});
    else if (s && s.turn) text = t("turn", {p: s.turn});
    $("#prompt").textContent = text;
  }

  function button(label, onClick, cls) {
    const b = document.createElement("button");
    b.textContent = label;
    if (cls) b.className = cls;
    b.addEventListener("click", onClick);
    return b;
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

  // --- history, games, setup ------------------------------------------------------------------
  async function loadHistory() {
    // Several changes can ask at once: only the newest answer is drawn (no doubled lines).
    const asked = (app.historyAsked = (app.historyAsked || 0) + 1);
    if (!app.state) { app.history = null; drawHistory(); return; }
    const game = app.state.id;
    const r = await api("GET", `/api/games/${game}/history`);
    if (asked !== app.historyAsked) return;
    app.history = r.ok ? {game, data: r.data} : null;
    drawHistory();
  }

  function drawHistory() {
    const list = $("#history-list");
    const follow = !$("#history").hidden && atEnd();  // a reader further up stays there
    list.replaceChildren();
    if (!app.history) return;
    for (const line of historyLines(app.history.data)) {
      const li = document.createElement("li");
      li.textContent = line;
      list.append(li);
    }
    if (follow) showNewest();
  }

  // A long game's history is longer than a phone's screen: the tab opens at the newest line,
  // and follows new ones while the reader is at the end.
  function atEnd() {
    return window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 48;
  }
  function showNewest() {
    window.scrollTo(0, document.documentElement.scrollHeight);  // the newest is the last line
  }

  // One sentence per action of a history answer (/api/games/ID/history): who did what, then
  // what it caused (a race or tie-break is said by what it caused).
  function historyLines(data) {
    const memo = {};  // what a game's lines carry from one to the next (Lauf Rauf!: the dice)
    const game = data.header && data.header.game;
    return data.actions.map((a, i) => {
      // the game's module may leave the first to the second
      const caused = companion.announce.sentences((data.announcements || [])[i], t);
      const did = describe(a, (data.events || [])[i] || [], memo, caused, game);
      return [did, ...caused].filter(Boolean).join(" — ");
    });
  }
  app.historyLines = historyLines;  // the step-through view (replay.js) says the same

  function gameUi(s) {
    return companion.games[s.game];
  }

  // A player as the reader sees them: in a game whose players are colours (core.js: its
  // `colours`, ids the core fixes such as "red") the colour in the reader's language;
  // everyone else by the name given. A team (a pairs game's winner) is its names joined.
  function playerName(game, p) { return (known(game).colours || []).includes(p) ? t(p) : p; }
  function playerNames(game, who) { return [].concat(who).map((p) => playerName(game, p)).join(" & "); }

  function describe(a, events, memo, caused, game = app.state && app.state.game) {
    const ui = game && gameUi({game});
    return ui && ui.describe ? ui.describe(a, t, events, memo, caused) : JSON.stringify(a);
  }

  async function loadGames() {
    const r = await api("GET", "/api/games");
    const list = $("#games");
    list.replaceChildren();
    if (!r.ok) return;
    for (const g of r.data.games.slice(0, 30)) {
      const li = document.createElement("li");
      const status = g.status === "over" ? t("finished", {p: playerNames(g.game, g.winner)}) : t(g.status);
      const players = g.players.map((p) => playerName(g.game, p)).join(", ");
      li.textContent = `#${g.id} ${known(g.game).title}: ${players} (${status}) `;
      li.append(button(t("show"), async () => {
        const res = await api("POST", `/api/games/${g.id}/current`, {});
        if (res.ok) { setState(res.data); tab("play"); }
      }, "secondary"));
      if (g.status === "over" && g.actions) li.append(" ", button(t("rp_open"), () => openReplay(g), "secondary"));
      list.append(li);
    }
  }

  function playerInputs(n) {
    const box = $("#players");
    const legend = box.querySelector("legend");
    const old = [...box.querySelectorAll("input, select")].map((i) => i.value);
    box.replaceChildren(legend);
    const colours = known($("#game").value).colours;
    // Two players sit opposite: the colours suggested are across the board (seat order is
    // clockwise, so every other colour), not side by side, as the game's rules advise.
    const suggested = colours && n === 2 ? colours.filter((_, i) => i % 2 === 0) : colours;
    const taken = [];  // a colour is one player's: a new field takes one not chosen yet
    for (let i = 0; i < n; i++) {
      const input = document.createElement(colours ? "select" : "input");
      input.name = "player";
      if (colours) {  // players are colours: figures of that colour stand on the board
        colours.forEach((c) => input.add(new Option(t(c), c)));
        const kept = colours.includes(old[i]) && !taken.includes(old[i]);
        input.value = kept ? old[i] : [...suggested, ...colours].find((c) => !taken.includes(c));
        taken.push(input.value);
      } else {
        input.maxLength = 24;
        input.placeholder = t("player_n", {n: i + 1});
        input.value = ALL_COLOURS.includes(old[i]) ? "" : old[i] || "";
      }
      input.setAttribute("aria-label", t("player_n", {n: i + 1}));
      box.append(input);
    }
  }

  function setupGameChanged() {
    const game = $("#game").value, [min, max] = known(game).players;
    const current = $("#players").querySelectorAll("input, select").length;
    playerInputs(Math.min(max, Math.max(min, current || min)));
    $("#add-player").hidden = current >= max || min === max;
    for (const box of document.querySelectorAll("[id^=options-]")) box.hidden = box.id !== "options-" + game;
  }

  async function startGame(event) {
    event.preventDefault();
    const game = $("#game").value;
    // An empty name takes the default the field shows ("Player 2").
    const fields = [...$("#players").querySelectorAll("[name=player]")];
    const players = fields.map((el) => el.value.trim() || el.placeholder);
    // Colours are chosen, not typed: the same one twice is said as a colour, at its fields.
    const twice = known(game).colours ? players.find((p, i) => players.indexOf(p) !== i) : null;
    fields.forEach((el) => (el.value === twice ? el.setAttribute("aria-invalid", "true")
      : el.removeAttribute("aria-invalid")));
    if (twice) return show(t("colour_twice", {c: t(twice)}));
    // A game on the table is left (it stays among the stored games): asked first.
    const submit = $("#setup-form button[type=submit]");
    if (app.state && app.state.status === "playing" && !confirmed(submit, "start_confirm")) return;
    // The game's options are its fieldset's fields: a box ticked or not, a number, a word, or
    // JSON (left out when empty; data-error names the words for JSON that does not parse).
    const options = {};
    for (const el of $(`#options-${game}`) ? $(`#options-${game}`).querySelectorAll("[name]") : []) {
      const value = el.value.trim();
      if (el.type === "checkbox") options[el.name] = el.checked;
      else if (el.type === "number" || el.dataset.number !== undefined) options[el.name] = Number(value);
      else if (el.dataset.error === undefined) options[el.name] = value;
      else if (value) {
        try { options[el.name] = JSON.parse(value); } catch (e) { return show(t(el.dataset.error)); }
      }
    }
    await api("PUT", "/api/settings", {language: $("#table-lang").value});
    const r = await api("POST", "/api/games", {game, players, options});
    if (r.ok) { show(""); tab("play"); }
  }

  // The table's language (its display) in the setup form: the one chosen, by a phone or the
  // config file; none chosen yet (a new box), this page's own, which starting a game makes
  // the table's.
  function offerTableLanguage() {
    const s = app.status;
    if (s) $("#table-lang").value = s.language_chosen ? s.language : lang;
  }

  // --- hardware settings -------------------------------------------------------------------
  const LISTS = ["buttons.players", "leds.players"];
  const NUMBERS = ["buttons.ok", "buzzer.pin", "display.address", "race.countdown_s"];

  async function loadHardware() {
    const r = await api("GET", "/api/settings");
    if (!r.ok) return;
    for (const el of $("#hardware-form").elements) {
      if (!el.name) continue;
      const [section, key] = el.name.split(".");
      const value = r.data.hardware[section][key];
      el.value = Array.isArray(value) ? value.join(", ") : (value === null ? "-1" : String(value));
    }
    $("#hardware-note").textContent = r.data.restart_needed ? t("saved_restart") : "";
  }

  async function saveHardware(event) {
    event.preventDefault();
    const hardware = {};
    for (const el of $("#hardware-form").elements) {
      if (!el.name) continue;
      const [section, key] = el.name.split(".");
      let value = el.value.trim();
      if (LISTS.includes(el.name)) value = value.split(/[\s,]+/).filter(Boolean).map(Number);
      else if (NUMBERS.includes(el.name)) value = Number(value);
      (hardware[section] = hardware[section] || {})[key] = value;
    }
    const r = await api("PUT", "/api/settings", {hardware});
    if (r.ok) { show(""); $("#hardware-note").textContent = r.data.restart_needed ? t("saved_restart") : t("saved"); }
  }

  // --- pairing, simulation, tabs --------------------------------------------------------------
  async function pair(event) {
    event.preventDefault();
    const pin = $("#pin").value.trim();
    if (!/^[0-9]{6}$/.test(pin)) return show(t("pin_six_digits"));  // costs no try
    const r = await api("POST", "/api/pair", {pin});
    if (r.ok) {
      $("#pair").hidden = true;
      show("");
      companion.announce.note(t("paired"));
      app.stream.reopen();
      setPaired(true);
    }
  }

  function setPaired(on) {
    if (app.status) app.status.paired = on;
    if (app.state) setState(app.state);  // fetch the moves (or drop them) and draw again
  }

  // This phone is a watcher now: the PIN box, and a banner saying why.
  function unpaired(said) {
    $("#pair").hidden = false;
    setPaired(false);
    companion.announce.note(said);
  }

  // A tap with a large effect asks first: the button says what a second tap within a few
  // seconds will do. True when this tap is the second (go ahead).
  function confirmed(b, asking) {
    if (b.dataset.armed) { disarm(b); return true; }
    b.dataset.armed = "1";
    b.textContent = t(asking);
    b.classList.add("danger");
    b.timer = setTimeout(() => disarm(b), 5000);
    return false;
  }
  function disarm(b) {
    clearTimeout(b.timer);
    delete b.dataset.armed;
    b.textContent = t(b.dataset.t);
    b.classList.remove("danger");
  }

  // Unpairing every phone locks the whole table out until each pairs again.
  function unpairAll() {
    const b = $("#unpair-all");
    if (!confirmed(b, "unpair_all_confirm")) return;
    b.disabled = true;
    api("POST", "/api/unpair", {}).then((r) => {
      b.disabled = false;
      if (r.ok) { unpaired(t("unpaired_all")); tab("play"); }
    });
  }

  function simButtons(names) {
    const box = $("#sim-buttons");
    box.replaceChildren();
    for (const name of names) {
      const b = button(name === "ok" ? "OK" : `P${Number(name.slice(1)) + 1}`, () => {}, "secondary");
      b.dataset.button = name;
      const press = (pressed) => (e) => { e.preventDefault(); api("POST", "/api/sim/button", {name, pressed}); };
      b.addEventListener("pointerdown", press(true));
      b.addEventListener("pointerup", press(false));
      b.addEventListener("pointerleave", (e) => { if (e.buttons) press(false)(e); });
      box.append(b);
    }
  }

  function tab(name) {
    show("");  // a refusal was about what the tab it came from showed
    document.querySelectorAll("nav button").forEach((b) => b.classList.toggle("on", b.dataset.tab === name));
    document.querySelectorAll("section.tab").forEach((s) => { s.hidden = s.id !== name; });
    if (name === "setup") loadGames();
    if (name === "roster") loadPlayersTab();
  }

  // Walking through a finished game (replay.js): loaded when first asked for.
  async function openReplay(g) {
    await ensureGame(g.game);
    if (!companion.replay) {
      await new Promise((resolve, reject) => {
        const code = document.createElement("script");
        code.src = "/static/replay.js";
        code.addEventListener("load", resolve);
        code.addEventListener("error", reject);
        document.head.append(code);
      });
    }
    tab("history");
    companion.replay.open(g, {api, t, title: known(g.game).title});
  }

  // The Players tab's code, words and style load when it is first opened: a phone that only
  // plays never downloads them.
  function loadPlayersTab() {
    if (app.playersTab) return;
    app.playersTab = true;
    const css = document.createElement("link");
    css.rel = "stylesheet";
    css.href = "/static/players.css";
    const code = document.createElement("script");
    code.src = "/static/players.js";
    document.head.append(css, code);
  }

  async function init() {
    if (!(await companion.i18n.load(lang))) { lang = "en"; await companion.i18n.load(lang); }
    translatePage();
    if (await companion.pairing.fromFragment()) companion.announce.note(t("paired"));  // scanned
    const r = await api("GET", "/api/status");
    if (!r.ok) return;
    app.status = r.data;
    $("#pair").hidden = r.data.paired;
    const games = $("#game");
    for (const g of r.data.games) games.add(new Option(known(g).title, g));
    offerTableLanguage();
    setupGameChanged();
    if (r.data.simulate) {
      document.querySelector("nav [data-tab=sim]").hidden = false;
      simButtons(r.data.buttons);
    }
    document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => {
      tab(b.dataset.tab);
      if (b.dataset.tab === "history") showNewest();
    }));
    $("#game").addEventListener("change", setupGameChanged);
    $("#add-player").addEventListener("click", () => {
      playerInputs($("#players").querySelectorAll("input, select").length + 1);
      setupGameChanged();
    });
    $("#setup-form").addEventListener("submit", startGame);
    for (const kind of ["input", "change"]) {  // a setup error is about the form as it was
      $("#setup-form").addEventListener(kind, () => show(""));
    }
    $("#pair-form").addEventListener("submit", pair);
    $("#hardware-form").addEventListener("submit", saveHardware);
    $("#unpair-all").addEventListener("click", unpairAll);
    $("#hardware").addEventListener("toggle", () => { if ($("#hardware").open) loadHardware(); });
    $("#undo").addEventListener("click", async () => {
      // One tap takes back one move: the button rests until the answer, and the table
      // refuses an undo of a game that changed since this page saw it (undo_stale).
      if (!app.state) return;
      $("#undo").disabled = true;
      await api("POST", `/api/games/${app.state.id}/undo`, {actions: app.state.actions});
      $("#undo").disabled = !app.state || !app.state.actions;
    });
    $("#page-lang").addEventListener("change", async (e) => {
      if (!(await companion.i18n.load(e.target.value))) return;
      lang = e.target.value;
      document.cookie = `companion_lang=${lang}; path=/; max-age=31536000; SameSite=Strict`;
      translatePage();
      render();
      setupGameChanged();
      // translatePage() reset the badge to its markup; say what the stream really is.
      const on = Boolean(app.stream) && app.stream.open;
      $("#live").classList.toggle("off", !on);
      $("#live").textContent = t(on ? "live" : "offline");
      drawHistory();  // the history speaks the new language at once
      offerTableLanguage();
      document.dispatchEvent(new CustomEvent("companion:language", {detail: lang}));  // other tabs
    });
    connect();
  }

  document.addEventListener("DOMContentLoaded", init);
})();
