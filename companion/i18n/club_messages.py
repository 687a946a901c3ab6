"""The club's refusals (players, league), in English (translated in the catalogs)."""

from __future__ import annotations

from companion.i18n.source import Source

CLUB_MESSAGES: dict[str, Source] = {
    "data_in_use": (  # {stop}: how to stop that companion (stop_advice.py)
        "The companion is running on {data} (process {pid}): restore the file on its page "
        "(New game, Backup, on a paired phone), or {stop}. Nothing was changed."),
    "backup_not_ours": "This is not a companion backup. Nothing was changed.",
    "backup_truncated": "This backup is incomplete (cut off). Nothing was changed.",
    "backup_corrupt": "This backup is damaged. Nothing was changed.",
    "backup_too_new": (
        "This backup comes from a newer version (data version {version}; this one reads up to "
        "{supported}). Update the companion first. Nothing was changed."),
    "backup_game_broken": (
        "Game {game_id} in this backup no longer replays (action {seq}). Nothing was changed."),
    "backup_file_required": "Send the backup file itself (application/octet-stream).",
    "bad_player_name": "A player's name is 1 to {max} printable characters (not “{name}”).",
    "no_such_player": "There is no player “{name}”.",
    "player_exists": "“{name}” is already a player: merge the two instead.",
    "same_player": "“{name}” cannot be merged with itself.",
    "played_each_other": "“{name}” and “{into}” both played game {game}: two people, "
                         "not one.",
    "no_such_step": "This game has {steps} actions; there is no step {step}.",
}

# backup_corrupt's sentences, one per damaged part (catalog.REASONS; sessions/backup.py
# `corrupt`): for the settings, `problem` is the setting's own refusal (bad_setting), said
# in the same language.
BACKUP_REASONS: dict[str, str] = {
    "backup_corrupt.damaged": "This backup is damaged: its database file is broken inside. "
                              "Nothing was changed.",
    "backup_corrupt.schema": "This backup does not say which data version it holds. Nothing "
                             "was changed.",
    "backup_corrupt.orphan_actions": "This backup holds moves that belong to no game. Nothing "
                                     "was changed.",
    "backup_corrupt.game_row": "Game {game_id} in this backup is damaged (its number, number "
                               "of moves or status). Nothing was changed.",
    "backup_corrupt.game_time": "A time of game {game_id} in this backup is unreadable. "
                                "Nothing was changed.",
    "backup_corrupt.action_time": "The time of move {seq} in game {game_id} in this backup is "
                                  "unreadable. Nothing was changed.",
    "backup_corrupt.game_result": "The result of game {game_id} in this backup is unreadable. "
                                  "Nothing was changed.",
    "backup_corrupt.backup_time": "The date of this backup is unreadable. Nothing was "
                                  "changed.",
    "backup_corrupt.player_aliases": "The merged player names in this backup are damaged. "
                                     "Nothing was changed.",
    "backup_corrupt.settings": "The settings in this backup are damaged. Nothing was changed.",
    "backup_corrupt.setting_refused": "The settings in this backup cannot be used: {problem} "
                                      "Nothing was changed.",
}
