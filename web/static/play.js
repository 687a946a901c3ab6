// The Play tab: the game the table shows, whose turn it is, the moves this phone may make
// (only the legal ones; the server still validates every one and its refusal is shown in the
// page's language), and taking one back.
(function () {
  "use strict";
  const companion = window.companion, app = companion;  // the page's state (app.js)
  const {api, show, button, t} = companion;  // core.js, i18n.js
  const $ = (sel) => document.querySelector(sel);
  const gameUi = (s) => companion.games[s.game];

  // Each state waits for its game's code and style; one that came later may find them there
  // and be drawn first. `newest` numbers the calls: a state overtaken while it waited is dropped.
  let newest = 0;
  async function setState(state) {
    const mine = ++newest;
    const id = state ? state.id : null;
    if (app.shown != null && id !== app.shown) companion.announce.clear();  // the news was the game before's
    app.shown = id;  // at once: its announcements may come before its module
    app.shownKind = state ? state.game : null;
    if (state) await companion.ensureGame(state.game);
    if (mine !== newest) return;
    const before = app.state;
    app.state = state;
    if (state) companion.seats.notify(before, state, t, endSaid);
    app.picked = null;
    if (sending !== sight(state)) sending = null;  // a new sight of the game: its moves may go
    await companion.legalMoves.follow(state);
    if (mine !== newest) return;  // the newer one draws
    render();
    companion.historyTab.follow(state);
  }

  // With no game shown: that there is none only once the table has said so (its stream's
  // first state); before, that the page is still reaching the table, or cannot.
  function sayNoGame() {
    const box = $("#no-game");
    box.hidden = !!app.state;
    box.dataset.t = app.heard ? "no_game" : app.live === false ? "no_table" : "connecting";
    box.textContent = t(box.dataset.t);
  }

  // What an undo's question is about: the game, its moves and the last one (an undo and a new
  // move by another phone leave the count as it was).
  const undoAbout = (s) => s ? `${s.id}:${s.actions}:${companion.historyTab.lastLine()}` : "";

  // The board and the moves are drawn anew with every state: a keyboard or screen reader that
  // was on one of them (its move just entered, or another phone's) would fall to the page's
  // body. It lands on whose turn it is instead; a focus anywhere else stays where it is.
  function keepingFocus(draw) {
    const held = document.activeElement;
    const inside = held && held !== document.body && held.closest("#board, #choices, #places");
    draw();
    if (inside && !held.isConnected && [document.body, null].includes(document.activeElement)) focusPlay();
  }

  function render() {
    keepingFocus(draw);
  }

  function draw() {
    const s = app.state;
    sayNoGame();
    $("#board").innerHTML = companion.board(s, t);
    companion.fitTexts($("#board"));
    if (companion.confirm.stale($("#undo"), undoAbout(s))) companion.confirm.disarm($("#undo"));
    $("#undo").disabled = !s || !s.actions || offline();
    if (companion.sim) companion.sim.name(s);
    $("#undo").hidden = !s || !$("#pair").hidden;  // no game, or a watcher's (no moves): no undo
    // seats only for a paired phone: a watcher's could make no move (it is told to pair)
    companion.seats.render($("#pair").hidden ? s : null, t, button, renderChoices, (p) => companion.playerName(s.game, p, s.names));
    companion.seats.title(s, t);
    renderPrompt();
    renderChoices();
  }

  function renderPrompt() {
    const s = app.state, r = app.race;
    let text = "";
    // the race in words: what the players do now (a game's own module says it before the race)
    if (r && r.phase === "countdown") text = t("race_countdown", {n: r.countdown}) + " " + t("race_ready", {go: t("race_running")});
    else if (r && r.phase === "running") {  // what to do now, and where (simulated: a tab)
      const sim = app.status && app.status.simulate;
      text = t("race_running") + " " + (sim ? t("race_press_sim", {tab: t("tab_sim")}) : t("race_press"));
    }
    else if (s) text = stateSaid(s);
    $("#prompt").textContent = companion.sentence(text);
  }

  // Whose turn it is, or how the game ended, in its game's own words (its module's prompt).
  function stateSaid(s) {
    if (gameUi(s) && gameUi(s).prompt) return gameUi(s).prompt(s, t, app.picked || {});
    if (s.winner) return t("over", {p: s.winner});
    return s.turn ? t("turn", {p: s.turn}) : "";
  }

  // A finished game's end as the page says it (a game without a winner: a draw).
  const endSaid = (s) => companion.sentence(s.winner ? stateSaid(s) : t("an_game_drawn"));

  function renderChoices() {
    keepingFocus(drawChoices);
    fitBoard();
  }

  // The board leaves room for the first move below it: at one's turn it is on the phone's
  // first screen, no scroll to reach it (Lauf Rauf! on a 360 x 740 phone: the throw button
  // was 11 px below it, the first move 200). The board gives up the room missing, down to
  // FLOOR px, and keeps that size for the rest of the game on this screen (a board that
  // changed its size at every turn would be worse than one a little smaller); a new game, or
  // the phone turned, starts again from app.css's height (42 % of the screen).
  const FLOOR = 200, MARGIN = 8;
  let fitted = {key: null, room: Infinity};
  function fitBoard() {
    const s = app.state, board = $("#board"), svg = $("#board svg");
    const key = `${s ? s.id : ""}:${innerWidth}x${innerHeight}`;
    if (fitted.key !== key) {
      fitted = {key, room: Infinity};
      board.style.removeProperty("--room");
    }
    // a first move made of several taps (data-step: Lauf Rauf!'s dice, their faces and the
    // button entering them) is on the first screen whole
    const first = $("#choices button:not([hidden]), #places button:not([hidden])");
    if (!svg || !first) return;
    const step = first.closest("[data-step]") || first;
    const missing = step.getBoundingClientRect().bottom + scrollY + MARGIN - innerHeight;
    const height = svg.getBoundingClientRect().height;
    if (missing <= 0 || height <= FLOOR) return;
    fitted.room = Math.max(FLOOR, Math.floor(height - missing));
    board.style.setProperty("--room", `${fitted.room}px`);
  }

  // The table's stream lost (the badge says "offline": the table is off, or out of reach).
  const offline = () => app.live === false;

  // The moves offered, resting while offline (restWhileOffline).
  function drawChoices() {
    drawMoves();
    restWhileOffline();
  }

  // While offline the moves this phone would offer rest, with the reason above them for the
  // eye and beside each for a screen reader, until the stream is back (live.js draws them
  // anew then): a table that is off takes no move, and one sent into the gap would leave the
  // phone not knowing whether it went in. The reader may have the table tried again at once.
  function restWhileOffline() {
    const moves = document.querySelectorAll("#choices button, #places button");
    if (!offline() || !moves.length) return;
    const why = document.createElement("p");
    why.id = "offline-moves";
    why.className = "hint";
    why.textContent = t("offline_moves");
    why.append(" ", button(t("retry"), app.stream.retry, "secondary"));  // no move: not resting
    $("#choices").prepend(why);
    moves.forEach((b) => { b.disabled = true; b.setAttribute("aria-describedby", why.id); });
  }

  function drawMoves() {
    const choices = $("#choices"), places = $("#places");
    // While a new state's moves are on their way the move area keeps its height: emptied, the
    // page would shrink under a reader scrolled down to the moves, and the browser would put
    // them at the top of the page (scrolled 400 px down, then 0), a jump at every move.
    const held = choices.offsetHeight + places.offsetHeight;
    choices.style.minHeight = "";
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
        : !paired && mine ? "seat_pair_hint"  // a seat kept from before, but moves need pairing
        : paired && !mine ? "seat_hint" : "";  // nobody's phone yet: say how it becomes one
      if (hint) {
        const p = document.createElement("p");
        p.className = "hint";
        p.textContent = t(hint);
        choices.append(p);
      }
      return;
    }
    if (!app.legal.length) {
      if (companion.legalMoves.awaited(s)) choices.style.minHeight = `${held}px`;
      return;
    }
    if (ui && ui.choices) {
      return ui.choices(s, app.legal, {t, api, button, send, choices, places, rerender: renderChoices, race: app.race,
        results: app.results, picked: () => app.picked, pick, back});
    }
    app.legal.slice(0, 24).forEach((a) => choices.append(button(JSON.stringify(a), () => send(a), "secondary")));
  }

  // A step of a game's picker (`key`: what is picked so far, null: nothing); the prompt says
  // what the step asks (a game's `prompt(s, t, picked)`). A keyboard or a screen reader that
  // was in the picker stays in it, on the next step: a field to tap on the board (How Ruck!'s,
  // before the moves in the tab order), else the first of the moves or choices offered now.
  function pick(key) {
    const inPicker = !!document.activeElement.closest("#choices, #places, #board");
    app.picked = key;
    renderPrompt();
    drawChoices();
    const first = $("#board [role=button]") || $("#places button") || $("#choices button");
    if (inPicker) (first || $("#prompt")).focus();
  }

  // The picker's way back a step, the same in every game: a "back" button after the cards
  // (tapping a picked card again goes back too, which nobody guesses). Called as
  // `ui.back(to)`, it goes back through that ui's own `pick` (a module's narrowed one too).
  function back(to) {
    this.choices.append(button(t("pk_back"), () => this.pick(to), "secondary back"));
  }

  // A finished game, the same again: its game, players and options from its stored header
  // (a view need not carry the options), a new shuffle; the table shows it to every phone.
  async function playAgain(s) {
    const r = await api("GET", `/api/games/${s.id}/history`);
    if (!r.ok) return;
    const {game, players, options} = r.data.header;
    await api("POST", "/api/games", {game, players, options});
  }

  // One move from one sight of the game (`sending`: its "id:actions", until a new state or a
  // refusal): a second tap (a double tap) sends nothing more. A move tapped again after its
  // post had no answer (`unanswered`: the connection dropped) may have gone in: the table's
  // "already entered" is then this phone's own move, no error to show.
  let sending = null, unanswered = null;
  const sight = (s) => (s ? `${s.id}:${s.actions}` : null);

  async function send(action) {
    const s = app.state, from = sight(s), what = from + JSON.stringify(action);
    if (sending === from) return;
    if (offline()) { show(t("offline_unsent"), "offline_unsent"); return; }  // held back: not sent
    sending = from;
    // seq: the number of actions this page saw. The same move entered from another phone
    // first is then refused as already entered, not said as someone else's turn.
    const r = await api("POST", `/api/games/${s.id}/actions`, {...action, seq: s.actions},
      unanswered === what ? ["already_entered"] : []);
    unanswered = r.status === undefined ? what : null;
    if (r.ok) { show(""); return; }
    if (sending === from) sending = null;  // refused: it may be tapped again
    // refused (a stale phone: the game moved on): the picker starts again from the game now
    const fresh = await api("GET", `/api/games/${s.id}`);
    if (fresh.ok && app.state && app.state.id === s.id) setState(fresh.data);
  }

  // Taking back a move is asked first, naming it: a stray tap at the table changes nothing,
  // and the players see which move goes. The second tap takes back one move: the button
  // rests until the answer, and the table refuses an undo of a game that changed since this
  // page saw it (undo_stale).
  async function undo() {
    if (!app.state) return;
    const last = companion.historyTab.lastLine();
    if (!companion.confirm.armed($("#undo"), last ? "undo_confirm" : "undo_confirm_last",
                                 {what: last}, undoAbout(app.state))) return;
    $("#undo").disabled = true;
    await api("POST", `/api/games/${app.state.id}/undo`, {actions: app.state.actions});
    $("#undo").disabled = !app.state || !app.state.actions || offline();
  }

  // Where the keyboard and a screen reader go when what had the focus goes away (pairing,
  // a game started): whose turn it is, or that there is no game yet.
  function focusPlay() {
    const said = [$("#prompt"), $("#no-game")].find((el) => !el.hidden && el.textContent.trim());
    (said || $("#play")).focus();
  }

  function init() {
    $("#undo").addEventListener("click", undo);
  }

  Object.assign(companion, {setState, focusPlay});  // lent to setup.js, pairing.js
  companion.play = {render, renderPrompt, renderChoices, sayNoGame, init};
})();
