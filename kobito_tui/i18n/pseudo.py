"""The pseudo-language: English with accented letters, about 40% longer, inside
‹ › so that a cut line shows a missing ›.  Placeholders (``{name}``) and
markup tags (``[b]``) are kept as they are."""

from __future__ import annotations

import math
import re

_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "áƀçđéƒĝĥíĵķĺɱñóƥʠŕšţúʋŵẋýžÁƁÇĐÉƑĜĤÍĴĶĹṀÑÓƤɊŔŠŢÚṼŴẊÝŽ",
)
_KEPT = re.compile(r"(\{[^{}]*\}|\[/?[a-z@#$][^\[\]]*\])")
LONGER = 0.4


def pseudo(message: str, longer: float = LONGER) -> str:
    """``message`` in the pseudo-language (empty stays empty); ``longer`` 0 for a key's name,
    which is what a keycap says and as short in every language."""
    if not message:
        return message
    parts = _KEPT.split(message)
    visible = sum(len(part) for part in parts[::2])
    padding = "·" * math.ceil(longer * visible)
    body = "".join(part if index % 2 else part.translate(_ACCENTED) for index, part in enumerate(parts))
    return f"‹{body}{padding}›"
