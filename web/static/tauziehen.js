// Tauziehen on the phone: the five rope cards on the −2…+2 track (player 1 on the left), both
// markers and the points; a picker of the cards not yet played, then where the marker goes.
(function () {
  "use strict";
  const {esc, colour} = window.companion;  // the one escaping helper, the colours of app.css
  const ROPE = [1, 2, 4, 8, 16], TRACK = [2, 1, 0, -1, -2], SIDE = ["blue", "red"];
  const SYMBOLS = {1: "●", 2: "▲", 4: "■", 8: "◆", 16: "★"};

  function symbols(n) {
    return ROPE.filter((c) => n & c).map((c) => SYMBOLS[c]).join("");
  }

  // The board in words: the points, where each rope card lies (toward player 1, on the left,
  // or player 2), the markers.
  function said(s, t) {
    const [p1, p2] = s.players, name = (card) => `${SYMBOLS[card]} ${card}`;
    const points = s.players.map((p) => `${p} ${t("tz_points", {n: s.points[p]})}`).join(", ");
    const ropes = ROPE.map((card) => {
      const pos = s.rope[String(card)], c = name(card);
      return pos === 0 ? t("tz_said_middle", {c}) : t("tz_said_toward", {c, n: Math.abs(pos), p: pos > 0 ? p1 : p2});
    });
    const markers = s.players.filter((p) => s.markers[p] != null).map((p) => t("tz_said_marker", {p, c: name(s.markers[p])}));
    return [points, ropes.join(", "), ...markers].join(". ");
  }

  function board(s, t) {
    const [p1, p2] = s.players, out = [`<svg viewBox="0 0 360 250" ${window.companion.boardLabel("Tauziehen", said(s, t))}>`];
    [p1, p2].forEach((p, i) => {
      const x = i ? 356 : 4, anchor = i ? "end" : "start";
      out.push(`<text x="${x}" y="16" font-size="14" font-weight="bold" fill="${colour(SIDE[i])}" text-anchor="${anchor}" data-fit="170">${esc(p)}</text>`);
      out.push(`<text x="${x}" y="34" font-size="13" fill="currentColor" text-anchor="${anchor}" class="points" data-player="${esc(p)}">${esc(t("tz_points", {n: s.points[p]}))}</text>`);
    });
    TRACK.forEach((pos, col) => {
      out.push(`<text x="${70 + col * 55}" y="52" font-size="11" text-anchor="middle" fill="currentColor">${pos > 0 ? "+" + pos : pos}</text>`);
    });
    ROPE.forEach((card, row) => {
      const y = 60 + row * 37, pos = s.rope[String(card)], x = 70 + TRACK.indexOf(pos) * 55;
      out.push(`<line x1="40" y1="${y + 16}" x2="320" y2="${y + 16}" stroke="currentColor" stroke-opacity="0.3"/>`);
      out.push(`<g class="rope" data-card="${card}" data-pos="${pos}"><rect x="${x - 24}" y="${y}" width="48" height="32" rx="5" fill="${colour("card")}" stroke="currentColor" stroke-width="2"/>` +
        `<text x="${x}" y="${y + 21}" font-size="14" text-anchor="middle" fill="currentColor" data-fit="44">${SYMBOLS[card]} ${card}</text></g>`);
      [p1, p2].forEach((p, i) => {
        if (s.markers[p] === card) out.push(`<rect class="marker" data-player="${esc(p)}" x="${i ? x + 20 : x - 28}" y="${y - 2}" width="8" height="36" rx="2" fill="${colour(SIDE[i])}"/>`);
      });
    });
    out.push("</svg>");
    return out.join("");
  }

  function choices(s, legal, ui) {
    if (s.phase === "opening") {
      legal.forEach((a) => ui.choices.append(ui.button(ui.t("tz_block", {c: `${SYMBOLS[a.card]} ${a.card}`}), () => ui.send(a))));
      return;
    }
    const byCard = new Map();
    for (const a of legal) {
      if (!byCard.has(a.card)) byCard.set(a.card, []);
      byCard.get(a.card).push(a);
    }
    const picked = ui.picked && ui.picked();
    const inOrder = [...byCard].sort(([a], [b]) => Number(a) - Number(b));  // the hand by number
    // The cards not yet played (up to 25) as a grid of small buttons, five to a row: the number
    // big, its symbols under it, every card on the first screen of a phone.
    const hand = document.createElement("div");
    hand.className = "tz-hand";
    for (const [card, actions] of inOrder) {  // a card picked: only it stays (tapped: all again)
      if (picked && byCard.has(picked) && card !== picked) continue;
      const b = ui.button("", () => {
        if (picked === card) return ui.pick(null);
        if (actions.length === 1 && actions[0].marker === undefined) return ui.send(actions[0]);
        ui.pick(card);
      }, "secondary tz-card" + (picked === card ? " picked" : ""));
      const shown = document.createElement("span");  // the symbols, under the number
      shown.textContent = symbols(card);
      b.append(`${card} `, shown);  // named "13 ●■◆", as it reads
      hand.append(b);
    }
    ui.choices.append(hand);
    if (picked && byCard.has(picked)) {
      ui.back(null);
      for (const a of byCard.get(picked)) {
        ui.places.append(ui.button(a.marker === undefined ? ui.t("tz_marker_stays") : ui.t("tz_marker_on", {c: `${SYMBOLS[a.marker]} ${a.marker}`}), () => ui.send(a)));
      }
    }
  }

  function prompt(s, t) {
    // a draw by the view's result: its winner says "draw" then, and so may a player's name
    if (s.winner) return s.result === "draw" ? t("tz_draw") : t("over", {p: s.winner});
    if (s.phase === "opening") return t("tz_opening", {p: s.turn});
    return t("turn", {p: s.turn});
  }

  // What a move did, as the history says it (history.js `say`; companion/moves_said.py).
  const moves = {
    marker: (e, t) => [t("replay:tz_opening", {p: e.player, c: e.card})],
    pulled: (e, t) => {
      const moved = e.moved || [];
      return [moved.length ? t("replay:tz_pulled", {p: e.player, card: e.card, n: moved.length, cards: moved.join(", ")})
        : t("replay:tz_no_pull", {p: e.player, card: e.card}),
      ...(e.marker != null ? [t("replay:tz_marker", {p: e.player, c: e.marker})] : [])];
    },
  };

  window.companion.games.tauziehen = {board, choices, prompt, moves};
})();
