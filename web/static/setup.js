// The New game tab: the setup form (the game, its players and options, the table's language),
// the stored games (shown again or walked through), the hardware settings and unpairing every
// phone. The page's shell (app.js) lends its helpers through the namespace.
(function () {
  "use strict";
  const companion = window.companion, app = companion;
  const $ = (sel) => document.querySelector(sel);
  const t = (...args) => companion.t(...args);
  const known = companion.gameInfo;  // core.js: a game's title, players, colours

  // The stored games, as last fetched: drawn again in a language chosen later
  let stored = null;

  async function loadGames() {
    stored = await app.api("GET", "/api/games");
    drawGames();
  }

  function drawGames() {
    const r = stored, list = $("#games");
    list.replaceChildren();
    $("#no-games").hidden = !r.ok || r.data.games.length > 0;  // a fresh table says so
    if (!r.ok) return;
    for (const g of r.data.games.slice(0, 30)) {
      const li = document.createElement("li");
      const status = g.status !== "over" ? t(g.status)
        : g.winner == null ? t("drawn") : t("finished", {p: app.playerNames(g.game, g.winner, g.names)});
      const players = g.players.map((p) => app.playerName(g.game, p, g.names)).join(", ");
      li.textContent = t("label_value", {label: `#${g.id} ${known(g.game).title}`, value: `${players} (${status})`}) + " ";
      li.append(app.button(t("show"), async () => {
        const res = await app.api("POST", `/api/games/${g.id}/current`, {});
        if (res.ok) { app.setState(res.data); app.tab("play"); }
      }, "secondary"));
      if (g.status === "over" && g.actions) li.append(" ", app.button(t("rp_open"), () => app.openReplay(g), "secondary"));
      li.append(" ", downloadLink(g), " ", deleteButton(g));
      list.append(li);
    }
  }

  document.addEventListener("companion:language", () => stored && drawGames());

  // The game as the file `companion replay` takes: a plain link, saved under the server's
  // name for it (Content-Disposition). Public, as the game's history is.
  function downloadLink(g) {
    const a = document.createElement("a");
    a.href = `/api/games/${g.id}/actions.jsonl`;
    a.setAttribute("download", "");
    a.className = "button secondary";
    a.dataset.t = "game_download";
    a.textContent = t("game_download");
    return a;
  }

  // A game started by mistake or left unfinished can go; asked first, naming it (a stray
  // tap loses nothing). The table then shows its newest unfinished game, or none.
  function deleteButton(g) {
    const b = app.button(t("delete_game"), async () => {
      if (!companion.confirm.armed(b, "delete_confirm", {id: g.id})) return;
      b.disabled = true;
      await app.api("DELETE", `/api/games/${g.id}`, {});  // the stream's "games" reloads the list
      b.disabled = false;
    }, "secondary");
    b.dataset.t = "delete_game";
    return b;
  }

  // Who sat down at the newest game (/api/games/new, sessions/people.py): its people in their
  // seats, each with the colour they last played. The form starts from them, as long as
  // nobody has changed it since (`touched`) or is at it (`prefill`; `waiting` then, until
  // they leave it), and a person typed into a game of colours gets their own colour back.
  let people = [], filled = null, waiting = false;
  // The form's fields as they are now (those with a name: the game, its players and their
  // colours, its options; not the table's language, which the table's status sets).
  const formNow = () => JSON.stringify([...$("#setup-form").elements].filter((el) => el.name)
    .map((el) => [el.name, el.type === "checkbox" ? el.checked : el.value]));
  // Changed since the form was last filled in (or a game started from it): anything typed,
  // picked, added or removed that is still there. A name typed and erased again, a colour
  // picked and picked back, is no change: the form is as it was.
  const touched = () => formNow() !== filled;
  const colourOf = (name) => {
    const known = name && people.find((p) => p.name && p.name.toLowerCase() === name.trim().toLowerCase());
    return known ? known.colour : null;
  };

  // The player rows as they are now: each a name typed and, in a game of colours, the colour.
  function rows() {
    return [...$("#players").querySelectorAll(".row")].map((row) => ({
      name: row.querySelector("input").value, colour: (row.querySelector("select") || {}).value || null}));
  }

  function playerInputs(n, from = rows()) {
    const box = $("#players");
    const legend = box.querySelector("legend");
    box.replaceChildren(legend);
    const colours = known($("#game").value).colours, fewest = known($("#game").value).players[0];
    // Two players sit opposite: the colours suggested are across the board (seat order is
    // clockwise, so every other colour), not side by side, as the game's rules advise.
    const suggested = colours && n === 2 ? colours.filter((_, i) => i % 2 === 0) : colours;
    // A colour is one player's: each row keeps its own (chosen, or its person's), once; the
    // others take the first suggested one not taken.
    const chosen = [];
    for (let i = 0; colours && i < n; i++) {
      const row = from[i] || {name: ""}, own = row.colour || colourOf(row.name);
      chosen.push(colours.includes(own) && !chosen.includes(own) ? own : null);
    }
    chosen.forEach((c, i) => { if (!c) chosen[i] = [...suggested, ...colours].find((x) => !chosen.includes(x)); });
    for (let i = 0; i < n; i++) {
      const input = document.createElement("input");
      input.maxLength = 32;  // as the table takes a name (rules/players.py)
      input.value = (from[i] || {}).name || "";
      input.setAttribute("aria-label", t("player_n", {n: i + 1}));
      const field = document.createElement("div");
      field.className = "row";
      field.append(input);
      if (colours) {  // players are colours: figures of that colour stand on the board
        input.name = "person";  // who plays it: optional, the colour stands for them without
        const select = document.createElement("select");
        select.name = "player";
        colours.forEach((c) => select.add(new Option(t(c), c)));
        select.value = chosen[i];
        select.setAttribute("aria-label", t("colour_n", {n: i + 1}));
        input.placeholder = t(select.value);
        select.addEventListener("change", () => { input.placeholder = t(select.value); });
        field.append(select);
      } else {
        input.name = "player";
        input.placeholder = t("player_n", {n: i + 1});
      }
      box.append(field);
      if (i < fewest) continue;
      // a field added by mistake goes; the keyboard stays on the next ×, else adding a player
      const x = app.button("×", () => {
        field.remove();
        setupGameChanged();
        const left = box.querySelectorAll(".remove-player");
        (left[i - fewest] || left[left.length - 1] || $("#add-player")).focus();
      }, "secondary remove-player");
      x.type = "button";  // not the form's submit
      x.setAttribute("aria-label", t("remove_player", {n: i + 1}));
      field.append(x);
    }
  }

  // The newest game's people, fetched again (a game started since, on any phone): the form
  // shows them unless it has been changed since it last did, or a player is at it (the focus
  // in it: a field tapped, the keyboard up, nothing typed yet). Its fields are made anew:
  // one swapped under the finger would take the focus and the keyboard with it, and what
  // was typed next would land nowhere. Left alone so, they are looked up again once the
  // player leaves the form (`leftForm`).
  const atForm = () => $("#setup-form").contains(document.activeElement);
  async function prefill() {
    const r = await app.api("GET", "/api/games/new");
    if (!r.ok || touched() || !r.data.people.length) return;
    waiting = atForm();
    if (waiting) return;
    people = r.data.people;
    if (r.data.game && [...$("#game").options].some((o) => o.value === r.data.game)) $("#game").value = r.data.game;
    const [min, max] = known($("#game").value).players;
    const n = Math.min(max, Math.max(min, people.length));
    playerInputs(n, people.map((p) => ({name: p.name || "", colour: p.colour})));
    setupGameChanged();
    filled = formNow();
  }

  // The focus has left a field of the form, where people were left alone: looked up again.
  // Where it went is prefill's question, when they come: to another of the form's fields (a
  // player still at it), or back to the same one after a look at another app, they are left
  // alone again.
  function leftForm() {
    if (waiting && !touched()) prefill();
  }

  function setupGameChanged() {
    const game = $("#game").value, [min, max] = known(game).players;
    const current = $("#players").querySelectorAll(".row").length;
    playerInputs(Math.min(max, Math.max(min, current || min)));
    $("#add-player").hidden = current >= max || min === max;
    for (const box of document.querySelectorAll("[id^=options-]")) box.hidden = box.id !== "options-" + game;
    showPartners();
  }

  // Stramash in pairs: who plays with whom, before the start. Partners sit opposite, so
  // with the seats in order (clockwise) a player's partner is half the table further on.
  function showPartners() {
    const note = $("#sm-partners"), pairs = $("#options-stramash [name=pairs]");
    if (!note || !pairs) return;
    const fields = [...$("#players").querySelectorAll("[name=player]")];
    const names = fields.map((el) => el.value.trim() || el.placeholder), half = names.length / 2;
    note.hidden = $("#game").value !== "stramash" || !pairs.checked;
    if (names.length !== 4 && names.length !== 6) {
      note.textContent = t("sm_pairs_count", {n: names.length});
      return;
    }
    const teams = names.slice(0, half).map((name, i) => `${name} & ${names[i + half]}`);
    note.textContent = t("sm_partners", {teams: teams.join(" · ")});
  }

  // A field's words as the table should judge them: a whole number as a number, anything else
  // as typed (the table's refusal then quotes it). A number too long for JavaScript to hold
  // exactly (past 2^53) is sent as typed too: as a number it would be rounded, and the
  // refusal would quote a number nobody typed.
  const number = (v) => (/^-?[0-9]+$/.test(v) && Number.isSafeInteger(Number(v)) ? Number(v) : v);

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
    if (twice) return app.show(t("colour_twice", {c: t(twice)}));
    // A game on the table is left (it stays among the stored games): asked first, of a
    // paired phone (one that is not is told at once that it must pair, not asked first).
    const submit = $("#setup-form button[type=submit]"), paired = $("#pair").hidden;
    if (paired && app.state && app.state.status === "playing" && !companion.confirm.armed(submit, "start_confirm")) return;
    // The game's options are its fieldset's fields: a box ticked or not, a number (data-number;
    // a text field, not type=number, whose value hides words that are no number and whose
    // check speaks the browser's language), a word, or JSON (data-error names the words for
    // JSON that does not parse). An emptied number or JSON field is left out: the default.
    const options = {};
    for (const el of $(`#options-${game}`) ? $(`#options-${game}`).querySelectorAll("[name]") : []) {
      const value = el.value.trim();
      if (el.type === "checkbox") options[el.name] = el.checked;
      else if (el.dataset.number !== undefined) { if (value) options[el.name] = number(value); }
      else if (el.dataset.error === undefined) options[el.name] = value;
      else if (value) {
        try { options[el.name] = JSON.parse(value); } catch (e) { return app.show(t(el.dataset.error)); }
      }
    }
    await app.api("PUT", "/api/settings", {language: $("#table-lang").value});
    // Who plays each colour, where a name is given (the statistics count them, not colours).
    const names = {};
    if (known(game).colours) {
      for (const row of $("#players").querySelectorAll(".row")) {
        const name = row.querySelector("[name=person]").value.trim();
        if (name) names[row.querySelector("[name=player]").value] = name;
      }
    }
    const r = await app.api("POST", "/api/games", {game, players, options, ...(Object.keys(names).length ? {names} : {})});
    if (r.ok) { filled = formNow(); app.show(""); app.tab("play"); app.focusPlay(); }
  }

  // The table's language (its display) in the setup form: the one chosen, by a phone or the
  // config file; none chosen yet (a new box), this page's own, which starting a game makes
  // the table's.
  function offerTableLanguage() {
    const s = app.status;
    if (s) $("#table-lang").value = s.language_chosen ? s.language : companion.i18n.lang;
  }

  // --- hardware settings -------------------------------------------------------------------
  const LISTS = ["buttons.players", "leds.players"];
  const NUMBERS = ["buttons.ok", "buzzer.pin", "display.address", "race.countdown_s"];

  async function loadHardware() {
    const r = await app.api("GET", "/api/settings");
    if (!r.ok) return;
    for (const el of $("#hardware-form").elements) {
      if (!el.name) continue;
      const [section, key] = el.name.split(".");
      const value = r.data.hardware[section][key];
      el.value = Array.isArray(value) ? value.join(", ") : (value === null ? "-1" : String(value));
    }
    $("#hardware-note").textContent = r.data.restart_needed ? t("saved_restart") : "";
  }

  // An emptied pin field is "none" (`number` says how the other fields' words are sent).
  const OPTIONAL = ["buttons.ok", "buzzer.pin"];

  async function saveHardware(event) {
    event.preventDefault();
    const hardware = {};
    for (const el of $("#hardware-form").elements) {
      if (!el.name) continue;
      const [section, key] = el.name.split(".");
      let value = el.value.trim();
      if (LISTS.includes(el.name)) value = value.split(/[\s,]+/).filter(Boolean).map(number);
      else if (OPTIONAL.includes(el.name) && value === "") value = null;
      else if (NUMBERS.includes(el.name)) value = number(value);
      (hardware[section] = hardware[section] || {})[key] = value;
    }
    const note = $("#hardware-note");
    companion.unrefuse(note, $("#hardware-form").elements);  // a note from an earlier save is not about this one
    const r = await app.api("PUT", "/api/settings", {hardware});
    if (r.ok) { app.show(""); note.textContent = r.data.restart_needed ? t("saved_restart") : t("saved"); }
    else refusedAtField(r.data && r.data.error);
  }

  // A refused value is said beside the form, at its field (the refusal's key is the field's
  // name, "buttons.players[1]" for a list's second pin): marked, described and focused, where
  // the phone's eyes are, not at the top of a long page.
  function refusedAtField(error) {
    const key = error && error.code === "bad_setting" && error.params && error.params.key;
    const field = key && $("#hardware-form").elements.namedItem(String(key).replace(/\[\d+\]$/, ""));
    if (!field || !field.name) return;  // not one field's (the whole request): said at the top
    companion.refusedAt($("#hardware-note"), field, error);
  }

  // Unpairing every phone locks the whole table out until each pairs again.
  function unpairAll() {
    const b = $("#unpair-all");
    if (!companion.confirm.armed(b, "unpair_all_confirm")) return;
    b.disabled = true;
    app.api("POST", "/api/unpair", {}).then((r) => {
      b.disabled = false;
      if (r.ok) { app.unpaired(t("unpaired_all")); app.tab("play"); }
    });
  }

  function init(status) {
    const games = $("#game");
    for (const g of status.games) games.add(new Option(known(g).title, g));
    offerTableLanguage();
    setupGameChanged();
    filled = formNow();  // the form as it starts: nothing typed yet
    $("#game").addEventListener("change", setupGameChanged);
    $("#add-player").addEventListener("click", () => {
      playerInputs($("#players").querySelectorAll(".row").length + 1);
      setupGameChanged();
    });
    $("#setup-form").addEventListener("submit", startGame);
    for (const kind of ["input", "change"]) {  // a setup error is about the form as it was
      $("#setup-form").addEventListener(kind, () => app.show(""));
    }
    $("#setup-form").addEventListener("focusout", leftForm);
    $("#setup-form").addEventListener("input", showPartners);
    $("#setup-form").addEventListener("change", showPartners);
    $("#hardware-form").addEventListener("submit", saveHardware);
    $("#unpair-all").addEventListener("click", unpairAll);
    $("#hardware").addEventListener("toggle", () => { if ($("#hardware").open) loadHardware(); });
  }

  companion.setup = {init, loadGames, prefill, changed: setupGameChanged, offerTableLanguage};
})();
