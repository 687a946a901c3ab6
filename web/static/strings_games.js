// Tauziehen's and Stramash's words on the page, in English, German and Dutch.
(function () {
  "use strict";
  const WORDS = {
    en: {tz_points: {one: "{n} point", other: "{n} points"}, tz_block: "Marker on {c}", tz_marker_on: "marker on {c}",
      tz_marker_stays: "Play (the marker stays)", tz_opening: "{p}: place the opening marker",
      tz_draw: "A draw!", sm_laddie: "Laddie", sm_enter: "bring in", sm_discard: "Discard the {c} (no move)",
      sm_for: "moving for {p}", sm_pick: "which card?",
      sm_pairs: "Play in pairs (4 or 6 players, partners opposite)"},
    de: {tz_points: {one: "{n} Punkt", other: "{n} Punkte"}, tz_block: "Marker auf {c}", tz_marker_on: "Marker auf {c}",
      tz_marker_stays: "Spielen (der Marker bleibt)", tz_opening: "{p}: den ersten Marker setzen",
      tz_draw: "Unentschieden!", sm_laddie: "Laddie", sm_enter: "ins Spiel bringen",
      sm_discard: "{c} abwerfen (kein Zug)", sm_for: "zieht für {p}", sm_pick: "welche Karte?",
      sm_pairs: "In Paaren spielen (4 oder 6 Spieler, Partner gegenüber)"},
    nl: {tz_points: {one: "{n} punt", other: "{n} punten"}, tz_block: "Marker op {c}", tz_marker_on: "marker op {c}",
      tz_marker_stays: "Spelen (de marker blijft)", tz_opening: "{p}: leg de eerste marker",
      tz_draw: "Gelijkspel!", sm_laddie: "Laddie", sm_enter: "in het spel brengen",
      sm_discard: "{c} wegleggen (geen zet)", sm_for: "zet voor {p}", sm_pick: "welke kaart?",
      sm_pairs: "In paren spelen (4 of 6 spelers, partners tegenover elkaar)"},
  };
  for (const [lang, words] of Object.entries(WORDS)) Object.assign(window.STRINGS[lang], words);
})();
