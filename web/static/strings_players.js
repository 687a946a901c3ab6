// The Players tab's words in English, German and Dutch (merged into window.STRINGS).
(function () {
  "use strict";
  const WORDS = {
    en: {
      pl_player: "Player", pl_played: "Games", pl_won: "Won", pl_streak: "Streak",
      pl_rival: "Rival", pl_beaten: "Most beaten", pl_ratings: "Ratings (Elo)", pl_wins_chart: "Games won",
      pl_rating_chart: "Rating after each game", pl_h2h: "Head to head", pl_opponent: "Opponent",
      pl_lost: "Lost", pl_races: "How Ruck! races won", pl_margin: "median margin {ms} ms",
      pl_none: "No finished games yet.", pl_rename: "Rename", pl_merge: "Merge into",
      pl_new_name: "New name, or the player to merge into", pl_change: "Rename or merge",
      pl_streak_won: "{n} won", pl_streak_lost: "{n} lost", pl_longest: "best run {n}",
    },
    de: {
      pl_player: "Spieler", pl_played: "Spiele", pl_won: "Gewonnen", pl_streak: "Serie",
      pl_rival: "Angstgegner", pl_beaten: "Meist besiegt", pl_ratings: "Wertung (Elo)", pl_wins_chart: "Gewonnene Spiele",
      pl_rating_chart: "Wertung nach jedem Spiel", pl_h2h: "Direkter Vergleich", pl_opponent: "Gegner",
      pl_lost: "Verloren", pl_races: "Gewonnene How-Ruck!-Rennen", pl_margin: "Median-Vorsprung {ms} ms",
      pl_none: "Noch keine beendeten Spiele.", pl_rename: "Umbenennen", pl_merge: "Zusammenführen mit",
      pl_new_name: "Neuer Name oder der Spieler, mit dem zusammengeführt wird", pl_change: "Umbenennen oder zusammenführen",
      pl_streak_won: "{n} gewonnen", pl_streak_lost: "{n} verloren", pl_longest: "beste Serie {n}",
    },
    nl: {
      pl_player: "Speler", pl_played: "Spellen", pl_won: "Gewonnen", pl_streak: "Reeks",
      pl_rival: "Rivaal", pl_beaten: "Meest verslagen", pl_ratings: "Rating (Elo)", pl_wins_chart: "Gewonnen spellen",
      pl_rating_chart: "Rating na elk spel", pl_h2h: "Onderling", pl_opponent: "Tegenstander",
      pl_lost: "Verloren", pl_races: "Gewonnen How Ruck!-races", pl_margin: "mediane voorsprong {ms} ms",
      pl_none: "Nog geen afgelopen spellen.", pl_rename: "Hernoemen", pl_merge: "Samenvoegen met",
      pl_new_name: "Nieuwe naam, of de speler om mee samen te voegen", pl_change: "Hernoemen of samenvoegen",
      pl_streak_won: "{n} gewonnen", pl_streak_lost: "{n} verloren", pl_longest: "beste reeks {n}",
    },
  };
  for (const lang of Object.keys(WORDS)) Object.assign(window.STRINGS[lang], WORDS[lang]);
})();
