// The phone page: pair, set up a game, enter what happened on the table, watch it live.
// Only the legal actions (from the rule core's enumeration) are offered; the server still
// validates every one and its refusal is shown in the page's language.
(function () {
  "use strict";
  const $ = (sel) => document.querySelector(sel);
  const esc = window.escapeHtml;
  const PLAYERS = {howruck: [2, 2], laufrauf: [2, 4], tauziehen: [2, 2], stramash: [2, 6]};
  const COLOURS = {laufrauf: ["red", "blue", "green", "yellow"]};
  const TITLES = {howruck: "How Ruck!", laufrauf: "Lauf Rauf!", tauziehen: "Tauziehen", stramash: "Stramash"};
  const app = {status: null, state: null, legal: [], picked: null, race: null, stream: null};
  window.companion = app;

  let lang = readCookie("companion_lang") || document.body.dataset.lang || "en";
  const t = (key, params) => {
    const text = (window.STRINGS[lang] || window.STRINGS.en)[key] || window.STRINGS.en[key] || key;
    return text.replace(/\{(\w+)\}/g, (_, k) => (params && k in params ? params[k] : `{${k}}`));
  };

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
      if (response.status === 401) $("#pair").hidden = false;
    }
    return {ok: response.ok, status: response.status, data};
  }

  function show(text, code) {
    const box = $("#message");
    box.textContent = text || "";
    box.dataset.code = code || "";
    box.hidden = !text;
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
      state: (data) => setState(data),
      race: (data) => { app.race = data; renderPrompt(); },
      frame: (data) => { $("#oled").src = data; },
      games: () => loadGames(),
    }, (on) => { live.classList.toggle("off", !on); live.textContent = t(on ? "live" : "offline"); });
  }

  async function setState(state) {
    app.state = state;
    app.picked = null;
    if (state && state.status === "playing") {
      const r = await api("GET", `/api/games/${state.id}/legal`);
      app.legal = r.ok ? r.data.actions : [];
    } else {
      app.legal = [];
    }
    render();
    loadHistory();
  }

  // --- the play tab ---------------------------------------------------------------------------
  function render() {
    const s = app.state;
    $("#no-game").hidden = !!s;
    $("#board").innerHTML = s ? window.board(s, t) : "";
    $("#undo").disabled = !s || !s.actions;
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
    else if (s && s.phase === "teams") text = t("teams");
    else if (s && s.phase === "tiebreak") text = t("tiebreak");
    else if (s && s.turn) text = t("turn", {p: s.turn});
    $("#prompt").textContent = text;
  }

  function cardName(card) {
    if (card.action) return t(card.action);
    if (card.nessie) return t("nessie") + (card.howruck ? " ✶" : "");
    return `${t(card.color)} ${card.strength}${card.howruck ? " ✶" : ""}`;
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
    const s = app.state;
    if (!s || !app.legal.length) return;
    const ui = gameUi(s);
    if (ui && ui.choices) {
      return ui.choices(s, app.legal, {t, button, send, choices, places, rerender: renderChoices,
        picked: () => app.picked, pick: (key) => { app.picked = key; renderChoices(); }});
    }
    if (s.game !== "howruck") {
      app.legal.slice(0, 60).forEach((a) => choices.append(button(JSON.stringify(a), () => send(a), "secondary")));
      return;
    }
    if (s.phase === "teams") {
      choices.append(button(t("start_race"), () => api("POST", "/api/race", {})));
      app.legal.filter((a) => a.type === "race").forEach((a) =>
        choices.append(button(a.tie ? t("tie") : t("winner_is", {p: a.winner}), () => send(a), "secondary")));
      return;
    }
    if (s.phase === "tiebreak") return renderTiebreak(choices);
    // the tug: first the card, then where it goes
    const groups = new Map();
    for (const a of app.legal) {
      const key = a.type === "play" ? JSON.stringify(a.card) : "action:" + a.card;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(a);
    }
    for (const [key, actions] of groups) {
      const first = actions[0];
      const card = first.type === "play" ? first.card : {action: first.card};
      const cls = "card card-" + (card.color || "action") + (app.picked === key ? " picked" : "");
      choices.append(button(cardName(card), () => { app.picked = key; renderChoices(); }, cls));
    }
    if (app.picked && groups.has(app.picked)) {
      for (const a of groups.get(app.picked)) places.append(button(placeLabel(a), () => send(a)));
      places.scrollIntoView({block: "nearest", behavior: "smooth"});
    }
  }

  function placeLabel(a) {
    if (a.type === "play") return t("side_field", {side: a.side, field: t(a.field)});
    if (a.forgo) return t("forgo", {c: t(a.card)});
    const parts = [t(a.card)];
    if (a.value !== undefined) parts.push(t("value", {v: a.value}));
    if (a.from !== undefined) parts.push(t("from", {side: a.from}) + " " + t(a.field));
    if (a.take) parts.push(t("take") + ": " + (a.take.discard ? t("discard") + " " : "") +
      cardName(a.take.card || {action: a.take.action}) + (a.take.side ? ` → ${a.take.side} ${t(a.take.field)}` : ""));
    return parts.join(" · ");
  }

  function renderTiebreak(choices) {
    const players = app.state.players, options = players.map(() => new Map());
    for (const a of app.legal) {
      players.forEach((p, i) => options[i].set(JSON.stringify(a.draws[p]), a.draws[p]));
    }
    const selects = players.map((p, i) => {
      const label = document.createElement("label");
      label.innerHTML = `<span>${esc(t("draw_for", {p}))}</span>`;
      const select = document.createElement("select");
      for (const [key, card] of options[i]) select.add(new Option(cardName(card), key));
      label.append(select);
      choices.append(label);
      return select;
    });
    choices.append(button(t("send"), () => {
      const draws = {};
      players.forEach((p, i) => { draws[p] = JSON.parse(selects[i].value); });
      send({type: "tiebreak", draws});
    }));
  }

  async function send(action) {
    const s = app.state;
    const r = await api("POST", `/api/games/${s.id}/actions`, action);
    if (r.ok) show("");
  }

  // --- history, games, setup ------------------------------------------------------------------
  async function loadHistory() {
    const list = $("#history-list");
    list.replaceChildren();
    if (!app.state) return;
    const r = await api("GET", `/api/games/${app.state.id}/history`);
    if (!r.ok) return;
    r.data.actions.forEach((a, i) => {
      const li = document.createElement("li");
      li.textContent = describe(a, (r.data.events || [])[i] || []);
      list.append(li);
    });
  }

  function gameUi(s) {
    return (window.GAME_UI || {})[s.game];
  }

  function describe(a, events) {
    const ui = app.state && gameUi(app.state);
    if (ui && ui.describe) return ui.describe(a, t);
    if (a.type === "race") return describeRace(a, events.find((e) => e.type === "race"));
    if (a.type === "play" && a.card && a.card.color) return `${a.player || ""}: ${cardName(a.card)} → ${a.side} ${t(a.field)}`;
    if (a.type === "action") return `${a.player || ""}: ${placeLabel(a)}`;
    return JSON.stringify(a);
  }

  function describeRace(a, e) {
    // The press-times form is decided by the core: its event carries winner and margin.
    const r = e || a;
    const ms = (us) => (us / 1000).toFixed(1);
    if (r.tie) return r.margin_us != null ? t("tie_margin", {ms: ms(r.margin_us)}) : t("tie");
    if (r.reason === "false_start") {
      return t("won_by_false_start", {p: r.winner, q: (r.false_starts || []).filter((p) => p !== r.winner).join(", ")});
    }
    if (r.margin_us != null) return t("won_by_margin", {p: r.winner, ms: ms(r.margin_us)});
    return t("winner_is", {p: r.winner});
  }

  async function loadGames() {
    const r = await api("GET", "/api/games");
    const list = $("#games");
    list.replaceChildren();
    if (!r.ok) return;
    for (const g of r.data.games.slice(0, 30)) {
      const li = document.createElement("li");
      const status = g.status === "over" ? t("finished", {p: g.winner}) : t(g.status);
      li.textContent = `#${g.id} ${TITLES[g.game] || g.game}: ${g.players.join(", ")} (${status}) `;
      li.append(button(t("show"), async () => {
        const res = await api("POST", `/api/games/${g.id}/current`, {});
        if (res.ok) { setState(res.data); tab("play"); }
      }, "secondary"));
      list.append(li);
    }
  }

  function playerInputs(n) {
    const box = $("#players");
    const legend = box.querySelector("legend");
    const old = [...box.querySelectorAll("input, select")].map((i) => i.value);
    box.replaceChildren(legend);
    const colours = COLOURS[$("#game").value];
    for (let i = 0; i < n; i++) {
      const input = document.createElement(colours ? "select" : "input");
      input.name = "player";
      input.required = true;
      if (colours) {  // players are colours: figures of that colour stand on the board
        colours.forEach((c) => input.add(new Option(t(c), c)));
        input.value = colours.includes(old[i]) ? old[i] : colours[i % colours.length];
      } else {
        input.maxLength = 24;
        input.placeholder = t("player_n", {n: i + 1});
        input.value = COLOURS.laufrauf.includes(old[i]) ? "" : old[i] || "";
      }
      input.setAttribute("aria-label", t("player_n", {n: i + 1}));
      box.append(input);
    }
  }

  function setupGameChanged() {
    const game = $("#game").value, [min, max] = PLAYERS[game] || [2, 2];
    const current = $("#players").querySelectorAll("input, select").length;
    playerInputs(Math.min(max, Math.max(min, current || min)));
    $("#add-player").hidden = current >= max || min === max;
    for (const box of document.querySelectorAll("[id^=options-]")) box.hidden = box.id !== "options-" + game;
  }

  async function startGame(event) {
    event.preventDefault();
    const form = new FormData($("#setup-form"));
    const game = $("#game").value;
    const players = form.getAll("player").map((p) => String(p).trim());
    const options = {};
    if (game === "howruck") {
      options.ladder = Number(form.get("ladder"));
      options.own_side_only = form.get("own_side_only") === "on";
      options.tie_window_ms = Number(form.get("tie_window_ms"));
      options.false_start = form.get("false_start");
    } else if (game === "stramash") {
      options.pairs = form.get("pairs") === "on";
    } else if (game === "laufrauf") {
      options.huckauf = form.get("huckauf");
      const board = String(form.get("board") || "").trim();
      if (board) {
        try { options.board = JSON.parse(board); } catch (e) { return show(t("lr_board_json")); }
      }
    }
    await api("PUT", "/api/settings", {language: $("#table-lang").value});
    const r = await api("POST", "/api/games", {game, players, options});
    if (r.ok) { show(""); tab("play"); }
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
    const r = await api("POST", "/api/pair", {pin: $("#pin").value});
    if (r.ok) { $("#pair").hidden = true; show(""); app.stream.reopen(); }
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
    document.querySelectorAll("nav button").forEach((b) => b.classList.toggle("on", b.dataset.tab === name));
    document.querySelectorAll("section.tab").forEach((s) => { s.hidden = s.id !== name; });
    if (name === "setup") loadGames();
  }

  async function init() {
    translatePage();
    await window.companionPairing.fromFragment();  // the QR code's secret, if scanned
    const r = await api("GET", "/api/status");
    if (!r.ok) return;
    app.status = r.data;
    $("#pair").hidden = r.data.paired;
    const games = $("#game");
    for (const g of r.data.games) games.add(new Option(TITLES[g] || g, g));
    const ladder = document.querySelector("select[name=ladder]");
    for (let n = 6; n <= 20; n += 2) ladder.add(new Option(String(n), String(n), n === 12, n === 12));
    $("#table-lang").value = r.data.language;
    setupGameChanged();
    if (r.data.simulate) {
      document.querySelector("nav [data-tab=sim]").hidden = false;
      simButtons(r.data.buttons);
    }
    document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => tab(b.dataset.tab)));
    $("#game").addEventListener("change", setupGameChanged);
    $("#add-player").addEventListener("click", () => {
      playerInputs($("#players").querySelectorAll("input, select").length + 1);
      setupGameChanged();
    });
    $("#setup-form").addEventListener("submit", startGame);
    $("#pair-form").addEventListener("submit", pair);
    $("#hardware-form").addEventListener("submit", saveHardware);
    $("#hardware").addEventListener("toggle", () => { if ($("#hardware").open) loadHardware(); });
    $("#undo").addEventListener("click", async () => {
      if (app.state) await api("POST", `/api/games/${app.state.id}/undo`, {});
    });
    $("#page-lang").addEventListener("change", (e) => {
      lang = e.target.value;
      document.cookie = `companion_lang=${lang}; path=/; max-age=31536000; SameSite=Strict`;
      translatePage();
      render();
      setupGameChanged();
    });
    connect();
  }

  document.addEventListener("DOMContentLoaded", init);
})();
