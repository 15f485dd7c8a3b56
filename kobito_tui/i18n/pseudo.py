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


def pseudo(message: str) -> str:
    """``message`` in the pseudo-language (empty stays empty)."""
    if not message:
        return message
    parts = _KEPT.split(message)
    visible = sum(len(part) for part in parts[::2])
    padding = "·" * math.ceil(LONGER * visible)
    body = "".join(part if index % 2 else part.translate(_ACCENTED) for index, part in enumerate(parts))
    return f"‹{body}{padding}›"

