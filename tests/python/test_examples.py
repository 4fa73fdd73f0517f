"""examples/python: each runs, and the package and the examples pass `mypy --strict` (Debian's
python3-mypy), so the package's types are complete where users meet them."""

import os
import pathlib
import subprocess
import sys

import pytest

SOURCE = pathlib.Path(__file__).resolve().parents[2]
EXAMPLES = sorted((SOURCE / "examples" / "python").glob("*.py"))


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.name)
def test_the_example_runs(example, tmp_path):
    args = [sys.executable, str(example)]
    if example.name == "run_callable.py":
        args.append(str(tmp_path / "record"))
    done = subprocess.run(args, capture_output=True, text=True, cwd=tmp_path, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "best" in done.stdout


def test_mypy_strict_passes_on_the_package_and_the_examples(tmp_path):
    pytest.importorskip("mypy")
    build = pathlib.Path(os.environ["BOPP_TEST_PROGRAM"]).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--config-file", str(SOURCE / "pyproject.toml"),
         "--cache-dir", str(build / "mypy-cache"), str(SOURCE / "python" / "bopp"),
         *map(str, EXAMPLES)],
        capture_output=True, text=True, cwd=tmp_path, env=dict(os.environ, MYPYPATH=str(SOURCE / "python")),
    )
    assert done.returncode == 0, done.stdout + done.stderr
