"""A mistyped option is refused in one line that names the nearest real one."""

from __future__ import annotations

import pytest

from kobito_tui.cli import build_parser


@pytest.mark.parametrize(
    "words, said",
    [
        (["serve", "--port", "2400"], "kobito serve: no option --port; did you mean --ssh-port or --web-port?"),
        (["serve", "--data-dir=x", "--hots", "0.0.0.0"], "kobito serve: no option --hots; did you mean --host?"),
        (["new", "kobito", "--seeed", "3"], "kobito new: no option --seeed; did you mean --seed?"),
        (["serve", "export", "--data-dirr", "x", "t", "f"], "kobito serve export: no option --data-dirr; did you mean --data-dir?"),
        (["serve", "--frobnicate"], "kobito serve: no option --frobnicate; see kobito serve --help"),
    ],
)
def test_a_mistyped_option_gets_a_one_line_hint(capsys, words, said):
    with pytest.raises(SystemExit) as stopped:
        build_parser().parse_args(words)
    assert stopped.value.code == 2
    assert capsys.readouterr().err == said + "\n"


def test_other_mistakes_keep_argparse_words(capsys):
    with pytest.raises(SystemExit):
        build_parser().parse_args(["check"])
    assert "the following arguments are required: files" in capsys.readouterr().err


def test_the_flags_a_host_needs_parse():
    args = build_parser().parse_args(["serve", "--ssh-port", "2400", "--host", "0.0.0.0", "--authorized-keys", "k", "--data-dir", "d"])
    assert (args.ssh_port, args.host, args.authorized_keys, args.data_dir) == (2400, "0.0.0.0", "k", "d")
