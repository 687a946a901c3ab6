// Lauf Rauf! on the phone: the mountain as SVG (lower and middle rings from the game's board
// definition, base and summit camps, the Berggeist, dice and cards) and the choices for the
// dice showing — a virtual throw or the table's own dice, moves, the Berggeist, cards.
(function () {
  "use strict";
  const {esc, colour} = window.companion;  // escaping, app.css's colours
  const PLAYERS = ["red", "blue", "green", "yellow"];  // the figures' colours
  const COLORS = {get red() { return colour("red"); }, get blue() { return colour("blue"); },
    get green() { return colour("green"); }, get yellow() { return colour("yellow"); }};
  // A colour as the reader says it, after the name of whoever plays it ("Anna (red)", core.js).
  const who = (s, p) => window.companion.playerName("laufrauf", p, s.names);
  const C = 180;  // centre of the mountain
  const RINGS = {lower: 150, middle: 98};
  const SUMMIT = 56;  // the summit's circle: room for four players' three figures each
  const PIPS = {1: [[1, 1]], 2: [[0, 0], [2, 2]], 3: [[0, 0], [1, 1], [2, 2]], 4: [[0, 0], [2, 0], [0, 2], [2, 2]],
    5: [[0, 0], [2, 0], [1, 1], [0, 2], [2, 2]], 6: [[0, 0], [2, 0], [0, 1], [2, 1], [0, 2], [2, 2]]};
  const REAL = "companion_table_dice";  // this phone enters the table's dice and cards

  function spot(level, field, board) {
    const n = board[level].length, a = -Math.PI / 2 + (2 * Math.PI * field) / n;
    return [C + RINGS[level] * Math.cos(a), C + RINGS[level] * Math.sin(a)];
  }

  function ring(out, level, board) {
    const r = level === "lower" ? 9 : 8.5;
    for (let k = 0; k < board[level].length; k++) {
      const [x, y] = spot(level, k, board);
      let stroke = "currentColor", width = 0.8, fill = "none";
      for (const [color, fields] of Object.entries(board[level].runup)) {
        if (fields.includes(k)) { stroke = COLORS[color] || stroke; width = 2.2; }
      }
      for (const [color, f] of Object.entries(board[level].ascent)) {
        if (f === k) { fill = COLORS[color] || colour("grey"); stroke = fill; width = 2.5; }
      }
      out.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${r}" fill="${fill}" fill-opacity="0.35" stroke="${stroke}" stroke-width="${width}"/>`);
    }
  }

  function figure(out, x, y, player, i, carrier, loc) {
    const where = typeof loc === "string" ? `data-level="${loc}"` : `data-level="${loc.level}" data-field="${loc.field}"`;
    out.push(`<g class="figure" data-player="${esc(player)}" data-figure="${i}" ${where}>` +
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="7.5" fill="${COLORS[player] || colour("grey")}" stroke="currentColor" stroke-width="1.5"/>` +
      `<text x="${x.toFixed(1)}" y="${(y + 4).toFixed(1)}" font-size="10" text-anchor="middle" fill="${colour("paper")}" font-weight="bold">${i + 1}</text></g>`);
    if (carrier) out.push(hat(x, y - 9));
  }

  function hat(x, y) {
    return `<path id="berggeist" d="M${x - 7} ${y} L${x} ${y - 12} L${x + 7} ${y} Z" fill="${colour("ink")}" stroke="${colour("paper")}" stroke-width="1"/>`;
  }

  function die(x, y, value, size) {
    const out = [`<rect x="${x}" y="${y}" width="${size}" height="${size}" rx="6" fill="${colour("paper")}" stroke="${colour("ink")}" stroke-width="2"/>`];
    const step = size / 4;
    for (const [i, j] of PIPS[value] || []) {
      out.push(`<circle cx="${x + step * (i + 1)}" cy="${y + step * (j + 1)}" r="${size / 11}" fill="${colour("ink")}"/>`);
    }
    return out.join("");
  }

  // The board in words: where each player's figures stand, and the Berggeist.
  function said(s, t) {
    const bg = s.berggeist === "summit" ? t("lr_said_bg_summit")
      : t("lr_said_bg_on", {p: who(s, s.berggeist.player), n: s.berggeist.figure + 1});
    const figures = s.players.map((p) => t("label_value", {label: who(s, p), value: s.figures[p].map((loc, i) => (typeof loc === "string"
      ? t(`lr_said_${loc}`, {n: i + 1}) : t(`lr_said_${loc.level}`, {n: i + 1, f: loc.field + 1}))).join(", ")}));
    return [...figures, bg].join(". ");
  }

  function board(s, t) {
    const b = s.board, out = [`<svg viewBox="0 0 360 412" ${window.companion.boardLabel("Lauf Rauf!", said(s, t))}>`];
    ring(out, "lower", b);
    ring(out, "middle", b);
    out.push(`<circle class="summit" cx="${C}" cy="${C}" r="${SUMMIT}" fill="none" stroke="currentColor" stroke-width="2"/>`);
    out.push(`<text x="${C}" y="${C - 28}" font-size="11" text-anchor="middle" fill="currentColor">${esc(t("lr_summit"))}</text>`);
    const carrier = s.berggeist === "summit" ? null : s.berggeist;
    if (!carrier) out.push(hat(C, C - 10));
    const corners = [[22, 22], [338, 22], [338, 338], [22, 338]];
    s.players.forEach((p, pi) => {
      let home = 0, top = 0;
      s.figures[p].forEach((loc, i) => {
        const isCarrier = carrier && carrier.player === p && carrier.figure === i;
        if (loc === "base") {
          const [x, y] = corners[b.colors.indexOf(p) % 4];
          figure(out, x + (home++ - 1) * 16 * (x < C ? 1 : -1) + (x < C ? 16 : -16), y, p, i, false, loc);
        } else if (loc === "summit") {  // a column each, inside the circle (below the hat)
          figure(out, C + (pi - (s.players.length - 1) / 2) * 17, C + (top++) * 17, p, i, false, loc);
        } else {
          const [x, y] = spot(loc.level, loc.field, b);
          figure(out, x, y, p, i, isCarrier, loc);
        }
      });
    });
    // dice, throws and cards below the mountain
    const y0 = 366;
    if (s.dice) {
      out.push(`<g id="dice" data-dice="${s.dice.join(",")}">${die(8, y0, s.dice[0], 40)}${die(56, y0, s.dice[1], 40)}</g>`);
    }
    const throwText = s.turn && s.throws ? t("lr_throw", {n: s.throws, m: s.throws_allowed}) : "";
    out.push(`<text x="104" y="${y0 + 16}" font-size="13" fill="currentColor">${esc(throwText)}</text>`);
    if (s.prompt === "huckauf") out.push(`<text x="104" y="${y0 + 34}" font-size="15" font-weight="bold" fill="${colour("bad")}">${esc(t("lr_huckauf"))}</text>`);
    out.push("</svg>");
    // each player's cards in the page's own type below the picture: every name, in any language
    const hands = s.players.map((p) => `<li data-player="${esc(p)}"><span class="lr-dot lr-${esc(p)}" aria-hidden="true">●</span> ` +
      t("label_value", {label: `<b>${esc(who(s, p))}</b>`, value: esc(s.cards[p].map((k) => t("lr_" + k)).join(", ") || "–")}) + "</li>");
    out.push(`<ul class="lr-hands" aria-label="${esc(t("lr_hands"))}">${hands.join("")}</ul>`);
    return out.join("");
  }

  // Whom a move strikes back to base camp and pushes on, the mover left out: "blue 1 back to
  // base camp" (from the move's result).
  function others(struck, pushed, t) {
    return [...(struck ? [t("lr_to_base", {p: t(struck.player), n: struck.figure + 1})] : []),
      ...pushed.map((f) => t("lr_pushed", {p: t(f.player), n: f.figure + 1}))];
  }

  function fromResult(moves) {
    const rest = (moves || []).slice(1).map(([player, figure, , to]) => ({player, figure, to}));
    return {struck: rest.find((f) => f.to === "base"), pushed: rest.filter((f) => f.to !== "base")};
  }

  function moveLabel(a, s, t, did) {
    const parts = [t("label_value", {label: `${t(a.player)} ${a.figure + 1}`, value: t("lr_" + a.move)})];
    if (s && s.dice && a.move !== "start") {
      const count = a.card && (a.joker_as || a.card) === "aufstieg" ? Math.max(...s.dice) :
        a.move === "strike" ? Math.min(...s.first_throw) : s.dice[0] + s.dice[1];
      parts.push(String(count));
    }
    if (a.backward) parts.push(t("lr_backward"));
    if (a.card) parts.push(t("lr_with", {c: t("lr_" + a.card)}) + (a.joker_as ? ` (${t("lr_" + a.joker_as)})` : ""));
    if (did) parts.push(...others(did.struck, did.pushed, t));
    return parts.join(" · ");
  }

  function label(a, s, t, did) {
    switch (a.type) {
      case "roll":
        return a.keep === undefined ? t("lr_roll") : t("lr_keep", {d: s && s.dice ? s.dice[a.keep] : a.keep + 1});
      case "move": return moveLabel(a, s, t, did);
      case "berggeist": return a.target === "summit" ? t("lr_bg_home") : t("lr_bg_on", {p: t(a.target.player), n: a.target.figure + 1});
      case "huckauf": return t("lr_call", {p: t(a.player)});
      case "sacrifice": return t("lr_sacrifice", {c: t("lr_" + a.card)});
      case "take_cards": return a.revealed ? t("label_value", {label: t("lr_take"), value: a.revealed.map((k) => t("lr_" + k)).join(", ")}) : t("lr_take");
      case "pass": return t("lr_pass");
      default: return JSON.stringify(a);
    }
  }

  // The table's own dice, entered as they lie: a row per die, its six faces to tap, and on a
  // throw again a "stayed" toggle per die (one at most: a die is thrown again), whose die
  // keeps its value. Nothing is chosen at first, and the one button, saying what it enters,
  // stays off until each die has a value: a throw nobody made is never entered.
  // (Its buttons are toggles, aria-pressed: each face, each "stayed".)
  function realDice(ui, s, rolls) {
    const t = ui.t, box = document.createElement("div"), values = [null, null];
    let stayed = null;  // the die that stayed: the roll's `keep`
    box.className = "dice-entry";
    box.dataset.step = "";  // on the first screen whole (play.js fitBoard)
    const rows = [0, 1].map((i) => {
      const row = document.createElement("div"), name = document.createElement("span");
      Object.assign(name, {id: `lr-die-${i}`, textContent: t("lr_die", {n: i + 1})});
      row.className = "lr-die";
      row.setAttribute("role", "group");
      row.setAttribute("aria-labelledby", name.id);
      row.append(name);
      const stay = s.dice && rolls.some((a) => a.keep === i) ? ui.button(t("lr_stayed"), () => {
        stayed = stayed === i ? null : i;
        values[i] = stayed === i ? s.dice[i] : null;
        tapped();
      }, "secondary lr-stay") : null;
      if (stay) row.append(stay);
      const faces = [1, 2, 3, 4, 5, 6].map((v) => ui.button(String(v), () => { values[i] = v; tapped(); }, "secondary"));
      row.append(...faces);
      box.append(row);
      return {stay, faces};
    });
    const enter = ui.button("", () => ui.send({...rolls.find((a) => a.keep === (stayed ?? undefined)), dice: values}), "whole-row");
    box.append(enter);
    ui.choices.append(box);
    // each tap brings the rest of the entry, down to its button, into sight: on a short
    // phone it ends below the first screen (a throw again: 375 x 667, even 360 x 740)
    function tapped() {
      update();
      enter.scrollIntoView({block: "nearest"});
    }
    function update() {
      rows.forEach(({stay, faces}, i) => {
        if (stay) {
          stay.setAttribute("aria-pressed", String(stayed === i));
          stay.disabled = stayed === 1 - i;
        }
        faces.forEach((b, v) => {
          b.setAttribute("aria-pressed", String(values[i] === v + 1));
          b.disabled = stayed === i;
        });
      });
      const thrown = 1 - stayed;
      enter.disabled = !values.every(Boolean);
      enter.textContent = enter.disabled ? t("lr_enter_dice") : stayed === null ? t("lr_enter_both", {a: values[0], b: values[1]})
        : t("lr_enter_kept", {n: thrown + 1, a: values[thrown], m: stayed + 1, b: values[stayed]});
    }
    update();
  }

  // The cards turned up on the table, entered as one step under its heading: a double turns
  // up one card, sent with its tap; a double six turns up two, sent with the "enter" button.
  // It opens below the choices, off a small phone's screen: it comes into sight, the keyboard
  // on its first card, and the button that opened it says so (tapped again: the same step).
  function realCards(ui, s, take, opener) {
    const open = ui.places.querySelector("fieldset.lr-cards");
    if (open) return show(open);
    const picked = [], two = s.dice[0] === 6 && s.dice[1] === 6;
    const step = document.createElement("fieldset"), heading = document.createElement("legend");
    step.className = "lr-cards";
    heading.textContent = ui.t("lr_enter_cards");
    const shown = document.createElement("p");
    const send = ui.button(ui.t("send"), () => ui.send({...take, revealed: picked}));
    send.disabled = true;
    step.append(heading);
    for (const kind of ["blitzstart", "ruecklauf", "aufstieg", "rueckschlag", "joker"]) {
      step.append(ui.button(ui.t("lr_" + kind), () => {
        picked.push(kind);
        shown.textContent = picked.map((k) => ui.t("lr_" + k)).join(" → ");
        send.disabled = false;
        if (!two) ui.send({...take, revealed: picked});
      }, "secondary"));
    }
    step.append(shown);
    if (two) step.append(send);
    ui.places.append(step);
    opener.setAttribute("aria-expanded", "true");
    show(step);
  }

  function show(step) {
    step.scrollIntoView({block: "nearest"});
    step.querySelector("button").focus({preventScroll: true});
  }

  // This phone enters the table's dice and cards, or throws for the table: a setting of the
  // phone's, kept (localStorage), so it comes after the turn's choices, not above them.
  function realToggle(ui, real) {
    const toggle = document.createElement("label");
    toggle.className = "check";
    const box = document.createElement("input"), words = document.createElement("span");
    Object.assign(box, {type: "checkbox", id: "lr-real", checked: real});
    words.textContent = ui.t("lr_real");
    toggle.append(box, " ", words);
    box.addEventListener("change", (e) => {
      localStorage.setItem(REAL, e.target.checked ? "1" : "0");
      ui.rerender();
    });
    return toggle;
  }

  // The turn's choices on a phone's first screen: the moves the dice allow first (what a
  // throw is for), then throwing again, the cards and passing; the setting last.
  function choices(s, legal, ui) {
    const real = localStorage.getItem(REAL) === "1";
    const did = new Map((ui.results || []).map((r) => [r.action, fromResult(r.moves)]));
    const moves = legal.filter((a) => a.type === "move"), rest = legal.filter((a) => a.type !== "move");
    offer(s, moves, ui, real, did);
    const rolls = legal.filter((a) => a.type === "roll");
    if (rolls.length && real) realDice(ui, s, rolls);
    offer(s, rest, ui, real, did);
    ui.choices.append(realToggle(ui, real));
  }

  function offer(s, legal, ui, real, did) {
    for (const a of legal) {
      if (a.type === "move" && ui.results && !did.has(a)) continue;  // alike: one button
      if (a.type === "roll" && real) continue;
      if (a.type === "roll" && a.keep === 1 && s.dice && s.dice[0] === s.dice[1]) continue;  // same as keep 0
      if (a.type === "take_cards" && real) {
        const take = ui.button(label(a, s, ui.t), () => realCards(ui, s, a, take), "secondary");
        take.setAttribute("aria-expanded", "false");
        ui.choices.append(take);
        continue;
      }
      const cls = a.type === "move" ? "lr-move lr-" + (PLAYERS.includes(a.player) ? a.player : "x")
        : a.type === "roll" ? (a.keep === undefined ? "" : "lr-rethrow") : "secondary";
      ui.choices.append(ui.button(label(a, s, ui.t, did.get(a)), () => ui.send(a), cls));
    }
  }

  function prompt(s, t) {
    if (s.winner) return t("over", {p: who(s, s.winner)});
    if (s.prompt === "huckauf") return t("lr_prompt_huckauf", {p: who(s, s.turn)});
    if (!s.turn) return "";
    const parts = [t("turn", {p: who(s, s.turn)})];
    if (s.throws) parts.push(t("lr_throw", {n: s.throws, m: s.throws_allowed}));
    // the core's must_run: no pass now; said once no throw is left (before, one may throw again)
    if (s.must_run && s.throws >= s.throws_allowed) parts.push(t("lr_must_run"));
    return parts.join(" · ");
  }

  // --- what a move did, as the history says it (history.js `say`; moves_said.py) ---
  // `m.who`: a player as everywhere ("Anna (rot)"); `m.dice`: the throw a figure ran with.
  const place = (loc, t) => t(loc && typeof loc === "object"
    ? (loc.level === "middle" ? "replay:lr_middle" : "replay:lr_lower") : "replay:lr_summit");

  function moved(e, t, m) {
    if (!("figure" in e)) return [];
    const p = m.who(e.player), f = e.figure + 1, said = [];
    if (e.card) said.push(t("replay:plays", {p, card: t(e.card)}));
    if (e.move === "start") said.push(t("replay:lr_start", {p, f, to: place(e.to, t)}));
    else if (e.move === "ascend") said.push(t("replay:lr_ascend", {p, f, to: place(e.to, t)}));
    else if (e.move !== "strike") {  // how far: the dice it used
      const n = (m.dice || []).reduce((x, y) => x + y, 0);
      said.push(t(e.backward ? "replay:lr_run_back" : "replay:lr_run", {p, f, n}));
    }
    if (e.struck) said.push(t("replay:lr_strike", {p, f, q: m.who(e.struck.player), g: e.struck.figure + 1}));
    for (const x of e.pushed || []) said.push(t("replay:lr_pushed", {q: m.who(x.player), f: x.figure + 1}));
    return said;
  }

  const moves = {
    rolled: (e, t, m) => {
      const [a, b] = e.dice, p = m.who(e.player);
      return [e.kept == null ? t("replay:lr_rolled", {p, a, b, n: e.throw})
        : t("replay:lr_rolled_kept", {p, k: e.kept + 1, a, b, n: e.throw})];
    },
    moved,
    passed: (e, t, m) => [t("replay:lr_passed", {p: m.who(e.player)})],
    sacrificed: (e, t, m) => [t("replay:lr_sacrificed", {p: m.who(e.player), card: t(e.card), n: e.throws_allowed})],
    huckauf: (e, t, m) => [e.caller ? t("lr_call", {p: m.who(e.caller)}) : t("lr_huckauf")],
  };

  window.companion.games.laufrauf = {board, choices, prompt, moves};
})();
