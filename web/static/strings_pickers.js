// Words of the How Ruck! card picker, in English, German and Dutch.
(function () {
  "use strict";
  const WORDS = {
    en: {pk_action: "action card", pk_play: "{c}: play", pk_back: "back", pk_imprint: "with ✶ (How Ruck imprint)",
      pk_plain: "without ✶", pk_tap_field: "Tap a highlighted field on the board.", pk_take: "take a card", seat_mine: "this phone: {p}",
      sm_dock: "dock", sm_castle_hole: "castle, hole {h}", sm_their_laddie: "{p}'s laddie {n}",
      sm_to_dock: "back to the dock", sm_into_castle: "into the castle, hole {h}"},
    de: {pk_action: "Aktionskarte", pk_play: "{c}: ausspielen", pk_back: "zurück", pk_imprint: "mit ✶ (How-Ruck-Aufdruck)",
      pk_plain: "ohne ✶", pk_tap_field: "Tippen Sie auf ein hervorgehobenes Feld.", pk_take: "eine Karte nehmen", seat_mine: "dieses Telefon: {p}",
      sm_dock: "Dock", sm_castle_hole: "Burg, Loch {h}", sm_their_laddie: "Laddie {n} von {p}",
      sm_to_dock: "zurück ins Dock", sm_into_castle: "in die Burg, Loch {h}"},
    nl: {pk_action: "actiekaart", pk_play: "{c}: spelen", pk_back: "terug", pk_imprint: "met ✶ (How Ruck-opdruk)",
      pk_plain: "zonder ✶", pk_tap_field: "Tik op een gemarkeerd veld.", pk_take: "een kaart nemen", seat_mine: "deze telefoon: {p}",
      sm_dock: "dok", sm_castle_hole: "kasteel, gat {h}", sm_their_laddie: "laddie {n} van {p}",
      sm_to_dock: "terug naar het dok", sm_into_castle: "het kasteel in, gat {h}"},
  };
  for (const [lang, words] of Object.entries(WORDS)) Object.assign(window.STRINGS[lang], words);
})();
