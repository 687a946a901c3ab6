// What just happened: the announcements the table makes after an action ({kind, params},
// companion/announce.py) as sentences in the reader's language, shown as a banner on every
// phone for a few seconds and written into the history.
(function () {
  "use strict";
  const BANNER_MS = 4000;
  let timer = null;

  function list(items, t) {
    return items.map((k) => t(k)).join(", ");
  }

  const names = (seats) => seats.map((v) => v.player).join(", ");
  // How Ruck!'s own card names (app.js says a game's news once its module has loaded); if
  // the module could not load, colour and strength alone.
  const howruckCard = (card, t) => {
    const howruck = window.companion.games.howruck;
    return howruck ? howruck.cardName(card, t) : card.action ? t(card.action) : `${t(card.color)} ${card.strength}`;
  };

  // A tie-break's cards, each with who drew it ("Anna: rot 3, Bert: blau 5 ✶"; French "Anna : …").
  const drawn = (draws, t) => Object.entries(draws || {}).map(([who, card]) => t("drawn_by", {p: who, card: howruckCard(card, t)})).join(", ");

  // `describe(action, events, announcements)`: a move as the history says it (history.js);
  // `people`: who plays Lauf Rauf!'s colours (the game's names; else the state shown's).
  function say(item, t, describe, people) {
    const p = item.params || {};
    const state = window.companion.state;
    const lr = (x) => window.companion.playerName("laufrauf", x, people || (state && state.names));
    const ms = (us) => window.companion.i18n.decimal(us / 1000);
    switch (item.kind) {
      case "race_won":
        return p.margin_us != null ? t("an_race_won", {p: p.player, ms: ms(p.margin_us)}) : t("an_race_won_alone", {p: p.player});
      case "race_tie":
        return p.margin_us != null ? t("an_race_tie", {ms: ms(p.margin_us)}) : t("an_race_tie_plain");
      case "race_false_start":
        return t("an_race_false_start", {p: p.player, q: (p.false_starters || []).join(", ")});
      case "tiebreak_won": return p.draws ? t("an_tiebreak_won_cards", {p: p.player, cards: drawn(p.draws, t)})
        : t("an_tiebreak_won", {p: p.player});
      case "tiebreak_tied": return t("an_tiebreak_tied", {cards: drawn(p.draws, t)});
      case "contest": {
        const sums = {a: p.a, b: p.b, x: p.sum_a, y: p.sum_b};
        return p.by ? t("an_contest", {...sums, n: p.by, p: p.toward}) : t("an_contest_even", sums);
      }
      // How Ruck!'s action cards: said after the move's line, which names the card
      case "barrel_moved": return p.toward ? t("an_barrel_moved", {n: p.by, p: p.toward, f: p.field})
        : t("an_barrel_start", {p: p.player, f: p.field});
      case "cleared": return p.cards.length ? t("an_cleared", {cards: p.cards.map((x) =>
        t("field_card", {side: x.side, field: t(x.field), card: howruckCard(x.card, t)})).join(", ")}) : t("an_cleared_none");
      case "switched": return t("an_switched", {card: howruckCard(p.moved, t), q: p.side, r: p.to, f: t(p.field)});
      case "reinforced": return p.count ? t("an_reinforced", {p: p.player, n: p.count}) : t("an_reinforced_none", {p: p.player});
      case "no_effect": return t("an_no_effect");
      case "round_won": return t("an_round_" + p.reason, {p: p.player});
      case "game_won": return t("an_game_won", {p: p.players.map(lr).join(" & "), n: p.players.length});
      case "game_drawn": return t("an_game_drawn");
      case "point": return t("an_point", {p: p.player, n: p.count, m: p.points});
      case "berggeist_placed": return t("an_berggeist_placed", {q: lr(p.owner), f: p.figure + 1});
      case "berggeist_home": return t("an_berggeist_home");
      case "berggeist_stays": return t("an_berggeist_stays");
      case "cards_kept": {
        const parts = [];
        if (p.kept.length) parts.push(t("an_cards_kept", {p: lr(p.player), k: list(p.kept.map((k) => "lr_" + k), t)}));
        if (p.discarded.length) parts.push(t("an_cards_discarded", {p: lr(p.player), d: list(p.discarded.map((k) => "lr_" + k), t)}));
        return window.companion.i18n.clauses(parts, t);
      }
      case "strike": return t("an_strike", {p: lr(p.player), q: lr(p.victim.player), f: p.victim.figure + 1});
      case "capture": return t("an_capture", {p: p.player, q: names(p.victims)});
      case "partner_entry": return t("an_partner_entry", {p: p.player, q: names(p.victims)});
      case "castle": return t("an_castle", {p: p.player, l: p.laddie + 1, h: p.hole});
      case "undone": return t("an_undone", {what: describe ? describe(p.action, p.events || [], p.announcements || []) : ""});
      default: return "";
    }
  }

  function sentences(items, t, describe, people) {
    return (items || []).map((item) => window.companion.sentence(say(item, t, describe, people))).filter(Boolean);
  }

  // A banner on this phone: the newest announcements, then back to the board.
  function banner(items, t, describe) {
    note(sentences(items, t, describe).join(" · "));
  }

  // One sentence of this phone's own in the banner (e.g. "Paired."), gone after a while or
  // at the reader's next tap or key, whichever comes first: it is news, read or not needed
  // any more once the reader goes on (a refusal stays: companion.show).
  function note(text) {
    const box = document.getElementById("banner");
    if (!box || !text) return;
    box.firstElementChild.textContent = text;
    box.hidden = false;
    place(box);
    clearTimeout(timer);
    timer = setTimeout(clear, BANNER_MS);
  }

  // Where in the header's bar the news goes: the first room it can be read whole in, of
  // beside the title, under the title's words (a phone: the title beside the badge and the
  // language menu; the header wrapped, they are on a row below it and the title's row is its
  // and the news's), over the title (the badge and the menu in sight: the table's state and
  // the way to another language), and the whole bar. In each, a line longer than two lines is
  // set smaller, three lines, then four or as many as the room holds (a header of two rows),
  // rather than cut short with "…" (a round won said without its reason).
  function place(box) {
    for (const room of rooms()) {
      Object.assign(box.style, {top: room.top + "px", left: room.left + "px", width: room.width + "px", height: room.height + "px"});
      box.dataset.room = room.kind;
      if (fit(box)) return;
    }
  }

  function fit(box) {
    // whole: no line cut, and inside its room (one line under the title has room for one)
    const span = box.firstElementChild, whole = () => span.scrollHeight <= span.clientHeight
      && span.scrollWidth <= span.clientWidth && span.offsetHeight <= box.clientHeight;
    box.classList.remove("long", "longer");
    box.style.removeProperty("--lines");
    for (const size of ["long", "longer"]) {
      if (whole()) return true;
      box.classList.add(size);
    }
    const holds = Math.floor(box.clientHeight / parseFloat(getComputedStyle(span).lineHeight));
    box.style.setProperty("--lines", Math.max(4, holds));  // the smallest lines: as many as fit
    return whole();
  }

  // The rooms: the header's first row (the title's) up to the first control on it, from
  // after the title's text, from under it, or from the bar's left, where the header is on the
  // page (the page may have scrolled); then the bar at the top of the screen, wherever the
  // page is.
  function rooms() {
    const $ = (sel) => document.querySelector(sel).getBoundingClientRect();
    const head = $("header"), title = document.createRange(), gap = 8;
    title.selectNodeContents(document.querySelector("header h1"));
    const words = title.getBoundingClientRect();
    const onRow = [$("#live"), $("#page-lang")].filter((r) => r.top < words.bottom);
    const right = onRow.length ? Math.min(...onRow.map((r) => r.left)) - gap : head.right;
    const below = [$("#live"), $("#page-lang")].filter((r) => r.top >= words.bottom);
    const bottom = below.length ? Math.min(...below.map((r) => r.top)) : head.bottom;
    const top = head.top + window.scrollY, height = bottom - head.top;
    return [{kind: "beside", top, left: words.right + gap, width: right - words.right - gap, height},
      {kind: "under", top: words.bottom + window.scrollY, left: words.left, width: right - words.left, height: bottom - words.bottom},
      {kind: "over", top, left: 0, width: right, height}].filter((r) => r.width >= 48)
      .concat({kind: "bar", top: 0, left: 0, width: head.width, height: head.height});
  }

  function clear() {
    clearTimeout(timer);
    document.getElementById("banner").hidden = true;
  }

  ["pointerdown", "keydown"].forEach((kind) => document.addEventListener(kind, clear, true));

  window.companion.announce = {say, sentences, banner, note, clear};
})();
