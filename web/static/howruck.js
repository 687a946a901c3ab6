// How Ruck! on the phone: the rope, the ladder and the six stacks (SVG); the teams race, the
// tie-break's cards side after side, and the tug: a card by its attributes (colour → strength
// → imprint), then the target field tapped on the board picture; action cards by name, their
// parameters after. Registered as companion.games.howruck.
(function () {
  "use strict";
  const companion = window.companion;
  const {esc, colour} = companion;
  const COLOURS = ["red", "blue", "green", "white"];
  const STACK_ROW = 5;  // cards of a stack drawn side by side, apart, in a field's width

  // --- the board ------------------------------------------------------------------------------
  function cardLabel(card) {
    if (card.nessie) return "N";
    return String(card.strength) + (card.howruck ? "✶" : "");
  }

  function board(s, t) {
    const W = 360, n = s.ladder, cell = Math.floor((W - 8) / n), left = (W - cell * n) / 2;
    const [a, b] = s.players;
    const out = [`<svg viewBox="0 0 ${W} 274" ${companion.boardLabel("How Ruck!", said(s, t))}>`];
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
      out.push(`<ellipse id="barrel" data-field="${s.barrel}" cx="${x}" cy="22" rx="${Math.min(12, cell / 2 - 2)}" ry="10" fill="${colour("barrel")}" stroke="currentColor"/>`);
    }
    // the six stacks: A's three fields above, B's below, as they face each other
    [a, b].forEach((side, row) => {
      const y = 62 + row * 92;
      // the name and the counts share the row: each squeezed to its part where text is large
      out.push(`<text x="4" y="${y + 12}" font-size="13" fill="currentColor" font-weight="bold" data-fit="110">${esc(side)}</text>`);
      out.push(`<text x="${W - 4}" y="${y + 12}" font-size="12" fill="currentColor" text-anchor="end" data-fit="${W - 126}">${t("barrels")} ${s.barrels[side]} · ${t("hand")} ${s.hands[side]} · ${t("pile")} ${s.piles[side]}</text>`);
      ["red", "blue", "green"].forEach((field, i) => {
        const x = 4 + i * 118, stack = s.fields[side][field];
        out.push(`<rect class="field" data-side="${esc(side)}" data-field="${field}" x="${x}" y="${y + 18}" width="110" height="62" rx="6" fill="${colour(field)}" fill-opacity="0.18" stroke="${colour(field)}" stroke-width="2"/>`);
        // the cards lie on their field: a tap on them is a tap on the field (pointer-events);
        // up to five side by side, each one's number; more drawn closer (inside the field),
        // the top card's number and how many there are
        const tall = stack.length > STACK_ROW, step = tall ? (110 - 12 - 18) / (stack.length - 1) : 20;
        stack.forEach((card, k) => {
          const top = k === stack.length - 1, cx = x + 6 + k * step;
          out.push(`<rect x="${cx.toFixed(1)}" y="${y + 30}" width="18" height="38" rx="3" fill="${colour(card.color)}" stroke="currentColor" stroke-width="${top ? 2 : 0.5}" pointer-events="none"/>`);
          if (top || !tall) out.push(`<text x="${(cx + 9).toFixed(1)}" y="${y + 54}" font-size="12" text-anchor="middle" fill="${colour("paper")}" font-weight="${top ? "bold" : "normal"}" pointer-events="none" data-fit="17">${cardLabel(card)}</text>`);
        });
        if (tall) out.push(`<text class="stack-count" x="${x + 104}" y="${y + 28}" font-size="10" text-anchor="end" fill="currentColor" pointer-events="none">${esc(t("hr_stack", {n: stack.length}))}</text>`);
      });
    });
    if (s.strength) {
      const line = t("hr_strength", {a, x: s.strength[a], y: s.strength[b], b});
      // long names: squeezed into the board's width rather than cut at its edges
      out.push(`<text id="strength" x="${W / 2}" y="251" font-size="13" text-anchor="middle" fill="currentColor" data-fit="${W - 8}">${esc(line)}</text>`);
    }
    out.push(`<text id="imprint-legend" x="${W / 2}" y="269" font-size="11" text-anchor="middle" fill="currentColor" data-fit="${W - 8}">${esc(t("hr_imprint"))}</text>`);
    out.push("</svg>");
    return out.join("");
  }

  // --- words ----------------------------------------------------------------------------------
  let t = (key) => key;  // the page's words, set by each call from the page

  // The board in words: the barrel and the goals, each side's fields with their cards
  // (bottom to top) and counts, the contest's sums.
  function said(s, words) {
    const [a, b] = s.players, parts = [];
    if (s.barrel) parts.push(words("hr_said_barrel", {f: s.barrel, n: s.ladder, a, x: s.goal_fields[a], b, y: s.goal_fields[b]}));
    for (const side of s.players) {
      const fields = ["red", "blue", "green"].map((f) =>
        words("label_value", {label: words(f), value: s.fields[side][f].map((c) => cardName(c, words)).join(", ") || words("hr_said_empty")}));
      parts.push(words("label_value", {label: side, value: `${companion.i18n.clauses(fields, words)} · ${words("barrels")} ${s.barrels[side]} · ${words("hand")} ${s.hands[side]} · ${words("pile")} ${s.piles[side]}`}));
    }
    if (s.strength) parts.push(words("hr_strength", {a, x: s.strength[a], y: s.strength[b], b}));
    return parts.join(". ");
  }

  // A card as the page names it (`words`: the page's words, for callers outside this module).
  function cardName(card, words = t) {
    if (card.action) return words(card.action);
    if (card.nessie) return words("nessie") + (card.howruck ? " ✶" : "");
    return `${words(card.color)} ${card.strength}${card.howruck ? " ✶" : ""}`;
  }

  function placeLabel(a) {
    if (a.type === "play") return t("side_field", {side: a.side, field: t(a.field)});
    if (a.forgo) return t("forgo", {c: t(a.card)});
    const parts = [t(a.card)];
    if (a.value !== undefined) parts.push(t("value", {v: a.value}));
    if (a.from !== undefined) parts.push(t("from", {side: a.from}) + " " + t(a.field));
    if (a.take) parts.push(t("label_value", {label: t("take"), value: (a.take.discard ? t("discard") + " " : "") +
      cardName(a.take.card || {action: a.take.action}) + (a.take.side ? ` → ${a.take.side} ${t(a.take.field)}` : "")}));
    return parts.join(" · ");
  }

  function prompt(s, words, picked = {}) {
    t = words;
    if (s.winner) return t("over", {p: s.winner});
    if (s.phase === "teams") return t("teams");
    if (s.phase === "tiebreak") return `${t("tiebreak")} · ${t("tb_which", {p: tiebreakSide(s, picked)})}`;
    return s.turn ? t("turn", {p: s.turn}) : "";
  }

  // --- the choices ----------------------------------------------------------------------------
  function choices(s, legal, ctx) {
    t = ctx.t;
    if (s.phase === "teams") return teams(legal, ctx);
    if (s.phase === "tiebreak") return tiebreak(s, legal, ctx);
    return tug({...ctx, s, legal});
  }

  function teams(legal, {button, send, choices, api, race}) {
    const start = button(t("start_race"), () => api("POST", "/api/race", {}));
    start.disabled = !!race && (race.phase === "countdown" || race.phase === "running");  // one at a time
    choices.append(start);
    legal.filter((a) => a.type === "race").forEach((a) =>
      choices.append(button(a.tie ? t("tie") : t("winner_is", {p: a.winner}), () => send(a), "secondary")));
    // how the race goes, under its buttons (the prompt above stays one line: the buttons in sight)
    const how = document.createElement("p");
    how.className = "hint";
    how.textContent = t("race_how", {start: t("start_race"), go: t("race_running")});
    choices.append(how);
  }

  // The tie-break: each side's drawn card with buttons, side after side (the prompt says
  // whose): its colour, then its strength, or "action card" then which. The imprint plays no
  // part in who wins: a card is offered once, without ✶ where the deck has it so; only with
  // the box's composition entered, where the table counts which copy was seen, is it asked
  // (both copies still there). The draws are sent with the second side's card, not before:
  // nothing is entered that nobody drew. `sel`: {draws: {side: card}, card: {color, …}}.
  function tiebreak(s, legal, ctx) {
    const {button, choices} = ctx;
    const sel = ctx.picked() || {}, drawn = sel.draws || {};
    const side = tiebreakSide(s, sel);
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    // the cards this side may show beside those already chosen (the "unequal" pairs of /legal)
    const fits = legal.filter((a) => Object.keys(drawn).every((p) => same(a.draws[p], drawn[p])));
    const cards = [];
    fits.forEach((a) => { if (!cards.some((c) => same(c, a.draws[side]))) cards.push(a.draws[side]); });
    const counted = Boolean(s.options && s.options.composition);
    const scot = cards.filter((c) => !c.action && (counted || !c.howruck ||
      !cards.some((o) => !o.action && !o.howruck && o.color === c.color && o.strength === c.strength)));
    const kinds = cards.filter((c) => c.action);
    Object.keys(drawn).forEach((p) => choices.append(button(t("drawn_by", {p, card: cardName(drawn[p])}),
      () => ctx.pick({draws: without(drawn, p)}), "card picked card-" + (drawn[p].color || "action"))));
    const take = (card) => {
      const draws = {...drawn, [side]: card};
      if (s.players.every((p) => p in draws)) ctx.send({type: "tiebreak", draws});
      else ctx.pick({draws});
    };
    const at = sel.card || {}, again = (card) => ctx.pick({draws: drawn, card});
    if (at.action) {  // which action card
      choices.append(button(t("tb_action"), () => again({}), "card picked card-action"));
      kinds.forEach((c) => choices.append(button(t(c.action), () => take(c), "card card-action")));
      ctx.back({draws: drawn});
      return;
    }
    if (!at.color) {
      COLOURS.filter((c) => scot.some((x) => x.color === c)).forEach((c) =>
        choices.append(button(t(c), () => again({color: c}), "card card-" + c)));
      if (kinds.length) choices.append(button(t("tb_action"), () => again({action: true}), "card card-action"));
      return;
    }
    const ofColour = scot.filter((c) => c.color === at.color);
    const strength = (c) => (c.nessie ? "N" : c.strength);
    const copies = (v) => ofColour.filter((c) => strength(c) === v);
    if (at.strength === undefined) {  // a strength the deck has once (or as one): that card
      [...new Set(ofColour.map(strength))].forEach((v) => choices.append(button(
        v === "N" ? t("nessie") : `${t(at.color)} ${v}`,
        () => (copies(v).length > 1 ? again({...at, strength: v}) : take(copies(v)[0])), "card card-" + at.color)));
      ctx.back({draws: drawn});
      return;
    }
    copies(at.strength).forEach((c) => choices.append(button(t(c.howruck ? "pk_imprint" : "pk_plain"),
      () => take(c), "card card-" + at.color)));
    ctx.back({draws: drawn, card: {color: at.color}});
  }

  // Whose card the tie-break asks for now: the first side without one.
  const tiebreakSide = (s, sel) => s.players.find((p) => !((sel && sel.draws) || {})[p]);
  const without = (obj, key) => Object.fromEntries(Object.entries(obj).filter(([k]) => k !== key));

  let onField = null; // what a tap on a highlighted board field does now

  document.addEventListener("click", (e) => {
    const rect = e.target.closest && e.target.closest("#board .field.legal");
    if (rect && onField) onField(rect.dataset.side, rect.dataset.field);
  });
  document.addEventListener("keydown", (e) => {
    const rect = e.target.closest && e.target.closest("#board .field.legal");
    if (rect && onField && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); onField(rect.dataset.side, rect.dataset.field); }
  });

  // The fields to tap reach a screen reader: the board a group while it has some (core.js).
  function boardRole() {
    const svg = document.querySelector("#board svg");
    if (svg) companion.boardRole(svg);
  }

  function clearBoard() {
    onField = null;
    document.querySelectorAll("#board .field").forEach((r) => {
      r.classList.remove("legal");
      ["role", "tabindex", "aria-label"].forEach((a) => r.removeAttribute(a));
    });
    boardRole();
  }

  function highlight(targets, ctx, onPick) {
    // targets: [{side, field, action}]
    document.querySelectorAll("#board .field").forEach((r) => {
      const hit = targets.find((x) => x.side === r.dataset.side && x.field === r.dataset.field);
      if (!hit) return;
      r.classList.add("legal");
      r.setAttribute("role", "button");
      r.setAttribute("tabindex", "0");
      r.setAttribute("aria-label", ctx.t("side_field", {side: hit.side, field: ctx.t(hit.field)}));
    });
    boardRole();
    onField = (side, field) => {
      const hit = targets.find((x) => x.side === side && x.field === field);
      if (hit) onPick(hit.action);
    };
  }

  // items: [{card, action, side, field}]; sel: what is chosen so far; done(items of one card)
  function cardPicker(items, sel, ctx, done, extra) {
    const {t, button, choices} = ctx;
    if (!sel.color) {
      COLOURS.filter((c) => items.some((i) => i.card.color === c)).forEach((c) =>
        choices.append(button(t(c), () => ctx.pick({...sel, color: c}), "card card-" + c)));
      if (extra) extra();
      return;
    }
    const ofColour = items.filter((i) => i.card.color === sel.color);
    const strengths = [...new Set(ofColour.map((i) => (i.card.nessie ? "N" : i.card.strength)))];
    if (sel.strength === undefined) {
      if (strengths.length === 1) return cardPicker(items, {...sel, strength: strengths[0]}, ctx, done);
      strengths.forEach((v) => choices.append(button(v === "N" ? t("nessie") : `${t(sel.color)} ${v}`,
        () => ctx.pick({...sel, strength: v}), "card card-" + sel.color)));
      ctx.back({});
      return;
    }
    const ofStrength = ofColour.filter((i) => (i.card.nessie ? "N" : i.card.strength) === sel.strength);
    const imprints = [...new Set(ofStrength.map((i) => !!i.card.howruck))];
    if (sel.imprint === undefined && imprints.length > 1) {
      choices.append(button(t("pk_imprint"), () => ctx.pick({...sel, imprint: true}), "card card-" + sel.color));
      choices.append(button(t("pk_plain"), () => ctx.pick({...sel, imprint: false}), "card card-" + sel.color));
      ctx.back({});
      return;
    }
    const imprint = sel.imprint === undefined ? imprints[0] : sel.imprint;
    const chosen = ofStrength.filter((i) => !!i.card.howruck === imprint);
    choices.append(button(cardName(chosen[0].card), () => ctx.pick({}), "card picked card-" + sel.color));
    done(chosen);
  }

  function placeOnBoard(chosen, ctx) {
    ctx.places.append(document.createTextNode(ctx.t("pk_tap_field")));
    highlight(chosen.map((i) => ({side: i.side, field: i.field, action: i.action})), ctx, ctx.send);
  }

  function tug(ctx) {
    const {legal, t, button, choices, places, send} = ctx;
    const sel = ctx.picked() || {};
    const plays = legal.filter((a) => a.type === "play")
      .map((a) => ({card: a.card, side: a.side, field: a.field, action: a}));
    const kinds = [...new Set(legal.filter((a) => a.type === "action").map((a) => a.card))];
    if (sel.kind) {
      const mine = legal.filter((a) => a.type === "action" && a.card === sel.kind);
      choices.append(button(t(sel.kind), () => ctx.pick({}), "card card-action picked"));
      if (sel.kind !== "fieser_trick" || sel.take === undefined) {
        mine.filter((a) => !a.take).forEach((a) =>
          places.append(button(a.forgo ? t("forgo", {c: t(a.card)}) : Object.keys(a).length === 4
            ? t("pk_play", {c: t(a.card)}) : placeLabel(a), () => send(a), a.forgo ? "secondary" : "")));
        if (mine.some((a) => a.take)) places.append(button(t("pk_take"), () => ctx.pick({...sel, take: {}})));
        return;
      }
      // Fieser Trick: the taken card with the same picker, then its placement
      const takes = mine.filter((a) => a.take);
      const takePlays = takes.filter((a) => a.take.card)
        .map((a) => ({card: a.take.card, side: a.take.side, field: a.take.field, action: a}));
      const inner = [...new Set(takes.filter((a) => a.take.action).map((a) => a.take.action))];
      if (sel.take.inner) {
        takes.filter((a) => a.take.action === sel.take.inner).forEach((a) =>
          places.append(button(placeLabel(a), () => send(a), "secondary")));
        ctx.back({...sel, take: {}});
        return;
      }
      cardPicker(takePlays, sel.take, {...ctx, pick: (take) => ctx.pick({...sel, take})},
        (chosen) => placeOnBoard(chosen, ctx),
        () => inner.forEach((k) => choices.append(button(t(k), () => ctx.pick({...sel, take: {inner: k}}), "card card-action"))));
      return;
    }
    cardPicker(plays, sel, ctx, (chosen) => placeOnBoard(chosen, ctx),
      () => kinds.forEach((k) => choices.append(button(t(k), () => ctx.pick({kind: k}), "card card-action"))));
  }

  // --- what a move did, as the history says it (history.js `say`; moves_said.py) ---
  // A card as the board names it (the imprint as ✶, where the replay says "(How Ruck)").
  const moves = {
    quick_start: (e, t) => [t("quick_start_line", {p: e.barrel, q: e.starter})],
    tug_started: (e, t) => [t("replay:hr_tug", {round: e.round})],
    placed: (e, t) => [t("replay:hr_placed", {p: e.player, card: cardName(e.card, t), side: e.side, field: t(e.field)})],
    action: (e, t) => [t(e.forgo ? "replay:hr_forgo" : "replay:plays", {p: e.player, card: t(e.card)})],
    taken: (e, t) => [t("replay:hr_taken", {p: e.player, q: e.from})],
    round_won: (e, t) => {  // the tally of barrels after a round (its winner: the announcement)
      const tally = Object.entries(e.barrels || {}).map(([who, n]) => `${who} ${n}`).join(", ");
      return tally ? [t("replay:hr_barrels", {tally})] : [];
    },
    round_started: (e, t) => [t("replay:hr_round_started", {round: e.round})],
  };

  companion.games.howruck = {board, choices, prompt, moves, cardName, reset: clearBoard};
})();
