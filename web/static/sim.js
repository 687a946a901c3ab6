// The Table tab of a simulated companion (no hardware): its buttons, pressed and held like
// real ones, by pointer or by keyboard (Enter or Space held); the race listens to them as to
// the table's. A player's button says whose it is in the game on the table; a watcher's
// (not paired) are off, with the word that pairing is what they need. The seats the config
// wires no button for (`simulated_seats`: a third Lauf Rauf! player's P3 on the default
// pins) have one while the game on the table has that seat.
(function () {
  "use strict";
  const companion = window.companion, app = companion;  // the page's state (app.js)
  let extra = [];  // the simulation's own seat buttons' names, in order

  function init(names, simulatedSeats) {
    extra = simulatedSeats || [];
    const box = document.querySelector("#sim-buttons");
    box.replaceChildren(...names.filter((n) => !extra.includes(n)).map(simButton));
    const hint = Object.assign(document.createElement("p"), {id: "sim-pair", className: "hint"});
    hint.dataset.t = "seat_pair_hint";  // said again in a language chosen later (app.js)
    hint.textContent = app.t(hint.dataset.t);
    box.after(hint);
    name(app.state);
  }

  function simButton(name) {
    const b = app.button(label(name, app.state), () => {}, "secondary");
    b.dataset.button = name;
    const press = (pressed) => (e) => {
      e.preventDefault();
      if (b.disabled) return;  // a watcher's: pressed anyway (a disabled button may hear it)
      send(b, pressed);
    };
    b.addEventListener("pointerdown", press(true));
    b.addEventListener("pointerup", press(false));
    b.addEventListener("pointerleave", (e) => { if (e.buttons) press(false)(e); });
    const key = (pressed) => (e) => {
      if ((e.key === "Enter" || e.key === " ") && !e.repeat) press(pressed)(e);
    };
    b.addEventListener("keydown", key(true));
    b.addEventListener("keyup", key(false));
    return b;
  }

  function send(b, pressed) {
    b.dataset.down = pressed ? "1" : "";
    app.api("POST", "/api/sim/button", {name: b.dataset.button, pressed});
  }

  // The simulation's seat buttons for the game on the table's seats, before OK; one that
  // goes while held (the game changed under a finger) is let go, not left pressed.
  function seatButtons(s) {
    const seats = s && s.status === "playing" ? s.players.length : 0;
    const box = document.querySelector("#sim-buttons");
    for (const n of extra) {
      const shown = box.querySelector(`[data-button="${n}"]`);
      const wanted = Number(n.slice(1)) < seats;
      if (wanted && !shown) {
        const before = [...box.children].find((b) => b.dataset.button === "ok" ||
          Number(b.dataset.button.slice(1)) > Number(n.slice(1)));
        box.insertBefore(simButton(n), before || null);
      } else if (!wanted && shown) {
        if (shown.dataset.down) send(shown, false);
        shown.remove();
      }
    }
  }

  // "P1 · Anna": button pN is the game's N-th player (daemon/table.py, _seat_player), during
  // the game on the table and after it ended (until another game takes the table).
  function label(name, s) {
    if (name === "ok") return "OK";
    const seat = Number(name.slice(1));
    const player = s && s.players && s.players[seat];
    return `P${seat + 1}` + (player ? ` · ${app.playerName(s.game, player, s.names)}` : "");
  }

  // Also whether this phone may press them: only a paired one (a watcher's press is refused),
  // and a watcher is told so.
  function name(s) {
    seatButtons(s);
    const paired = document.getElementById("pair").hidden;
    document.querySelectorAll("#sim-buttons button").forEach((b) => {
      b.textContent = label(b.dataset.button, s);
      b.disabled = !paired;
    });
    const hint = document.getElementById("sim-pair");
    if (hint) hint.hidden = paired;
  }

  companion.sim = {init, name};
})();
