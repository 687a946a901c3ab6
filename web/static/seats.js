// Seats: "this phone is Anna's" (one shared phone may hold several), kept in localStorage per
// game. Only a paired phone with a seat gets move buttons, and only on its seats' turns (the
// teams and tie-break phases: any seat); it is told when its turn comes (the page title, and
// once the page has been tapped a vibration where allowed and a short beep). Watchers see the
// game without buttons.
(function () {
  "use strict";
  const KEY = "companion.seats";
  const TITLE = document.title;
  let seats = {};
  try { seats = JSON.parse(localStorage.getItem(KEY)) || {}; } catch (e) { seats = {}; }

  // A game this phone has no seats for yet takes them from its latest earlier game, those of
  // its players who play again ("Play again", a new game with the same people): not asked
  // again for every game. Leaving every seat in a game is a choice kept too.
  function mine(s) {
    if (!s) return [];
    if (seats[s.id]) return seats[s.id];
    const earlier = Object.keys(seats).map(Number).filter((id) => id < s.id);
    if (!earlier.length) return [];
    return seats[Math.max(...earlier)].filter((p) => (s.players || []).includes(p));
  }
  const onTurn = (s) => !!s && mine(s).includes(s.turn);  // no turn (undefined): none's

  function toggle(s, p) {
    const list = mine(s).filter((x) => x !== p);
    if (!mine(s).includes(p)) list.push(p);
    seats[s.id] = list;
    try { localStorage.setItem(KEY, JSON.stringify(seats)); } catch (e) { /* private mode */ }
  }

  function mayMove(s, paired) {
    if (!paired || !s || !mine(s).length) return false;
    return s.turn ? onTurn(s) : true;
  }

  // `name(p)`: the player as the reader sees them (app.js: a colour in the reader's words).
  // A phone that holds seats shows them as one line (the moves stay on the first screen);
  // tapped, every seat again. While the reader chooses, the row stays open, the chosen ones
  // marked, so that each player who plays on the phone is one tap (as the hint says): it
  // folds once every seat is this phone's or play moves on (the next move). A keyboard in
  // the row stays in it (on the seat it tapped, else the first button).
  let choosing = null;  // "game:actions" while the reader chooses seats
  let lastTapped = null;  // the player whose seat was tapped last (none: the row just opened)
  function render(s, t, button, after, name = (p) => p) {
    const row = document.getElementById("seats");
    const focused = row.contains(document.activeElement);
    row.replaceChildren();
    if (!s || !s.players) return;
    const now = `${s.id}:${s.actions}`, held = mine(s);
    const again = () => render(s, t, button, after, name);
    if (held.length && choosing !== now) {
      const names = s.players.filter((p) => held.includes(p)).map(name).join(", ");
      const b = button(t("seat_held", {p: names}), () => { choosing = now; lastTapped = null; again(); }, "secondary seat");
      b.setAttribute("aria-expanded", "false");
      row.append(b);
    } else {
      s.players.forEach((p) => {
        const b = button(t("seat_mine", {p: name(p)}), () => {
          toggle(s, p);
          lastTapped = p;
          choosing = s.players.every((x) => mine(s).includes(x)) ? null : now;
          again();
          after();
          title(s, t);
        }, "secondary seat");
        b.setAttribute("aria-pressed", String(mine(s).includes(p)));
        b.dataset.player = p;  // the player's id (the label may say it in the reader's words)
        row.append(b);
      });
    }
    if (focused) (row.querySelector(`[data-player="${CSS.escape(lastTapped || "")}"]`) || row.firstElementChild).focus();
  }

  // Vibration and sound only once the page has been tapped: before that a browser refuses
  // both (and says so in its console); the page title tells the phone anyway.
  const tapped = () => !navigator.userActivation || navigator.userActivation.hasBeenActive;
  let audio = null; // one context for every beep (a browser allows only a few)

  function beep() {
    try {
      const Ctx = window.AudioContext || window.webkitAudioContext;
      if (!Ctx) return;
      audio = audio || new Ctx();
      if (audio.state === "suspended") audio.resume();
      const osc = audio.createOscillator(), gain = audio.createGain();
      osc.frequency.value = 880;
      gain.gain.value = 0.1;
      osc.connect(gain).connect(audio.destination);
      osc.start();
      osc.stop(audio.currentTime + 0.15);
    } catch (e) { /* no sound here */ }
  }

  // The screen reader's line (#said, aria-live; a title change is not read out): it says when
  // one of this phone's seats' turn begins and when their game ends, and is emptied once the
  // turn it named has gone to a seat on another phone, or another game is shown. It speaks
  // the page's language: one chosen later says it again. Anything said there since (a
  // question, core.js confirm) is not this line's to change.
  let told = null;  // {game, turn: a turn (else the end), say: () => the sentence now, text}

  function tell(game, turn, say) {
    const line = document.getElementById("said");
    if (!say) {
      if (told && line.textContent === told.text) line.textContent = "";
      told = null;
      return;
    }
    told = {game, turn, say, text: say()};
    line.textContent = told.text;
  }

  document.addEventListener("companion:language", () => {  // app.js: the page's words changed
    const line = document.getElementById("said");
    if (told && line.textContent === told.text) line.textContent = told.text = told.say();
  });

  // The page's title says whose turn it is when it is one of this phone's seats': set with
  // each state, each time the page is drawn (in the language just chosen, say) and with each
  // seat taken or given up.
  function title(s, t) {
    const turn = onTurn(s) && t("turn", {p: window.companion.playerName(s.game, s.turn, s.names)});
    document.title = turn ? `▶ ${turn} · ${TITLE}` : TITLE;
    return turn;
  }

  // Called with each new state: tells the phone when one of its seats' turn begins, and when
  // the game they play ends (`end(s)`: how the page says it, in its game's own words).
  function notify(before, s, t, end) {
    const now = title(s, t);
    const turn = () => t("turn", {p: window.companion.playerName(s.game, s.turn, s.names)});
    const same = !!before && before.id === s.id;
    if (!now) {
      if (s.status === "over" && same && before.status !== "over" && mine(s).length) tell(s.id, false, () => end(s));
      else if (told && (told.turn || told.game !== s.id)) tell(null);
      return;
    }
    if (same && before.turn === s.turn && before.status === s.status) return;
    tell(s.id, true, turn);
    if (tapped()) {
      if (navigator.vibrate) { try { navigator.vibrate(200); } catch (e) { /* not allowed */ } }
      beep();
    }
    api.told += 1;
  }

  const api = (window.companion.seats = {mayMove, render, notify, title, mine, told: 0});
})();
