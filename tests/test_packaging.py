"""The lean install: the core runs without any extra, a missing extra is named with its install
command, and `make run` installs once (a second start runs no pip)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# Every library an extra brings; the core must run with all of them unimportable.
EXTRAS_ONLY = ["fastapi", "starlette", "uvicorn", "sqlalchemy", "alembic", "psycopg", "platformdirs",
               "prometheus_client", "pebble", "matplotlib", "ray", "pettingzoo", "gymnasium", "pyspiel",
               "catanatron", "httpx", "websockets", "torch", "stable_baselines3", "sb3_contrib"]
BLOCK = f"""
import sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in {EXTRAS_ONLY!r}:
            raise ImportError('blocked: ' + name)
sys.meta_path.insert(0, Block())
"""


def _core(*args: str) -> subprocess.CompletedProcess[str]:
    code = BLOCK + f"sys.argv = ['mercator', *{list(args)!r}]\nfrom mercator.cli import app\napp()"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "COLUMNS": "200"})


def test_the_core_needs_only_its_declared_dependencies() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["dependencies"]
    # babel: the CLDR plural rules the catalogs' messages use (engine/i18n.py); numpy: the learned evaluation
    # that Constantinopolis's hard level searches with (bots/learned.py)
    assert sorted(d.split(">")[0].split("[")[0] for d in declared) == ["babel", "numpy", "pydantic", "rich", "typer"]
    played = _core("bench", "constantinopolis", "--players", "2", "--games", "2", "--json")
    assert played.returncode == 0, played.stderr
    assert '"games": 2' in played.stdout
    checked = _core("content", "check")
    assert checked.returncode == 0, checked.stderr


def test_a_missing_extra_is_named_with_its_install_command() -> None:
    served = _core("serve", "--port", "1")
    assert served.returncode == 2
    assert served.stderr.startswith("error: ") and "pip install 'mercator[server]'" in served.stderr
    report = _core("arena", "constantinopolis", "--games", "1", "--bots", "random,random", "--report", "r.html")
    assert report.returncode == 2 and "pip install 'mercator[report]'" in report.stderr


def test_make_run_installs_once(tmp_path: Path) -> None:
    """In a copy of the Makefile with a stand-in virtual environment: with the install stamp newer
    than pyproject.toml, `make run` would only start the app; after pyproject.toml changes it installs."""
    for name in ("Makefile", "pyproject.toml"):
        shutil.copy(ROOT / name, tmp_path / name)
    (tmp_path / ".venv" / "bin").mkdir(parents=True)
    (tmp_path / ".venv" / "bin" / "python").write_text("")
    old = time.time() - 100
    os.utime(tmp_path / "pyproject.toml", (old, old))
    (tmp_path / ".venv" / ".installed-server").write_text("")

    def plan() -> str:
        return subprocess.run(["make", "-n", "run"], cwd=tmp_path, capture_output=True, text=True, check=True).stdout

    first = plan()
    assert "pip" not in first and "mercator serve" in first
    os.utime(tmp_path / "pyproject.toml")
    second = plan()
    assert "pip install -q -e '.[server]'" in second and "[test]" not in second
