"""Lauf Rauf!: every player's cards are named below the board in the page's own type, in any
language (the picture's 10-pixel legend gave Dutch hands as "3 kaarten")."""

from __future__ import annotations

from browser_helpers import accepted, choose_language, seated_at, shot


def test_every_card_in_hand_is_named_below_the_board_in_dutch(browser, daemon):
    header, done, state = accepted("laufrauf_full_game.jsonl",
                                   lambda core, s: max(len(c) for c in s.cards.values()) >= 3)
    page = seated_at(browser, daemon, "laufrauf", header, done)
    choose_language(page, "nl")
    shot(page, "laufrauf_hands_nl")
    for player in state.players:
        said = page.locator(f"#board .lr-hands li[data-player={player}]")
        names = page.evaluate("(cards) => cards.map((k) => window.companion.t('lr_' + k))",
                              state.cards[player])
        want = ", ".join(names) or "–"
        assert said.inner_text() == f"● {page.evaluate(f'window.companion.t({player!r})')}: {want}"
        size = said.evaluate("(el) => parseFloat(getComputedStyle(el).fontSize)")
        assert size >= 15  # the page's type, not a picture's legend
