"""Our dependencies' warnings about themselves kept off a player's and a host's screen.

cryptography 51 tells asyncssh, five times at its import, that DSA is deprecated: that is news for
us, not for whoever runs ``kobito serve``, and it came before the server's own lines. So where the
program starts, before anything is imported, a warning of a deprecation kind raised *inside* one of
the packages the app installs (the module it is attributed to is theirs) is ignored. A warning about
our own code is attributed to our module (a library warns at its caller), so it still shows, as do
warnings of every other category (RuntimeWarning, ResourceWarning) from anywhere.
"""

from __future__ import annotations

import re
import warnings

# The top-level import names of every package requirements/app.txt installs (tests/test_lock.py checks).
DEPENDENCIES = (
    "aiohappyeyeballs",
    "aiohttp",
    "aiohttp_jinja2",
    "aiosignal",
    "asyncssh",
    "attr",
    "attrs",
    "_cffi_backend",
    "cffi",
    "cryptography",
    "frozenlist",
    "idna",
    "jinja2",
    "linkify_it",
    "markdown_it",
    "markupsafe",
    "mdit_py_plugins",
    "mdurl",
    "msgspec",
    "multidict",
    "openskill",
    "platformdirs",
    "propcache",
    "psycopg",
    "psycopg_binary",
    "pycparser",
    "pygments",
    "rich",
    "textual",
    "textual_serve",
    "typing_extensions",
    "tzdata",
    "yarl",
)
MODULES = rf"({'|'.join(re.escape(name) for name in DEPENDENCIES)})(\..*)?$"
# cryptography's deprecations are UserWarnings (so that they show by default): named here by that base.
CATEGORIES = (DeprecationWarning, PendingDeprecationWarning, FutureWarning, UserWarning)


def quiet_dependencies() -> None:
    """Ignore the deprecation warnings that our dependencies raise in their own modules."""
    for category in CATEGORIES:
        warnings.filterwarnings("ignore", category=category, module=MODULES)
