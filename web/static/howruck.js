// How Ruck!'s tug picker: a card by its attributes (colour → strength → imprint), then the
// target field tapped on the board picture; action cards by name, their parameters after.
(function () {
  "use strict";
  const COLOURS = ["red", "blue", "green", "white"];
  const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
  let onField = null; // what a tap on a highlighted board field does now

  document.addEventListener("click", (e) => {
    const rect = e.target.closest && e.target.closest("#board .field.legal");
    if (rect && onField) onField(rect.dataset.side, rect.dataset.field);
  });
  document.addEventListener("keydown", (e) => {
    const rect = e.target.closest && e.target.closest("#board .field.legal");
    if (rect && onField && (e.key === "Enter" || e.key === " ")) { e.preventDefault(); onField(rect.dataset.side, rect.dataset.field); }
  });

  function clearBoard() {
    onField = null;
    document.querySelectorAll("#board .field").forEach((r) => {
      r.classList.remove("legal");
      ["role", "tabindex", "aria-label"].forEach((a) => r.removeAttribute(a));
    });
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
      choices.append(button(t("pk_back"), () => ctx.pick({}), "secondary"));
      return;
    }
    const ofStrength = ofColour.filter((i) => (i.card.nessie ? "N" : i.card.strength) === sel.strength);
    const imprints = [...new Set(ofStrength.map((i) => !!i.card.howruck))];
    if (sel.imprint === undefined && imprints.length > 1) {
      choices.append(button(t("pk_imprint"), () => ctx.pick({...sel, imprint: true}), "card card-" + sel.color));
      choices.append(button(t("pk_plain"), () => ctx.pick({...sel, imprint: false}), "card card-" + sel.color));
      choices.append(button(t("pk_back"), () => ctx.pick({}), "secondary"));
      return;
    }
    const imprint = sel.imprint === undefined ? imprints[0] : sel.imprint;
    const chosen = ofStrength.filter((i) => !!i.card.howruck === imprint);
    choices.append(button(ctx.cardName(chosen[0].card), () => ctx.pick({}), "card picked card-" + sel.color));
    done(chosen);
  }

  function placeOnBoard(chosen, ctx) {
    ctx.places.append(document.createTextNode(ctx.t("pk_tap_field")));
    highlight(chosen.map((i) => ({side: i.side, field: i.field, action: i.action})), ctx, ctx.send);
  }

  function tug(ctx) {
    const {legal, t, button, choices, places, send} = ctx;
    clearBoard();
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
            ? t("pk_play", {c: t(a.card)}) : ctx.placeLabel(a), () => send(a), a.forgo ? "secondary" : "")));
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
          places.append(button(ctx.placeLabel(a), () => send(a), "secondary")));
        choices.append(button(t("pk_back"), () => ctx.pick({...sel, take: {}}), "secondary"));
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

  window.HOWRUCK_PICKER = {tug, clearBoard};
})();
