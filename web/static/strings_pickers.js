// Words of the How Ruck! card picker, in English, German and Dutch.
(function () {
  "use strict";
  const WORDS = {
    en: {pk_action: "action card", pk_play: "{c}: play", pk_back: "back", pk_imprint: "with ✶ (How Ruck imprint)",
      pk_plain: "without ✶", pk_tap_field: "Tap a highlighted field on the board.", pk_take: "take a card"},
    de: {pk_action: "Aktionskarte", pk_play: "{c}: ausspielen", pk_back: "zurück", pk_imprint: "mit ✶ (How-Ruck-Aufdruck)",
      pk_plain: "ohne ✶", pk_tap_field: "Tippen Sie auf ein hervorgehobenes Feld.", pk_take: "eine Karte nehmen"},
    nl: {pk_action: "actiekaart", pk_play: "{c}: spelen", pk_back: "terug", pk_imprint: "met ✶ (How Ruck-opdruk)",
      pk_plain: "zonder ✶", pk_tap_field: "Tik op een gemarkeerd veld.", pk_take: "een kaart nemen"},
  };
  for (const [lang, words] of Object.entries(WORDS)) Object.assign(window.STRINGS[lang], words);
})();
