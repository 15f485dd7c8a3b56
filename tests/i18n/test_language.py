"""Which language a client reads, and the choice remembered for next time."""

import json

import pytest

from kobito_tui.i18n import remember_language, remembered_language, resolve_language
from kobito_tui.i18n.language import CONFIG_FILE, language_of


@pytest.mark.parametrize(
    ("value", "lang"),
    [
        ("uk_UA.UTF-8", "uk"),
        ("ru_RU", "ru"),
        ("ru", "ru"),
        ("uk-UA", "uk"),
        ("en_GB.UTF-8", "en"),
        ("ru_UA.UTF-8@euro", "ru"),
        ("C", None),
        ("C.UTF-8", None),
        ("POSIX", None),
        ("de_DE.UTF-8", None),
        ("", None),
    ],
)
def test_locale_names(value, lang):
    assert language_of(value) == lang


def test_the_order_of_resolution():
    env = {"KOBITO_LANG": "ru", "LC_ALL": "en_US.UTF-8", "LANG": "uk_UA.UTF-8"}
    assert resolve_language("uk", env, "en") == "uk"  # --lang first
    assert resolve_language(None, env, "uk") == "ru"  # then $KOBITO_LANG
    assert resolve_language(None, {**env, "KOBITO_LANG": ""}, "uk") == "uk"  # then the remembered choice
    assert resolve_language(None, {"LC_ALL": "ru_RU.UTF-8", "LC_MESSAGES": "en_US", "LANG": "uk_UA"}) == "ru"
    assert resolve_language(None, {"LC_MESSAGES": "ru_RU.UTF-8", "LANG": "uk_UA.UTF-8"}) == "ru"
    assert resolve_language(None, {"LANG": "uk_UA.UTF-8"}) == "uk"
    assert resolve_language(None, {}) == "en"


def test_the_first_locale_variable_set_decides_even_for_english():
    """``LC_ALL=C`` (or a language we lack) means English, not the ``LANG`` below it."""
    assert resolve_language(None, {"LC_ALL": "C", "LANG": "uk_UA.UTF-8"}) == "en"
    assert resolve_language(None, {"LC_MESSAGES": "de_DE.UTF-8", "LANG": "ru_RU.UTF-8"}) == "en"
    assert resolve_language(None, {"LC_ALL": "", "LANG": "ru_RU.UTF-8"}) == "ru"  # set but empty: skipped


def test_unknown_choices_are_skipped_and_the_pseudo_language_is_explicit_only():
    assert resolve_language(None, {"KOBITO_LANG": "klingon", "LANG": "uk_UA.UTF-8"}, "fr") == "uk"
    assert resolve_language(None, {"KOBITO_LANG": "xx"}) == "xx"
    assert resolve_language(None, {"LANG": "xx"}) == "en"


def test_each_client_passes_its_own_environment(monkeypatch):
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    monkeypatch.setenv("KOBITO_LANG", "ru")
    assert resolve_language(None, {"LANG": "uk_UA.UTF-8"}) == "uk"  # the process's own variables are not read


def test_the_choice_is_remembered_in_the_config_folder(tmp_path):
    env = {"KOBITO_CONFIG_DIR": str(tmp_path / "config")}
    assert remembered_language(env) is None
    path = remember_language("uk", env)
    assert path == tmp_path / "config" / CONFIG_FILE
    assert remembered_language(env) == "uk"
    remember_language("ru", env)
    assert remembered_language(env) == "ru"
    assert json.loads(path.read_text()) == {"language": "ru"}
    assert [p.name for p in path.parent.iterdir()] == [CONFIG_FILE]  # no temporary file left


@pytest.mark.parametrize("content", ["", "{", "[]", '{"language": "de"}', '{"language": 3}', "\xff"])
def test_a_damaged_config_file_means_no_choice(tmp_path, content):
    (tmp_path / CONFIG_FILE).write_text(content, encoding="latin-1")
    assert remembered_language({"KOBITO_CONFIG_DIR": str(tmp_path)}) is None


def test_only_real_languages_are_remembered(tmp_path):
    with pytest.raises(ValueError):
        remember_language("xx", {"KOBITO_CONFIG_DIR": str(tmp_path)})


def test_an_unwritable_config_folder_raises_oserror(tmp_path):
    (tmp_path / "file").write_text("")
    with pytest.raises(OSError):
        remember_language("uk", {"KOBITO_CONFIG_DIR": str(tmp_path / "file" / "below")})


@pytest.mark.parametrize(
    ("argv", "env", "remembered", "lang"),
    [
        (["--lang", "ru"], {"LANG": "uk_UA.UTF-8"}, None, "ru"),
        ([], {"LANG": "uk_UA.UTF-8"}, None, "uk"),
        ([], {"KOBITO_LANG": "ru", "LANG": "uk_UA.UTF-8"}, "uk", "ru"),
        ([], {"LANG": "uk_UA.UTF-8"}, "ru", "ru"),
        ([], {}, None, "en"),
    ],
)
def test_the_command_line_passes_the_language_to_the_app(monkeypatch, tmp_path, argv, env, remembered, lang):
    import kobito_tui.app.main
    from kobito_tui.cli import main

    for name in ("LANG", "LC_ALL", "LC_MESSAGES", "KOBITO_LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in {**env, "KOBITO_CONFIG_DIR": str(tmp_path)}.items():
        monkeypatch.setenv(name, value)
    if remembered:
        remember_language(remembered, {"KOBITO_CONFIG_DIR": str(tmp_path)})
    started = {}
    monkeypatch.setattr(kobito_tui.app.main, "run_app", lambda folder, lang, **start: started.setdefault("lang", lang))
    main([*argv, "--saves-dir", str(tmp_path)])
    assert started == {"lang": lang}


def test_an_unknown_lang_option_is_refused(capsys):
    from kobito_tui.cli import main

    with pytest.raises(SystemExit):
        main(["--lang", "de"])
    assert "invalid choice" in capsys.readouterr().err


def test_the_language_and_the_settings_share_the_apps_config_folder(monkeypatch):
    """One config folder on every platform (the two once asked platformdirs differently)."""
    import os
    from pathlib import Path

    from kobito_tui.app import settings
    from kobito_tui.i18n.language import config_dir

    monkeypatch.delenv("KOBITO_CONFIG_DIR")
    assert settings.config_dir() == config_dir(os.environ)
    monkeypatch.setenv("KOBITO_CONFIG_DIR", "/somewhere")
    assert settings.config_dir() == config_dir(os.environ) == Path("/somewhere")
