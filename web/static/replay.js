// Walking through a finished game: the board as it lay after each action, the stored log
// replayed through the rule core by the server (/api/games/ID/at/STEP), with the history's
// sentence for that action. Loaded by the page (openReplay in app.js) when first asked for;
// it builds its own panel at the top of the History tab (its words are in the page's catalog),
// with the replayed game's lines up to the step shown below it: the table's game's history
// stays hidden while the panel is open (it is another game's).
(function () {
  "use strict";

  const view = {game: null, steps: 0, step: 0, data: null, lines: [], states: new Map(), asked: 0, tools: null};

  function el(tag, attrs, text) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // A control's picture: an SVG path (`shape`) in the button's colour, 18 px square.
  function drawing(shape) {
    const svg = (tag, attrs) => {
      const node = document.createElementNS("http://www.w3.org/2000/svg", tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      return node;
    };
    const picture = svg("svg", {viewBox: "0 0 16 16", width: "18", height: "18", "aria-hidden": "true"});
    picture.append(svg("path", {d: shape, fill: "currentColor"}));
    return picture;
  }

  function panel() {
    let box = document.getElementById("replay");
    if (box) return box;
    const t = view.tools.t;
    box = el("div", {id: "replay", class: "replay"});
    const controls = el("div", {class: "row"});
    const slider = el("input", {id: "replay-step", type: "range", min: "0", value: "0", "aria-label": t("rp_slider")});
    slider.addEventListener("input", () => go(Number(slider.value)));
    // Each control drawn (a path), not a character: ⏮ ⏭ are in few phones' fonts (a box),
    // and ◀ ▶ become emoji on some.
    const tools = [["replay-first", "M2 2h2.5v12H2zM14 2v12L5 8z", "rp_first", () => go(0)],
      ["replay-prev", "M12 2v12L3 8z", "rp_prev", () => go(view.step - 1)], null,
      ["replay-next", "M4 2v12l9-6z", "rp_next", () => go(view.step + 1)],
      ["replay-last", "M2 2v12l9-6zM11.5 2H14v12h-2.5z", "rp_last", () => go(view.steps)]];
    for (const tool of tools) {
      if (!tool) { controls.append(slider); continue; }
      const [id, shape, label, onClick] = tool;
      const b = el("button", {id, type: "button", class: "secondary", "aria-label": t(label), title: t(label)});
      b.append(drawing(shape));
      b.addEventListener("click", onClick);
      controls.append(b);
    }
    const close = el("button", {id: "replay-close", type: "button", class: "secondary"}, t("rp_close"));
    close.addEventListener("click", () => { box.hidden = true; showTables(true); });
    box.append(el("h2", {id: "replay-title"}), el("div", {id: "replay-board"}),
      el("p", {id: "replay-count"}), el("p", {id: "replay-line", "aria-live": "polite"}), controls, close,
      el("ol", {id: "replay-history"}));
    box.addEventListener("keydown", (e) => {
      if (e.target.id === "replay-step") return;  // the slider has its own keys
      if (e.key === "ArrowLeft") go(view.step - 1);
      if (e.key === "ArrowRight") go(view.step + 1);
    });
    document.getElementById("history").prepend(box);
    return box;
  }

  // The table's game's history (history.js), out of sight while another game is replayed.
  function showTables(on) {
    document.getElementById("history-list").hidden = !on;
  }

  async function open(game, tools) {
    view.tools = tools;
    const t = tools.t;
    const box = panel();
    box.hidden = false;
    showTables(false);
    view.game = game;
    view.steps = game.actions;
    view.states = new Map();
    const result = game.winner == null ? t("drawn")
      : t("finished", {p: Array.isArray(game.winner) ? game.winner.join(" & ") : game.winner});
    document.getElementById("replay-title").textContent = t("rp_title", {game: tools.title, id: game.id, result});
    const slider = document.getElementById("replay-step");
    slider.max = String(view.steps);
    const history = await tools.api("GET", `/api/games/${game.id}/history`);
    view.data = history.ok ? history.data : null;
    view.lines = history.ok ? window.companion.historyLines(history.data) : [];
    await go(0);
    document.getElementById("replay-next").focus();
  }

  async function go(step) {
    const {api, t} = view.tools;
    step = Math.max(0, Math.min(view.steps, step));
    const asked = ++view.asked;  // quick taps: only the newest answer is drawn
    let state = view.states.get(step);
    if (!state) {
      const r = await api("GET", `/api/games/${view.game.id}/at/${step}`);
      if (!r.ok) return;
      state = r.data.state;
      view.states.set(step, state);
    }
    if (asked !== view.asked) return;
    view.step = step;
    document.getElementById("replay-board").innerHTML = window.companion.board(state, t);
    window.companion.fitTexts(document.getElementById("replay-board"));
    document.getElementById("replay-count").textContent = t("rp_step", {k: step, n: view.steps});
    document.getElementById("replay-line").textContent = step ? view.lines[step - 1] || "" : t("rp_start");
    const list = document.getElementById("replay-history");
    if (view.data) window.companion.historyTab.fill(list, view.data, step);  // as the History tab's
    else list.replaceChildren();
    document.getElementById("replay-step").value = String(step);
    document.getElementById("replay-prev").disabled = step === 0;
    document.getElementById("replay-first").disabled = step === 0;
    document.getElementById("replay-next").disabled = step === view.steps;
    document.getElementById("replay-last").disabled = step === view.steps;
  }

  window.companion.replay = {open};  // the page (app.js) opens it
})();
