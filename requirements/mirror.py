"""Mirror the locks into the two conda environment files (run by requirements/refresh).

Both pin the locked versions through pip, so a conda user gets the same wheels (and the same BLAS)
as the venv line. ``environment.yml`` mirrors ``requirements/lock.txt`` (every extra) and installs
this checkout; ``workflow/envs/mavl.yaml``, the environment of every rule under ``--use-conda``,
mirrors ``requirements/lock-workflow.txt``: only what the jobs run (mavl's dependencies and the
workflow extra, at the same versions), no docs, lint, test or release tool. The rules import mavl
from this checkout's ``src/`` (``workflow/rules/common.smk``), which works wherever
``--conda-prefix`` puts the environment.
"""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PIN = re.compile(r"^([A-Za-z0-9_.\-]+==[^\s\\]+)(\s*;[^\\]+)?")


def pins(lock=ROOT / "requirements" / "lock.txt"):
    """``name==version[; marker]`` of every locked package, in the lock's order."""
    out = []
    for line in Path(lock).read_text().splitlines():
        match = PIN.match(line)
        if match:
            out.append((match.group(1) + (match.group(2) or "")).strip())
    return out


#: The part of the lock that the workflow's jobs need (requirements/refresh solves it within the lock).
WORKFLOW_LOCK = ROOT / "requirements" / "lock-workflow.txt"


def environment(comment, lock=ROOT / "requirements" / "lock.txt", extra=()):
    lines = [f"# {line}" for line in comment] + ["channels:", "  - conda-forge", "dependencies:",
                                                  "  - python=3.11", "  - pip", "  - pip:"]
    return "\n".join(lines + [f'      - "{p}"' for p in [*pins(lock), *extra]]) + "\n"


if __name__ == "__main__":
    (ROOT / "environment.yml").write_text(environment(
        ["mavl with the workflow and test extras at the locked versions (requirements/lock.txt);",
         "written by requirements/refresh: edit the lock, not this file."], extra=["-e ."]))
    (ROOT / "workflow" / "envs" / "mavl.yaml").write_text(environment(
        ["The one environment every rule uses under --use-conda: what the jobs run, at the locked",
         "versions (requirements/lock-workflow.txt, no docs, lint or test tools), written by",
         "requirements/refresh. The rules import mavl from this checkout's src/",
         "(workflow/rules/common.smk), wherever --conda-prefix puts it."], lock=WORKFLOW_LOCK))
