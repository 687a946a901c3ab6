"""Every word of the phone page, in English (catalog context ``page:KEY``); the page gets
them, translated and with the words of `words.py`, as one JSON catalog per language
(`/i18n/<lang>.json`). A value with "count" is a sentence whose form follows the number
``n``."""

from __future__ import annotations

from companion.i18n.source import Source

PAGE: dict[str, Source] = {
    "hardware": "Table hardware",
    "hw_players": "Player buttons (BCM pins)",
    "hw_ok": "OK button (pin, -1 for none)",
    "hw_leds": "Player LEDs (pins)",
    "hw_buzzer": "Buzzer (pin, -1 for none)",
    "hw_display": "Display",
    # the display's kinds ([display] type): the chips, luma's pretend one, none at all
    "display_ssd1306": "SSD1306 OLED",
    "display_sh1106": "SH1106 OLED",
    "display_dummy": "Pretend display (for testing without one)",
    "display_none": "No display",
    "hw_address": "Display address",
    "hw_serial": "Button box (serial port, empty for none)",
    "hw_countdown": "Race countdown (s)",
    "save": "Save",
    "saved": "Saved.",
    "saved_restart": "Saved. Restart the companion to use the new pins and display.",
    "offline": "offline",
    # a request that got no answer may have reached the table (only its answer lost): say
    # neither that it went in nor that it did not
    "offline_not_sent": "No answer from the table: this may not have been done. Once the "
                        "connection is back, check before you try again.",
    # a change this phone did not send: it knew there was no connection (no network, or the
    # table's stream lost: its moves rest), so nothing was changed for certain
    "offline_unsent": "Not sent: no connection to the table, nothing was changed. Once the "
                      "connection is back, try again.",
    # beside the moves, resting while the table's stream is lost (the badge: "offline")
    "offline_moves": "No connection to the table: once it is back, you can enter moves again.",
    # a button on that line: the stream tries the table now, not once its back-off is out
    "retry": "Try again now",
    "live": "live",
    # the table's parts (daemon/links.py), said at the top of the page while it lasts
    "box_gone": "The button box is not connected: presses on it do nothing. Check its USB "
                "cable.",
    "club_clash": "Another box also publishes as table \u201c{table}\u201d (box {box}): give "
                  "each table its own name ([mqtt] table in its config).",
    "club_reconnecting": "No connection to the club's MQTT broker ({broker}): the table plays "
                         "on and sends its games and results once the connection is back.",
    "pair_title": "Pair this phone",
    "pair_hint": "Enter the PIN shown on the table's display.",
    "pair": "Pair",
    "paired": "Paired.",
    "unpair_all": "Unpair all phones",
    "colour_twice": "Two players have chosen {c}: each colour can be one player's only.",
    "unpair_all_confirm": "Tap again: every phone, this one too, must pair again",
    "unpaired_all": "All phones are unpaired. Pair again with the new PIN on the display.",
    "unpaired_you": "This phone is no longer paired. Enter the PIN on the display to make moves.",
    "seat_pair_hint": "To make moves from this phone, pair it first: the PIN is on the display.",
    "page_lang": "Language",  # the header's menu of the page's languages, to a screen reader
    "tab_play": "Game",
    "tab_setup": "New game",
    "tab_history": "History",
    "tab_sim": "Table",
    # a tab whose code and words come when it is first opened: while they come, and if the
    # table cannot be reached then
    "tab_loading": "Loading …",
    "tab_unreachable": "This tab could not be loaded: no connection to the table. Open it "
                       "again once the connection is back.",
    "no_game": "No game yet: start one under “New game”.",
    "connecting": "Reaching the table …",
    "no_table": "No connection to the table – trying again …",
    "again": "Play again",  # a finished game: same game, players and options
    "undo": "Undo",
    "backup_section": "Backup",
    "backup_hint": "Every game, player and setting in one file: keep it before an update or "
                   "to move the table to another card.",
    "backup_download": "Download a backup",
    "backup_saved": "Saved on this phone: {file}",
    "restore_file": "Backup file to restore",
    "choose_file": "Choose a file …",  # the restore's file field: a button opening the picker
    "no_file": "No file chosen",  # beside it, until a file is chosen (then the file's name)
    "restore": "Restore this backup",
    "restore_confirm": "Tap again: the table's games are replaced by those in {file} (today's "
                       "are kept on the box)",
    "restored": {
        "count": "n",
        "one": "Restored: 1 game. The games before are kept on the box as {kept}.",
        "other": "Restored: {n} games. The games before are kept on the box as {kept}.",
    },
    "undo_confirm": "Tap again to take back: {what}",  # {what}: the move's history line
    "undo_confirm_last": "Tap again to take back the last move",
    "game": "Game",
    "players": "Players",
    "add_player": "+ player",
    "remove_player": "Remove player {n}",  # the × beside the field "Player {n}"
    "options": "Options",
    "ladder": "Ladder fields",
    "own_side_only": "Colour cards on your own side only",
    "tie_window": "Tie window (ms)",
    "false_start": "False start",
    "fs_ignore": "is ignored",
    "fs_forfeit": "hands the race to the opponent",
    "table_lang": "Language of the table display",
    "start": "Start the game",
    "start_confirm": "A game is on: tap again to start the new one (the other is kept under "
                     "“Stored games”)",
    "confirm_lapsed": "Not confirmed: nothing was changed.",  # a question's second tap did not come
    "stored_games": "Stored games",
    "no_games": "No stored games yet.",
    # links to the finished games' results as files (the CSV in the page's language)
    "results_files": "Results of every finished game:",
    "results_spreadsheet": "as a spreadsheet (CSV)",
    "results_json": "as JSON",
    "sim_hint": "Hold a button down as long as you would press a real one: in a race it "
                "counts just like a button on the table.",
    "player_n": "Player {n}",
    "colour_n": "Colour of player {n}",  # Lauf Rauf!: the colour picker beside a name field
    "tab_players": "Players",
    "hr_strength": "Contest now: {a} {x} : {y} {b}",  # the top cards summed (empty field 2)
    "hr_imprint": "✶ How Ruck imprint: placing it starts a contest",
    "pin_six_digits": "The PIN has 6 digits: the display shows it.",
    "turn": "{p} to play",
    "teams": "Form the teams: race for the barrel!",
    "start_race": "Start the race",
    "race_won": "{p} wins the race",
    "tie": "Tie",
    "tiebreak": "Tie: each player draws a card",  # as the race's banner (an_race_tie_plain)
    "tb_which": "Which card did {p} draw?",
    "tb_action": "Action card",  # the tie-break's picker: an action card drawn, then which
    "send": "Enter",
    "forgo": "{c}: play without effect",
    "side_field": "{side}: {field}",
    # Lines built from pieces, each a template of its own so that each language sets its
    # colon and semicolon its own way (French: "Anna : rouge 3"):
    "drawn_by": "{p}: {card}",  # a tie-break's card with who drew it ("Anna: red 3")
    "field_card": "{side} {field}: {card}",  # a card cleared off a field ("Bert red: white 3")
    # a label and what it stands for: a board said in words ("red: white 3"), a count
    # ("How Ruck! races won: 3/5"), a card taken, a move button, a stored game in the list
    "label_value": "{label}: {value}",
    "clauses": "{a}; {b}",  # two parts of one sentence ("Anna keeps …; Anna discards …")
    "over": "{p} wins the game!",
    # A colour standing for a player who has no name (Lauf Rauf!): a noun, as a name is
    # ("Rot würfelt", "Figur 1 von Rot"); a colour describing a thing stays `word:ID`
    # ("rot 3", "Anna (rot)").
    "player_red": "Red",
    "player_blue": "Blue",
    "player_green": "Green",
    "player_yellow": "Yellow",
    "player_white": "White",
    "barrels": "Barrels",
    "hand": "hand",
    "pile": "pile",
    # How Ruck!: a stack too tall to show each card's number (the board says how many)
    "hr_stack": "{n} cards",
    "show": "Show on the table",
    "playing": "playing",
    "finished": "won by {p}",
    "drawn": "a draw",
    "rp_open": "Step through",
    # a stored game as the file `companion replay` takes (a download)
    "game_download": "Download",
    "delete_game": "Delete",
    "delete_confirm": "Tap again to delete game #{id} for good",
    "game_deleted": "Game #{id} ({game}) was deleted.",
    "shown_now": "At the table: game #{id} ({game}).",
    "no_game_now": "No game at the table now.",
    "broken": "needs attention",
    "race_countdown": "Get ready… {n}",
    # what the players do, said with the countdown and before the race ({go}: race_running,
    # the signal's word; {start}: start_race, the button's)
    "race_ready": "Hands on your buttons: press at “{go}”, not before.",
    "race_how": "Tap “{start}”; at “{go}”, whoever presses their button on the table first wins.",
    "race_running": "How Ruck!",
    "race_press": "Press your button: the first press wins.",
    "race_press_sim": "Press your button on the “{tab}” tab: the first press wins.",
    "discard": "discard",
    "take": "take",
    "nessie": "Nessie",
    "value": "value {v}",
    "from": "from {side}",
    "winner_is": "{p} won the race",
    "an_race_won": "{p} won the race, {ms} ms ahead",
    "an_race_won_alone": "{p} won the race",
    "an_race_tie": "Tie ({ms} ms apart): each player draws a card",
    "an_race_tie_plain": "Tie: each player draws a card",
    "an_race_false_start": "False start by {q}: {p} wins the race",
    "an_tiebreak_won": "{p} wins the tie-break",
    "an_tiebreak_won_cards": "{p} wins the tie-break ({cards})",
    "an_tiebreak_tied": "Tie-break tied again ({cards}): each side draws another card",
    "quick_start_line": "Quick start: {p}'s barrel, {q} begins",
    "an_contest": "Contest: {a} {x} : {y} {b}, the barrel moves {n} toward {p}",
    "an_contest_even": "Contest: {a} {x} : {y} {b}, the barrel stays",
    # How Ruck! action cards: said after the move's line, which names the card
    "an_barrel_moved": {
        "count": "n",
        "one": "The barrel moves {n} field toward {p}, to field {f}",
        "other": "The barrel moves {n} fields toward {p}, to field {f}",
    },
    "an_barrel_start": "The barrel goes back to {p}'s start field, field {f}",
    "an_cleared": "Off the board: {cards}",  # cards: "Ann blue: white 3, Bob red: red 2"
    "an_cleared_none": "No card to clear",
    "an_switched": "{card} goes from {q}'s side to {r}'s, {f} field",
    "pair_wait": {  # counting down after too many wrong PINs
        "count": "n",
        "one": "Too many wrong PINs. Try again in {n} second.",
        "other": "Too many wrong PINs. Try again in {n} seconds.",
    },
    "pair_again": "You can type the PIN again.",
    "an_reinforced": {
        "count": "n",
        "one": "{p} draws {n} card",
        "other": "{p} draws {n} cards",
    },
    "an_reinforced_none": "{p}'s pile is empty: no card to draw",
    "an_no_effect": "No Nessie on top on the other side: no effect",
    # the History tab: the heading over the line a round begins with
    "round_n": "Round {n}",
    "an_round_goal": "{p} wins the round: the barrel reached the goal",
    "an_round_half": "{p} wins the round: both hands are empty, the barrel is in {p}'s half",
    "an_round_ungeheuerlich": "{p} wins the round: Ungeheuerlich, Nessie on top",
    "an_game_won": {
        "count": "n",
        "one": "{p} wins the game!",
        "other": "{p} win the game!",
    },
    "an_game_drawn": "The game is a draw",
    "an_point": {
        "count": "n",
        "one": "{p} scores a point (now {m})",
        "other": "{p} scores {n} points (now {m})",
    },
    "an_berggeist_placed": "The Berggeist goes onto figure {f} of {q}",
    "an_berggeist_home": "The Berggeist goes back to the summit",
    "an_berggeist_stays": (
        "A 7, but nobody is on the middle level: the Berggeist stays on the summit"),
    "an_cards_kept": "{p} keeps {k}",
    "an_cards_discarded": "{p} discards {d}",
    "an_strike": "{p} strikes figure {f} of {q}",
    "an_capture": "{p} sends {q} back to the dock",
    "an_partner_entry": "{p} moves partner {q} to the castle entry",
    "an_castle": "{p}'s laddie {l} is in the castle, hole {h}",
    "an_undone": "Taken back: {what}",  # the move as the history said it
    "tz_points": {
        "count": "n",
        "one": "{n} point",
        "other": "{n} points",
    },
    "tz_block": "Marker on {c}",
    "tz_marker_on": "marker on {c}",
    "tz_marker_stays": "Play (the marker stays)",
    "tz_opening": "{p}: place the opening marker",
    "tz_draw": "A draw!",
    "sm_laddie": "Laddie",
    "sm_discard": "Discard the {c} (no move)",
    "sm_rank_J": "J",  # the face cards' letters: German B, D, K
    "sm_rank_Q": "Q",
    "sm_rank_K": "K",
    # the cards the picker shows by a letter, named in full to a screen reader
    "sm_card_A": "Ace",
    "sm_card_J": "Jack",
    "sm_card_Q": "Queen",
    "sm_card_K": "King",
    "sm_for": "moving for {p}",
    "sm_pick": "which card?",
    "sm_pick_move": "which move?",  # a card picked: the moves it allows
    "sm_pick_laddies": "which laddies move?",  # a 7: laddies first (a split), then how far
    "sm_pick_far": "how far?",
    "sm_pairs": "Play in pairs (4 or 6 players, partners opposite)",
    "sm_partners": "Partners (sitting opposite): {teams}",
    "sm_pairs_count": "Pairs need 4 or 6 players; the form has {n}.",
    "lr_summit": "Summit",
    "lr_throw": "throw {n} of {m}",
    "lr_huckauf": "Huckauf!",
    "lr_prompt_huckauf": "Huckauf! {p} moves the Berggeist",
    "lr_must_run": "must run",
    "lr_start": "start",
    "lr_run": "run",
    "lr_ascend": "ascend",
    "lr_strike": "strike",
    "lr_backward": "backward",
    "lr_to_base": "{p} {n} back to base camp",  # struck
    "lr_pushed": "pushes {p} {n} on",
    "lr_with": "with {c}",
    "lr_roll": "Throw the dice",
    "lr_keep": "Throw again, {d} stays",
    "lr_bg_home": "Berggeist back to the summit",
    "lr_bg_on": "Berggeist onto {p} {n}",
    "lr_call": "{p} calls “Huckauf!”",
    "lr_sacrifice": "Sacrifice {c}: two more throws",
    "lr_take": "Take cards",
    "lr_pass": "Pass the dice",
    "lr_hands": "Cards in hand",
    "lr_die": "Die {n}",
    "lr_real": "Dice and cards from the table (enter them here)",
    # the table's dice entered (laufrauf.js realDice): a toggle beside a die's name on a
    # throw again; the button, off until each die has a value, then saying what it enters
    "lr_stayed": "stayed",
    "lr_enter_dice": "Enter the throw",
    "lr_enter_both": "Enter the throw: {a} and {b}",
    "lr_enter_kept": "Die {n} thrown again: {a}, die {m} stayed: {b}",
    "lr_enter_cards": "Enter the cards turned up",
    "lr_blitzstart": "Lightning Start",
    "lr_ruecklauf": "Run Back",
    "lr_aufstieg": "Ascent",
    "lr_rueckschlag": "Strike Back",
    "lr_joker": "Joker",
    "lr_huckauf_mode": "“Huckauf!”",
    "lr_mode_auto": "the companion calls it",
    "lr_mode_table": "only when a player calls it",
    "lr_board_def": "Board definition (JSON, empty for the standard board)",
    "lr_board_json": "The board definition is not valid JSON.",
    "pk_play": "{c}: play",
    "pk_back": "back",
    "pk_imprint": "with ✶ (How Ruck imprint)",
    "pk_plain": "without ✶",
    "pk_tap_field": "Tap a highlighted field on the board.",
    "pk_take": "take a card",
    "seat_mine": "this phone: {p}",
    "seat_held": "this phone: {p} · change",
    "seat_hint": "Whose phone is this? Tap “this phone: …” above for each player who plays on "
                 "it, and their moves appear here.",
    "sm_castle_hole": "castle, hole {h}",
    "sm_their_laddie": "{p}'s laddie {n}",
    "sm_to_dock": "back to the dock",
    "sm_into_castle": "into the castle, hole {h}",
    "sm_to_entry": "to the castle entry square",  # a partner landed on (pairs)
    "sm_new_laddie": "New laddie",  # one of the dock's, all alike
    "sm_onto_start": "onto the start square",
    "sm_forward": "{n} forward",
    "sm_back": "{n} back",
    "pl_player": "Player",
    "pl_played": "Games",
    "pl_won": "Won",
    "pl_streak": "Streak",
    "pl_rival": "Rival",
    "pl_beaten": "Most beaten",
    "pl_ratings": "Ratings (Elo)",
    "pl_wins_chart": "Games won",
    "pl_rating_chart": "Rating after each game",
    "pl_h2h": "Head to head",
    "pl_opponent": "Opponent",
    "pl_lost": "Lost",
    "pl_races": "How Ruck! races won",
    "pl_margin": "median margin {ms} ms",
    "pl_none": "No finished games yet.",
    "pl_rename": "Rename",
    "pl_merge": "Merge into",
    "pl_merge_confirm": "Tap again: “{name}” and “{into}” become one person for good",
    "pl_new_name": "New name, or the player to merge into",
    "pl_change": "Rename or merge",
    "pl_streak_won": "{n} won",
    "pl_streak_lost": "{n} lost",
    "pl_streak_drawn": "{n} drawn",
    "pl_longest": "best run {n}",
    "rp_title": "{game} #{id}: {result}",
    "rp_start": "The game as it was set up.",
    "rp_step": "Action {k} of {n}",
    "rp_first": "To the start",
    "rp_prev": "One action back",
    "rp_next": "One action on",
    "rp_last": "To the end",
    "rp_slider": "Action",
    "rp_close": "Close",
    # Each board in words, for a screen reader (the picture's text alternative): How Ruck!
    "hr_said_barrel": "Barrel on field {f} of {n}; {a}'s goal is field {x}, {b}'s field {y}",
    "hr_said_empty": "empty",  # a field with no card on it
    # Lauf Rauf!: where each figure stands ({n}: the figure's number, {f}: the field's)
    "lr_said_base": "figure {n} in base camp",
    "lr_said_lower": "figure {n} on the lower level, field {f}",
    "lr_said_middle": "figure {n} on the middle level, field {f}",
    "lr_said_summit": "figure {n} on the summit",
    "lr_said_bg_summit": "The Berggeist is on the summit",
    "lr_said_bg_on": "The Berggeist rides on figure {n} of {p}",
    # Tauziehen: where each rope card lies ({c}: the card, "★ 16")
    "tz_said_middle": "{c} in the middle",
    "tz_said_toward": {
        "count": "n",
        "one": "{c} {n} step toward {p}",
        "other": "{c} {n} steps toward {p}",
    },
    "tz_said_marker": "{p}'s marker on {c}",
    # Stramash: each player's laddies (the track's squares have no numbers on the table)
    "sm_said_dock": {
        "count": "n",
        "one": "{n} laddie in the dock",
        "other": "{n} laddies in the dock",
    },
    "sm_said_track": {
        "count": "n",
        "one": "laddie {l} {n} square past the start square",
        "other": "laddie {l} {n} squares past the start square",
    },
    "sm_said_start": "laddie {l} on the start square",
    "sm_said_castle": "laddie {l} in the castle, hole {h}",
}
