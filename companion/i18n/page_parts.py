"""Where the phone page's words travel (companion/i18n/page.py has the words themselves):
most in every phone's common catalog, `/i18n/<lang>.json`; a game's or a tab's in a part of
its own, `/i18n/<lang>/<part>.json` (companion/web/home.py serves it, catalogs.py cuts it)."""

from __future__ import annotations

# Words that travel with one part of the page instead of in every phone's common catalog
# (`/i18n/<lang>.json`): each part's come as `/i18n/<lang>/<part>.json` when the part is
# first needed (i18n.js `need`), so a phone that opens the page for one game does not fetch
# every game's and every tab's words. A game's words come with its module (core.js
# ensureGame), the New game tab's (its form, the stored games and their step-through view,
# the backup) and the Players tab's when the tab first opens (tabs.js). A word used by the
# page's start-up code (page.js) or by two parts stays in the common catalog;
# tests/test_page_parts.py holds the start-up code to that.
PARTS: dict[str, tuple[str, ...]] = {
    "howruck": (
        # the action cards' names (words.py), the board, the race and the tie-break
        "adrenalin", "fieser_trick", "how_ruck", "mucho_macho", "schwach_gewinnt", "seilriss",
        "seitenwechsel", "und_tschuess", "ungeheuerlich", "verstaerkung",
        "hr_strength", "hr_imprint", "hr_stack", "hr_said_barrel", "hr_said_empty",
        "teams", "start_race", "tie", "tiebreak", "tb_which", "tb_action", "forgo",
        "side_field", "barrels", "hand", "pile", "race_how", "take", "nessie", "value", "from",
        "winner_is", "quick_start_line",
        "pk_play", "pk_imprint", "pk_plain", "pk_tap_field", "pk_take",
        # its announcements (announce.js says them once the game's module is there)
        "an_race_won", "an_race_won_alone", "an_race_tie", "an_race_tie_plain",
        "an_race_false_start", "an_tiebreak_won", "an_tiebreak_won_cards", "an_tiebreak_tied",
        "drawn_by", "an_contest", "an_contest_even", "an_barrel_moved", "an_barrel_start",
        "an_cleared", "an_cleared_none", "field_card", "an_switched", "an_reinforced",
        "an_reinforced_none", "an_no_effect", "an_round_goal", "an_round_half",
        "an_round_ungeheuerlich",
        # its moves as the history says them (replay_messages.MOVES; "replay:plays", which
        # Lauf Rauf! says too, is in the common catalog)
        "replay:hr_tug", "replay:hr_placed", "replay:hr_forgo", "replay:hr_taken",
        "replay:hr_barrels", "replay:hr_round_started",
    ),
    "laufrauf": (
        "blitzstart", "ruecklauf", "aufstieg", "rueckschlag",
        "lr_summit", "lr_throw", "lr_huckauf", "lr_prompt_huckauf", "lr_must_run", "lr_start",
        "lr_run", "lr_ascend", "lr_strike", "lr_backward", "lr_to_base", "lr_pushed", "lr_with",
        "lr_roll", "lr_keep", "lr_bg_home", "lr_bg_on", "lr_call", "lr_sacrifice",
        "lr_take", "lr_pass", "lr_hands", "lr_die", "lr_real", "lr_stayed", "lr_enter_dice",
        "lr_enter_both", "lr_enter_kept",
        "lr_enter_cards", "lr_blitzstart", "lr_ruecklauf", "lr_aufstieg", "lr_rueckschlag",
        "lr_joker", "lr_said_base", "lr_said_lower", "lr_said_middle", "lr_said_summit",
        "lr_said_bg_summit", "lr_said_bg_on",
        "an_berggeist_placed", "an_berggeist_home", "an_berggeist_stays", "an_cards_kept",
        "an_cards_discarded", "an_strike",
        "replay:lr_rolled", "replay:lr_rolled_kept", "replay:lr_start", "replay:lr_run",
        "replay:lr_run_back", "replay:lr_ascend", "replay:lr_strike", "replay:lr_pushed",
        "replay:lr_passed", "replay:lr_sacrificed", "replay:lr_lower", "replay:lr_middle",
        "replay:lr_summit",
    ),
    "stramash": (
        "sm_laddie", "sm_discard", "sm_rank_J", "sm_rank_Q", "sm_rank_K",
        "sm_card_A", "sm_card_J", "sm_card_Q", "sm_card_K", "sm_for", "sm_pick", "sm_pick_move",
        "sm_pick_laddies", "sm_pick_far", "sm_castle_hole", "sm_their_laddie", "sm_to_dock",
        "sm_into_castle", "sm_to_entry", "sm_new_laddie", "sm_onto_start", "sm_forward",
        "sm_back", "sm_said_dock", "sm_said_track", "sm_said_start", "sm_said_castle",
        "an_capture", "an_partner_entry", "an_castle",
        "replay:sm_played", "replay:sm_played_for", "replay:sm_enters", "replay:sm_forward",
        "replay:sm_back", "replay:sm_into_castle", "replay:sm_in_castle", "replay:sm_fechter",
        "replay:sm_discarded",
    ),
    "tauziehen": (
        "tz_points", "tz_block", "tz_marker_on", "tz_marker_stays", "tz_opening", "tz_draw",
        "tz_said_middle", "tz_said_toward", "tz_said_marker", "an_point",
        "replay:tz_opening", "replay:tz_pulled", "replay:tz_no_pull", "replay:tz_marker",
    ),
    "setup": (
        # the form, the table's hardware and the unpairing (index.html's New game tab)
        "game", "players", "add_player", "remove_player", "player_n", "colour_n", "colour_twice",
        "options", "ladder", "own_side_only", "tie_window", "fs_ignore", "fs_forfeit",
        "lr_huckauf_mode", "lr_mode_auto", "lr_mode_table", "lr_board_def", "lr_board_json",
        "sm_pairs", "sm_partners", "sm_pairs_count", "table_lang", "start_confirm",
        "hardware", "hw_players", "hw_ok", "hw_leds", "hw_buzzer", "hw_display",
        "display_ssd1306", "display_sh1106", "display_dummy", "display_none", "hw_address",
        "hw_serial", "hw_countdown", "save", "saved", "saved_restart", "unpair_all",
        "unpair_all_confirm", "unpaired_all",
        # the backup (backup.js)
        "backup_section", "backup_hint", "backup_download", "backup_saved", "restore_file",
        "choose_file", "no_file", "restore", "restore_confirm", "restored",
        # the stored games and their step-through view (replay.js, opened from the list)
        "stored_games", "no_games", "results_files", "results_spreadsheet", "results_json",
        "show", "playing", "finished", "drawn", "broken", "rp_open", "game_download",
        "delete_game", "delete_confirm", "rp_title", "rp_start", "rp_step", "rp_first",
        "rp_prev", "rp_next", "rp_last", "rp_slider", "rp_close",
    ),
    "players": (
        "pl_player", "pl_played", "pl_won", "pl_streak", "pl_rival", "pl_beaten", "pl_ratings",
        "pl_wins_chart", "pl_rating_chart", "pl_h2h", "pl_opponent", "pl_lost", "pl_races",
        "pl_margin", "pl_none", "pl_rename", "pl_merge", "pl_merge_confirm", "pl_new_name",
        "pl_change", "pl_streak_won", "pl_streak_lost", "pl_streak_drawn", "pl_longest",
    ),
}
