// Stramash on the phone: the track as a ring of squares (start squares and castles in each
// seat's colour, laddies as numbered dots, docks beside), then a card picker whose choices
// are the moves that card allows now.
(function () {
  "use strict";
  const {esc, colour} = window.companion;  // escaping, app.css's colours
  const SEATS = ["red", "blue", "green", "yellow", "purple", "teal"];
  const C = 180, R = 144, DOCK = R + 28;  // docked laddies outside the ring, clear of it
  const FULL = ["A", "J", "Q", "K"];  // shown by a letter: named in full to a screen reader
  const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "joker"];

  function at(k, n, r) {
    const a = -Math.PI / 2 + (2 * Math.PI * k) / n;
    return [C + r * Math.cos(a), C + r * Math.sin(a)];
  }

  function dot(out, x, y, color, label, attrs) {
    out.push(`<g class="laddie" ${attrs}><circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6.5" fill="${color}" stroke="currentColor"/>` +
      `<text x="${x.toFixed(1)}" y="${(y + 3.5).toFixed(1)}" font-size="9" text-anchor="middle" fill="${colour("paper")}">${label}</text></g>`);
  }

  // The board in words: each player's laddies in the dock, on the track (counted from the
  // player's own start square: the squares have no numbers on the table), in the castle.
  function said(s, t) {
    const n = s.track_length;
    return s.players.map((p) => {
      const docked = s.laddies[p].filter((loc) => loc === "dock").length;
      const parts = docked ? [t("sm_said_dock", {n: docked})] : [];
      s.laddies[p].forEach((loc, i) => {
        if (loc === "dock") return;
        const past = loc.track === undefined ? null : (loc.track - s.start[p] + n) % n;
        parts.push(past === null ? t("sm_said_castle", {l: i + 1, h: loc.castle})
          : past ? t("sm_said_track", {l: i + 1, n: past}) : t("sm_said_start", {l: i + 1}));
      });
      return t("label_value", {label: p, value: parts.join(", ")});
    }).join(". ");
  }

  function board(s, t) {
    const n = s.track_length, out = [`<svg viewBox="0 0 360 360" ${window.companion.boardLabel("Stramash", said(s, t))}>`];
    const seatColour = (p) => colour(SEATS[s.players.indexOf(p) % SEATS.length]);
    for (let k = 0; k < n; k++) {
      const [x, y] = at(k, n, R);
      const owner = s.players.find((p) => s.start[p] === k);
      out.push(`<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${owner ? 6 : 3.5}" fill="${owner ? seatColour(owner) : "none"}" fill-opacity="0.4" stroke="${owner ? seatColour(owner) : "currentColor"}" stroke-width="${owner ? 2 : 0.8}"/>`);
    }
    s.players.forEach((p) => {
      const entry = s.castle_entry[p];
      for (let h = 1; h <= s.castle_holes; h++) {
        const [x, y] = at(entry + 0.5, n, R - 14 * h);
        out.push(`<rect x="${(x - 4).toFixed(1)}" y="${(y - 4).toFixed(1)}" width="8" height="8" fill="none" stroke="${seatColour(p)}" stroke-width="1.5"/>`);
      }
      let docked = 0;
      s.laddies[p].forEach((loc, i) => {
        const attrs = `data-player="${esc(p)}" data-laddie="${i}" data-loc="${esc(JSON.stringify(loc))}"`;
        if (loc === "dock") {
          const [x, y] = at(s.start[p] + 1 + docked++ * (n / 54), n, DOCK);  // outside the track, by the start
          dot(out, x, y, seatColour(p), i + 1, attrs);
        } else if (loc.track !== undefined) {
          const [x, y] = at(loc.track, n, R);
          dot(out, x, y, seatColour(p), i + 1, attrs);
        } else {
          const [x, y] = at(entry + 0.5, n, R - 14 * loc.castle);
          dot(out, x, y, seatColour(p), i + 1, attrs);
        }
      });
    });
    // Inside the track: each player's laddies home, the one to play marked; in pairs one line
    // per team ("Anna 0/5 & Daan 0/5"), so nobody has to work out partners from the seats.
    const home = (p) => s.laddies[p].filter((l) => l.castle !== undefined).length;
    const named = (p) => `${p === s.turn && !s.winner ? "▶ " : ""}${p} ${home(p)}/5`;
    const lines = s.teams ? s.teams : s.players.map((p) => [p]);
    lines.forEach((team, i) => {
      const parts = team.map((p) => `<tspan fill="${seatColour(p)}">${esc(named(p))}</tspan>`);
      out.push(`<text class="team" x="${C}" y="${C + 4 + (i - (lines.length - 1) / 2) * 16}" font-size="12" text-anchor="middle" font-weight="bold" fill="currentColor" data-fit="130">${parts.join(" &amp; ")}</text>`);
    });
    out.push("</svg>");
    return out.join("");
  }

  // A card as the reader names it: the face cards by their letters in the reader's language
  // (German B, D, K), the joker by its name in this game.
  function cardName(card, t) {
    if (card === "joker") return "Bonnie Fechter";
    return ["J", "Q", "K"].includes(card) ? t("sm_rank_" + card) : card;
  }


  // Whose laddies a play moves: the player's, or the partner's it plays for.
  const moverOf = (r, s) => s.moving_for[r.action.player] || r.action.player;

  // What a play does, in the table's words (the squares have no numbers on the table):
  // "Laddie 2: 7 forward", "New laddie onto the start square", "Laddie 1: into the castle,
  // hole 3", "Laddie 4 → Bob's laddie 3 · Bob's laddie 3: back to the dock". `moves` are
  // [player, laddie, from, to] (a result's), `mover` whose laddies the card moves,
  // `count(laddie, from, to)` how far one went on the track. (The history says a play as
  // `companion replay --text` does: history.js `say`.)
  function movesLabel(action, moves, mover, count, t) {
    const theirs = ([p, i]) => t("sm_their_laddie", {p, n: i + 1});
    const hole = (h) => t("sm_castle_hole", {h});
    const landed = moves.find(([p]) => p !== mover);
    return moves.map(([p, i, from, to]) => {
      if (p !== mover) return t("label_value", {label: theirs([p, i]), value: to === "dock" ? t("sm_to_dock") : t("sm_to_entry")});
      const who = from === "dock" ? t("sm_new_laddie") : `${t("sm_laddie")} ${i + 1}`;
      if (action.card === "joker") return landed ? `${who} → ${theirs(landed)}` : who;
      if (from === "dock") return `${who} ${t("sm_onto_start")}`;
      const did = (value) => t("label_value", {label: who, value});
      if (to.castle !== undefined && from.castle === undefined) return did(t("sm_into_castle", {h: to.castle}));
      if (from.castle !== undefined) return did(`${hole(from.castle)} → ${hole(to.castle)}`);
      const n = count(i, from, to);
      return did(action.card === "8" ? t("sm_back", {n}) : t("sm_forward", {n}));
    }).join(" · ");
  }

  // A move button's label: how far from the squares it moves between.
  function resultLabel(r, s, t) {
    const n = s.track_length, back = r.action.card === "8";
    return movesLabel(r.action, r.moves, moverOf(r, s), (i, from, to) =>
      ((back ? from.track - to.track : to.track - from.track) + n) % n, t);
  }

  const MANY = 12;  // more results than this: first which laddies move, then how far

  // The laddies of the mover's side a result moves ("1+3"): a 7's splits grouped by them.
  function movedKey(r, s) {
    const mover = moverOf(r, s);
    return r.moves.filter(([p]) => p === mover).map(([, i]) => i).sort((a, b) => a - b).join("+");
  }

  // A picked card's results, and whether they are offered in two steps (README: a 7's splits,
  // "first which laddies move, then how far"): when the card may move several laddies at
  // once, or has more results than a screen holds. `groups`: the results by the laddies they
  // move, those of fewer laddies first.
  function stepsOf(s, card, all) {
    const results = (all || []).filter((r) => r.action.card === card);
    const groups = new Map();
    results.forEach((r) => {
      const key = movedKey(r, s);
      groups.set(key, [...(groups.get(key) || []), r]);
    });
    const keys = [...groups.keys()].sort((a, b) => a.length - b.length || a.localeCompare(b));
    const shared = keys.some((k) => k.includes("+"));
    return {results, groups, keys, stepwise: keys.length > 1 && (shared || results.length > MANY)};
  }

  function choices(s, legal, ui) {
    const byCard = new Map(RANK_ORDER.map((r) => [r, []]));
    legal.forEach((a) => byCard.get(a.card).push(a));
    const sel = (ui.picked && ui.picked()) || {};
    for (const [card, actions] of byCard) {  // a card picked: only it stays (tapped: all again)
      if (!actions.length || (sel.card && sel.card !== card)) continue;
      const text = cardName(card, ui.t);
      const b = ui.button(text, () => ui.pick(sel.card === card && sel.moved === undefined ? {} : {card}),
        "secondary sm-card" + (sel.card === card ? " picked" : ""));
      if (FULL.includes(card)) b.setAttribute("aria-label", ui.t("sm_card_" + card));  // "Bube", not "B"
      ui.choices.append(b);
    }
    if (!sel.card || !byCard.has(sel.card)) return;
    ui.back(sel.moved === undefined ? {} : {card: sel.card});  // a 7's group: back to the groups
    const {results, groups, keys, stepwise} = stepsOf(s, sel.card, ui.results);
    const discards = byCard.get(sel.card).filter((a) => a.type === "discard");
    // a move reads as a sentence: its button has a row of its own (app.css .whole-row)
    const result = (r) => ui.places.append(ui.button(resultLabel(r, s, ui.t), () => ui.send(r.action), "sm-result whole-row"));
    if (stepwise && sel.moved === undefined) {  // which laddies move first (a laddie alone: its move)
      keys.forEach((key) => (groups.get(key).length === 1 ? result(groups.get(key)[0]) : ui.places.append(ui.button(
        key.split("+").map((i) => `${ui.t("sm_laddie")} ${Number(i) + 1}`).join(" + "),
        () => ui.pick({...sel, moved: key}), "sm-group whole-row"))));
    } else {  // by what each does: one button per result (every play has one), by laddie
      results.filter((r) => sel.moved === undefined || movedKey(r, s) === sel.moved).forEach(result);
    }
    discards.forEach((a) => ui.places.append(ui.button(ui.t("sm_discard", {c: cardName(a.card, ui.t)}), () => ui.send(a), "secondary")));
  }

  // Whose turn, and what the picker's step asks: which card, which laddies move (a 7 split
  // in two steps), how far (a 7) or which move.
  function prompt(s, t, picked = {}) {
    if (s.winner) {  // a pair wins together: "Ben & Opa win the game!"
      const team = [].concat(s.winner);
      return t("an_game_won", {p: team.join(" & "), n: team.length});
    }
    if (!s.turn) return "";
    const forWhom = s.moving_for[s.turn];
    return t("turn", {p: s.turn}) + (forWhom !== s.turn ? ` · ${t("sm_for", {p: forWhom})}` : "") + " · " + question(s, t, picked);
  }

  function question(s, t, sel) {
    if (!sel.card) return t("sm_pick");
    if (sel.moved === undefined && stepsOf(s, sel.card, window.companion.results).stepwise) return t("sm_pick_laddies");
    return t(sel.card === "7" && sel.moved !== undefined ? "sm_pick_far" : "sm_pick_move");
  }

  // --- what a play did, as the history says it (history.js `say`; moves_said.py) ---
  // `m.trackLength`: how far a laddie went between two squares.
  function laddieMove(e, [, laddie, was, now], length, t) {
    const l = laddie + 1, mod = (x) => ((x % length) + length) % length;
    if (e.card === "joker") {
      const target = e.target || {};
      return t("replay:sm_fechter", {l, q: target.player, m: (target.laddie || 0) + 1});
    }
    if (was === "dock") return t("replay:sm_enters");
    if (now.castle !== undefined && was.castle !== undefined) return t("replay:sm_in_castle", {l, a: was.castle, b: now.castle});
    if (now.castle !== undefined) return t("replay:sm_into_castle", {l});
    if (e.card === "8") return t("replay:sm_back", {l, n: mod(was.track - now.track)});
    return t("replay:sm_forward", {l, n: mod(now.track - was.track)});
  }

  const moves = {
    played: (e, t, m) => {
      const owner = e.owner === undefined ? e.player : e.owner, card = cardName(e.card, t);
      // the mover's laddies (whom the play sent back: the announcement)
      const said = window.companion.i18n.clauses((e.moves || []).filter(([p]) => p === owner)
        .map((x) => laddieMove(e, x, m.trackLength || 1, t)), t);
      return [owner !== e.player ? t("replay:sm_played_for", {p: e.player, card, q: owner, moves: said})
        : t("replay:sm_played", {p: e.player, card, moves: said})];
    },
    discarded: (e, t) => [t("replay:sm_discarded", {p: e.player, card: cardName(e.card, t)})],
  };

  window.companion.games.stramash = {board, choices, prompt, moves, result: resultLabel};
})();
