"""The package as `pip install .` installed it (tests/python/venv_install.sh): imported from the
venv, with every plugin inside it and found without an environment variable."""

import os
import sys

import bopp


def test_the_package_is_the_venvs_and_finds_its_own_plugins():
    package = os.path.dirname(os.path.realpath(bopp.__file__))
    assert sys.prefix != sys.base_prefix, "not run in a venv"
    assert package.startswith(os.path.realpath(sys.prefix) + os.sep), package
    assert not os.environ.get("BOPP_PLUGIN_PATH") and not os.environ.get("PYTHONPATH")
    plugins = bopp.list_plugins()
    assert {"gpbo", "random", "branin", "box"} <= {p["name"] for p in plugins}
    own = os.path.join(package, "plugins") + os.sep
    assert [p["path"] for p in plugins if not p["path"].startswith(own)] == []
    assert os.path.exists(os.path.join(package, "py.typed"))
