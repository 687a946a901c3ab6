// What just happened, in words: one sentence per announcement kind (companion/announce.py).
// A value {one, other} is chosen by the count n (Intl.PluralRules).
(function () {
  "use strict";
  const add = {
    en: {
      an_race_won: "{p} won the race, {ms} ms ahead", an_race_won_alone: "{p} won the race",
      an_race_tie: "Tie ({ms} ms apart): each player draws a card", an_race_tie_plain: "Tie: each player draws a card",
      an_race_false_start: "False start by {q}: {p} wins the race", an_tiebreak_won: "{p} wins the tie-break",
      an_contest: "Contest: {a} {x} : {y} {b}, the barrel moves {n} toward {p}",
      an_contest_even: "Contest: {a} {x} : {y} {b}, the barrel stays",
      an_round_goal: "{p} wins the round: the barrel reached the goal",
      an_round_half: "{p} wins the round: both hands are empty, the barrel is in {p}'s half",
      an_round_ungeheuerlich: "{p} wins the round: Ungeheuerlich, Nessie on top",
      an_game_won: {one: "{p} wins the game!", other: "{p} win the game!"}, an_game_drawn: "The game is a draw",
      an_point: {one: "{p} scores a point (now {m})", other: "{p} scores {n} points (now {m})"},
      an_berggeist_placed: "The Berggeist goes onto {q}'s figure {f}", an_berggeist_home: "The Berggeist goes back to the summit",
      an_berggeist_stays: "A 7, but nobody is on the middle level: the Berggeist stays on the summit",
      an_cards_kept: "{p} keeps {k}", an_cards_discarded: "{p} discards {d}",
      an_strike: "{p} strikes {q}'s figure {f}", an_capture: "{p} sends {q} back to the dock",
      an_castle: "{p}'s laddie {l} is in the castle, hole {h}",
    },
    de: {
      an_race_won: "{p} hat den Wettlauf gewonnen, {ms} ms voraus", an_race_won_alone: "{p} hat den Wettlauf gewonnen",
      an_race_tie: "Gleichstand ({ms} ms auseinander): Beide ziehen eine Karte", an_race_tie_plain: "Gleichstand: Beide ziehen eine Karte",
      an_race_false_start: "Fehlstart von {q}: {p} gewinnt den Wettlauf", an_tiebreak_won: "{p} gewinnt das Stechen",
      an_contest: "Kräftemessen: {a} {x} : {y} {b}, das Fass rückt {n} zu {p}",
      an_contest_even: "Kräftemessen: {a} {x} : {y} {b}, das Fass bleibt stehen",
      an_round_goal: "{p} gewinnt die Runde: Das Fass hat das Ziel erreicht",
      an_round_half: "{p} gewinnt die Runde: Beide Hände sind leer, das Fass steht in der Hälfte von {p}",
      an_round_ungeheuerlich: "{p} gewinnt die Runde: Ungeheuerlich, Nessie liegt oben",
      an_game_won: {one: "{p} gewinnt das Spiel!", other: "{p} gewinnen das Spiel!"}, an_game_drawn: "Das Spiel endet unentschieden",
      an_point: {one: "{p} macht einen Punkt (jetzt {m})", other: "{p} macht {n} Punkte (jetzt {m})"},
      an_berggeist_placed: "Der Berggeist kommt auf Figur {f} von {q}", an_berggeist_home: "Der Berggeist geht zurück auf den Gipfel",
      an_berggeist_stays: "Eine 7, aber niemand steht auf der mittleren Ebene: Der Berggeist bleibt auf dem Gipfel",
      an_cards_kept: "{p} behält {k}", an_cards_discarded: "{p} wirft {d} ab",
      an_strike: "{p} schlägt Figur {f} von {q}", an_capture: "{p} schickt {q} zurück ins Dock",
      an_castle: "Laddie {l} von {p} ist im Schloss, Loch {h}",
    },
    nl: {
      an_race_won: "{p} heeft de race gewonnen, {ms} ms voor", an_race_won_alone: "{p} heeft de race gewonnen",
      an_race_tie: "Gelijk ({ms} ms verschil): iedereen trekt een kaart", an_race_tie_plain: "Gelijk: iedereen trekt een kaart",
      an_race_false_start: "Valse start van {q}: {p} wint de race", an_tiebreak_won: "{p} wint de beslissing",
      an_contest: "Krachtmeting: {a} {x} : {y} {b}, het vat gaat {n} naar {p}",
      an_contest_even: "Krachtmeting: {a} {x} : {y} {b}, het vat blijft staan",
      an_round_goal: "{p} wint de ronde: het vat heeft het doel bereikt",
      an_round_half: "{p} wint de ronde: beide handen zijn leeg, het vat staat op de helft van {p}",
      an_round_ungeheuerlich: "{p} wint de ronde: Monsterlijk, Nessie ligt bovenop",
      an_game_won: {one: "{p} wint het spel!", other: "{p} winnen het spel!"}, an_game_drawn: "Het spel eindigt gelijk",
      an_point: {one: "{p} scoort een punt (nu {m})", other: "{p} scoort {n} punten (nu {m})"},
      an_berggeist_placed: "De berggeest gaat op pion {f} van {q}", an_berggeist_home: "De berggeest gaat terug naar de top",
      an_berggeist_stays: "Een 7, maar niemand staat op het middelste niveau: de berggeest blijft op de top",
      an_cards_kept: "{p} houdt {k}", an_cards_discarded: "{p} legt {d} af",
      an_strike: "{p} slaat pion {f} van {q}", an_capture: "{p} stuurt {q} terug naar het dok",
      an_castle: "Laddie {l} van {p} staat in het kasteel, gat {h}",
    },
  };
  for (const lang of Object.keys(add)) Object.assign(window.STRINGS[lang], add[lang]);
})();
