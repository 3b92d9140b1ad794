"""Opt-in: the quick profile under the previous minor releases of numpy, scipy, scikit-learn and pandas,
checked against the committed quick manifest with a tolerance.

    MAVL_TEST_CROSS_VERSION=1 python -m pytest -q -s tests/test_cross_version.py

It builds a virtual environment of the locked versions with those four packages one minor release
back (network: the package registry), runs the quick profile of every paper in it, and passes when
no file is missing and no claim or cell verdict changed; tables whose numbers moved beyond the
tolerance are listed with their largest differences (docs/guide/reproducibility.rst, "Across versions").
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mavl.reproduction.layout import copy_workflow
from mavl.reproduction.manifest import check

ROOT = Path(__file__).resolve().parents[1]
PREVIOUS = {"numpy": "2.3.5", "scipy": "1.16.3", "scikit-learn": "1.8.0", "pandas": "3.0.6"}

pytestmark = pytest.mark.skipif(os.environ.get("MAVL_TEST_CROSS_VERSION") != "1",
                                reason="opt-in: set MAVL_TEST_CROSS_VERSION=1 (about 15 minutes)")


def _requirements():
    sys.path.insert(0, str(ROOT / "requirements"))
    from mirror import pins

    out = []
    for pin in pins():
        name = pin.split("==")[0].lower()
        out.append(f"{name}=={PREVIOUS[name]}" if name in PREVIOUS else pin)
    return out


def _environment(base):
    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "-q"]
    requirements = base / "requirements.txt"
    requirements.write_text("\n".join(_requirements()) + "\n")
    subprocess.run(pip + ["-r", str(requirements)], check=True)
    subprocess.run(pip + ["--no-deps", str(ROOT)], check=True)
    return venv / "bin" / "python"


def test_quick_profile_under_previous_minor_releases_keeps_every_verdict(tmp_path):
    python = _environment(tmp_path)
    project = copy_workflow(ROOT, tmp_path / "project")
    done = subprocess.run([str(python), "-m", "snakemake", "--profile", "workflow/profiles/quick",
                           "--cores", "2"], cwd=project, capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})
    assert done.returncode == 0, done.stderr[-3000:]
    versions = subprocess.run([str(python), "-m", "mavl.reproduction.environment"],
                              capture_output=True, text=True, check=True).stdout
    result = check(ROOT / "reports" / "manifest.quick.sha256", project, rtol=1e-9, atol=2e-6)
    print(f"\nenvironment of the run:\n{versions}")
    print(f"{result.matched} files byte-identical, {len(result.tolerated)} tables within tolerance, "
          f"{len(result.moved)} beyond it, {len(result.figures)} figures differ")
    for path, diff in sorted(result.moved.items()):
        print(f"  {path}: max abs {diff.max_abs:.3g}, max rel {diff.max_rel:.3g}, "
              f"{len(diff.beyond)} cells beyond, {len(diff.verdicts)} verdicts changed"
              + (f", {diff.structure}" if diff.structure else ""))
    assert [p for p in result.problems if not p.startswith("differs: ")] == []
    changed = {path: diff.verdicts for path, diff in result.moved.items() if diff.verdicts}
    reshaped = {path: diff.structure for path, diff in result.moved.items() if diff.structure}
    assert changed == {} and reshaped == {}
