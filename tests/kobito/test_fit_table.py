"""The move generator's table of fitting ends says exactly what the rules say."""

from __future__ import annotations

from kobito_tui.kobito.cards import MAX_ROW, NUMBERS
from kobito_tui.kobito.moves import END, _fit
from kobito_tui.kobito.rainbow import Row, ends_taking, open_ends


def test_the_fit_table_is_ends_taking_for_every_row_and_limit():
    for start in range(1, NUMBERS + 1):
        for count in range(MAX_ROW + 1):
            row = Row(start if count else 0, [0] * count)
            for limit in range(2, MAX_ROW + 1):
                for number in range(NUMBERS + 1):
                    expected = tuple(END[left] for left in ends_taking(open_ends(row, limit), number))
                    assert _fit(row, limit)[number] == expected, (start, count, limit, number)
