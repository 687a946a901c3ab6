// The game drawn as it lies on the table (SVG). board(state, t) returns markup.
(function () {
  "use strict";
  const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
  const COLORS = {red: "#d32f2f", blue: "#1976d2", green: "#388e3c", white: "#9e9e9e"};

  function cardLabel(card) {
    if (card.nessie) return "N";
    return String(card.strength) + (card.howruck ? "✶" : "");
  }

  function howruck(s, t) {
    const W = 360, n = s.ladder, cell = Math.floor((W - 8) / n), left = (W - cell * n) / 2;
    const [a, b] = s.players;
    const out = [`<svg viewBox="0 0 ${W} 270" role="img" aria-label="How Ruck!">`];
    // the ladder: A's goal (field 1) left, B's goal right
    for (let f = 1; f <= n; f++) {
      const x = left + (f - 1) * cell, goal = f === s.goal_fields[a] || f === s.goal_fields[b];
      out.push(`<rect x="${x + 1}" y="${goal ? 6 : 10}" width="${cell - 2}" height="${goal ? 32 : 24}" rx="3" fill="none" stroke="currentColor" stroke-width="${goal ? 3 : 1.5}"/>`);
      if (Object.values(s.start_fields).includes(f)) {
        out.push(`<circle cx="${x + cell / 2}" cy="44" r="2.5" fill="currentColor"/>`);
      }
    }
    if (s.barrel) {
      const x = left + (s.barrel - 0.5) * cell;
      out.push(`<ellipse id="barrel" data-field="${s.barrel}" cx="${x}" cy="22" rx="${Math.min(12, cell / 2 - 2)}" ry="10" fill="#8d6e63" stroke="currentColor"/>`);
    }
    // the six stacks: A's three fields above, B's below, as they face each other
    [a, b].forEach((side, row) => {
      const y = 62 + row * 92;
      out.push(`<text x="4" y="${y + 12}" font-size="13" fill="currentColor" font-weight="bold">${esc(side)}</text>`);
      out.push(`<text x="${W - 4}" y="${y + 12}" font-size="12" fill="currentColor" text-anchor="end">${t("barrels")} ${s.barrels[side]} · ${t("hand")} ${s.hands[side]} · ${t("pile")} ${s.piles[side]}</text>`);
      ["red", "blue", "green"].forEach((field, i) => {
        const x = 4 + i * 118, stack = s.fields[side][field];
        out.push(`<rect class="field" data-side="${esc(side)}" data-field="${field}" x="${x}" y="${y + 18}" width="110" height="62" rx="6" fill="${COLORS[field]}" fill-opacity="0.18" stroke="${COLORS[field]}" stroke-width="2"/>`);
        stack.forEach((card, k) => {
          const top = k === stack.length - 1;
          out.push(`<rect x="${x + 6 + k * 20}" y="${y + 30}" width="18" height="38" rx="3" fill="${COLORS[card.color]}" stroke="currentColor" stroke-width="${top ? 2 : 0.5}"/>`);
          out.push(`<text x="${x + 15 + k * 20}" y="${y + 54}" font-size="12" text-anchor="middle" fill="#fff" font-weight="${top ? "bold" : "normal"}">${cardLabel(card)}</text>`);
        });
      });
    });
    if (s.strength) {
      const sums = t("hr_strength", {a: esc(a), x: s.strength[a], y: s.strength[b], b: esc(b)});
      out.push(`<text id="strength" x="${W / 2}" y="245" font-size="13" text-anchor="middle" fill="currentColor">${sums}</text>`);
    }
    out.push(`<text id="imprint-legend" x="${W / 2}" y="264" font-size="11" text-anchor="middle" fill="currentColor">${esc(t("hr_imprint"))}</text>`);
    out.push("</svg>");
    return out.join("");
  }

  function generic(s) {
    return `<pre>${esc(JSON.stringify(s, null, 1))}</pre>`;
  }

  window.board = function (state, t) {
    if (!state) return "";
    const ui = (window.GAME_UI || {})[state.game];
    if (ui && ui.board) return ui.board(state, t);
    return state.game === "howruck" ? howruck(state, t) : generic(state);
  };
  window.escapeHtml = esc;
})();
