"""Who is the same person: one rule for a table's statistics, its results, its Players tab,
its new-game form and the league (pure).

1. A name is followed through the aliases (the renames and merges made on the Players tab):
   an alias for that exact spelling first, else one for a spelling that is the same name
   (2.), so renaming "Anna" renames "anna" too. An alias chain that comes round ends.
2. Names that differ only in letters' case or in the spaces between words ("anna", "Anna",
   "Anna  Lena" and "Anna Lena") are one person: a game refuses two of them side by side
   (read aloud, on the OLED or in a history line they are one name), a rename to another
   player's name in another case is refused, and the league joins them across tables.
3. A person is shown under the spelling used most (after the aliases), of equal ones the
   one used last.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence


def person_key(name: str) -> str:
    """What two spellings of one person have in common (2.)."""
    return " ".join(unicodedata.normalize("NFC", name).split()).casefold()


class People:
    """The rule over a set of games: each game's names in the order they were played (for
    the spelling shown) and the aliases."""

    def __init__(self, games: Iterable[Sequence[str]],
                 aliases: Mapping[str, str] | None = None) -> None:
        self.aliases = dict(aliases or {})
        self._alias_by_key: dict[str, str] = {}
        for name in sorted(self.aliases, reverse=True):  # of two alike, the first in order
            self._alias_by_key[person_key(name)] = name
        uses: dict[str, dict[str, tuple[int, int]]] = {}  # key -> spelling -> (uses, last)
        for order, names in enumerate(games):
            for name in names:
                spelling = self.follow(name)
                spellings = uses.setdefault(person_key(spelling), {})
                spellings[spelling] = (spellings.get(spelling, (0, 0))[0] + 1, order)
        self._shown = {key: max(spellings, key=spellings.__getitem__)
                       for key, spellings in uses.items()}

    def follow(self, name: str) -> str:
        """`name` with the aliases followed (1.)."""
        seen: set[str] = set()
        while (key := person_key(name)) not in seen:
            seen.add(key)
            alias = name if name in self.aliases else self._alias_by_key.get(key)
            if alias is None:
                break
            name = self.aliases[alias]
        return name

    def __call__(self, name: str) -> str:
        """The person `name` is, as shown (3.)."""
        spelling = self.follow(name)
        return self._shown.get(person_key(spelling), spelling)

    def same(self, a: str, b: str) -> bool:
        return person_key(self(a)) == person_key(self(b))
