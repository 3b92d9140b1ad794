"""The install that needs no registry: ``requirements/wheelhouse`` downloads every locked file into
one folder, and a fresh virtual environment installs from it inside a network namespace (no
network at all), then runs the README's example and a dry run of the main command.

Opt-in (it downloads about 220 MB and installs 130 packages): ``MAVL_WHEELHOUSE_TEST=1``; set
``MAVL_WHEELHOUSE`` to a folder the script already filled to skip the download.
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(os.environ.get("MAVL_WHEELHOUSE_TEST") != "1",
                                reason="opt-in: MAVL_WHEELHOUSE_TEST=1 (downloads the locked wheels)")

#: The install lines of docs/guide/reproducibility.rst, "Installing without the registry".
OFFLINE_INSTALL = """set -euo pipefail
python3 -m venv venv
venv/bin/pip install -q --no-index --find-links "$WHEELHOUSE" -r clone/requirements/lock.txt
venv/bin/pip install -q --no-index --find-links "$WHEELHOUSE" --no-deps -e clone
venv/bin/python - < example.py
cd clone && ../venv/bin/snakemake -n --quiet rules
"""


def _offline_env():
    """The environment without pip's settings that point at a registry or a local wheel folder."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_")}
    env["PIP_CONFIG_FILE"] = os.devnull
    return env


def test_the_locked_wheels_install_and_run_with_no_network(tmp_path):
    if shutil.which("unshare") is None or subprocess.run(["unshare", "-rn", "true"]).returncode != 0:
        pytest.skip("no network namespace here (unshare -rn)")
    wheelhouse = os.environ.get("MAVL_WHEELHOUSE")
    if wheelhouse is None:
        wheelhouse = str(tmp_path / "wheelhouse")
        subprocess.run([str(ROOT / "requirements" / "wheelhouse"), wheelhouse], check=True, timeout=1800)
    files = os.listdir(wheelhouse)
    locked = re.findall(r"^([A-Za-z0-9_.\-]+)==", (ROOT / "requirements" / "lock.txt").read_text(), re.M)
    assert len(files) >= len(locked) - 10          # the lock's pins for other platforms are left out
    subprocess.run(["git", "clone", "-q", str(ROOT), str(tmp_path / "clone")], check=True)
    example = re.findall(r"```python\n(.*?)```", (ROOT / "README.md").read_text(), flags=re.S)[0]
    (tmp_path / "example.py").write_text(example)
    done = subprocess.run(["unshare", "-rn", "bash", "-c", OFFLINE_INSTALL], cwd=tmp_path,
                          env={**_offline_env(), "WHEELHOUSE": os.path.abspath(wheelhouse)},
                          capture_output=True, text=True, timeout=1800)
    assert done.returncode == 0, (done.stdout + done.stderr)[-3000:]
    assert "This was a dry-run" in done.stdout + done.stderr
    # The namespace really has no network: the registry is out of reach from inside it.
    probe = subprocess.run(["unshare", "-rn", sys.executable, "-c",
                            "import socket; socket.create_connection(('pypi.org', 443), timeout=5)"],
                           capture_output=True, text=True)
    assert probe.returncode != 0
