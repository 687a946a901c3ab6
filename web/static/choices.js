// The legal actions from the choice sets /legal sends (companion/web/choices.py, whose
// `expand` this mirrors): every card at every place, every pair of tie-break draws.
(function () {
  "use strict";
  const copy = (value) => JSON.parse(JSON.stringify(value));

  window.expandChoices = function (items) {
    const out = [];
    for (const item of items || []) {
      if (item.each === "card_place") {
        for (const card of item.cards) {
          for (const [side, field] of item.places) {
            const action = copy(item.base);
            Object.assign(item.at ? action[item.at] : action, {card: copy(card), side, field});
            out.push(action);
          }
        }
      } else if (item.each === "tiebreak") {
        const [a, b] = item.players, never = new Set(item.never_both);
        item.draws.forEach((da, i) => item.draws.forEach((db, j) => {
          if (i !== j || !never.has(i)) out.push({type: "tiebreak", draws: {[a]: copy(da), [b]: copy(db)}});
        }));
      } else if (item.each === "list") {
        out.push(...item.actions);
      } else {
        out.push(item);
      }
    }
    return out;
  };
})();
