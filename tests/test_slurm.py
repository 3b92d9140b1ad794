"""The whole quick workflow through a real SLURM scheduler: a one-node cluster on this machine.

Opt-in, because it installs Debian packages (slurm-wlm, slurmdbd, munge, mariadb-server), starts
their daemons as root and takes several minutes (see docs/guide/cluster.rst):

    MAVL_TEST_SLURM=1 python -m pytest -q tests/test_slurm.py
"""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from mavl.reproduction.layout import copy_workflow
from mavl.reproduction.manifest import check

ROOT = Path(__file__).resolve().parents[1]
CLUSTER = ROOT / "tests" / "slurm" / "one_node_cluster.sh"

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.environ.get("MAVL_TEST_SLURM") != "1",
                       reason="opt-in: set MAVL_TEST_SLURM=1 to bring up a one-node SLURM cluster (root, "
                              "Debian packages, several minutes)"),
]


@pytest.fixture(scope="module")
def cluster(tmp_path_factory):
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("the SLURM daemons cannot be installed or started: not root")
    if not (shutil.which("slurmctld") or shutil.which("apt-get")):
        pytest.skip("the SLURM daemons cannot be installed: no slurmctld and no apt-get")
    pytest.importorskip("snakemake_executor_plugin_slurm", reason='pip install -e ".[slurm]"')
    state = tmp_path_factory.mktemp("slurm-state")
    started = subprocess.run([str(CLUSTER), "start", str(state)], capture_output=True, text=True)
    if started.returncode in (3, 4):
        pytest.skip(f"the SLURM daemons cannot be installed or started here: {started.stderr.strip()[-400:]}")
    assert started.returncode == 0, started.stderr[-3000:]
    yield {**os.environ, "SLURM_CONF": str(state / "etc" / "slurm.conf")}
    subprocess.run([str(CLUSTER), "stop", str(state)], capture_output=True)


def test_quick_profile_through_slurm_matches_the_local_manifest(cluster, tmp_path):
    project = copy_workflow(ROOT, tmp_path / "project")
    run = subprocess.run(
        [sys.executable, "-m", "snakemake", "--profile", "workflow/profiles/slurm",
         "--workflow-profile", "workflow/profiles/quick"],
        cwd=project, capture_output=True, text=True, env=cluster)
    log = run.stdout + run.stderr
    assert run.returncode == 0, log[-4000:]
    # As a local run: the committed manifest of the quick profile, byte for byte in its environment.
    result = check(ROOT / "reports" / "manifest.quick.sha256", project, rtol=1e-9, atol=2e-6)
    assert result.problems == [] and (result.environment or not result.tolerated)
    # One SLURM job per workflow job that is not a local rule, each completed, as sacct says.
    remote = len(re.findall(r"^rule \w+:", log, flags=re.M))
    submitted = re.findall(r"has been submitted with SLURM jobid (\d+)", log)
    assert remote > 0 and len(submitted) == remote
    sacct = subprocess.run(["sacct", "-X", "-n", "-P", "-o", "JobID,State", "-j", ",".join(submitted)],
                           capture_output=True, text=True, env=cluster, check=True)
    states = dict(line.split("|") for line in sacct.stdout.split())
    assert sorted(states) == sorted(submitted)
    assert set(states.values()) == {"COMPLETED"}
