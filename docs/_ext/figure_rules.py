"""Which Snakemake rule draws each figure of the paper-scale reports, from the workflow's dry run.

The gallery (docs/_ext/mavl_gallery.py) reads the table this writes, docs/figure_rules.csv, so that
building the docs needs no Snakemake; tests/test_docs_site.py checks the table against a fresh dry
run. A report's figure ``reports/<paper>_figures/<name>.png`` is the copy (made by the paper's
report rule) of ``results/<paper>/<name>.png``; the rule named here is the one whose job writes
that file.

Regenerate after a change to the workflow's figure rules::

    python docs/_ext/figure_rules.py
"""

import csv
import io
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from mavl.reproduction.layout import copy_workflow

ROOT = Path(__file__).resolve().parents[2]
TABLE = ROOT / "docs" / "figure_rules.csv"
PAPERS = ["james1998", "zaki_ch22", "breiman1997", "allwein2000", "valentini2003"]
FIELDS = ["paper", "figure", "rule", "rule_file"]
# A job of the dry run's listing: "rule <name>:" then indented fields, among them "output: a, b".
JOB = re.compile(r"^(?:local)?rule (\w+):\n((?:    .*\n)+)", flags=re.M)


def dry_run_outputs(root=ROOT):
    """``{output file: rule}`` of every job of a forced dry run of ``rule all`` (paper scale), run
    in a temporary copy of the workflow so that no ``.snakemake`` state is left in ``root``."""
    with tempfile.TemporaryDirectory() as tmp:
        copy_workflow(root, tmp)
        run = subprocess.run([sys.executable, "-m", "snakemake", "-n", "--forceall", "--cores", "1"],
                             cwd=tmp, capture_output=True, text=True)
    if run.returncode != 0:
        raise RuntimeError(f"snakemake's dry run failed:\n{run.stderr[-3000:]}")
    outputs = {}
    for rule, fields in JOB.findall(run.stdout):
        found = re.search(r"^    output: (.*)$", fields, flags=re.M)
        for path in found.group(1).split(", ") if found else []:
            outputs[path] = rule
    return outputs


def rule_files(root=ROOT):
    """``{rule: its .smk file}`` from the rule files' ``rule <name>:`` lines."""
    found = {}
    for smk in sorted((root / "workflow" / "rules").rglob("*.smk")):
        for name in re.findall(r"^rule (\w+):", smk.read_text(), flags=re.M):
            found[name] = smk.relative_to(root).as_posix()
    return found


def figure_rules(outputs, root=ROOT):
    """One row per figure PNG of the committed paper-scale reports, with the rule writing it."""
    files = rule_files(root)
    rows = []
    for paper in PAPERS:
        for png in sorted((root / "reports" / f"{paper}_figures").glob("*.png")):
            rule = outputs.get(f"results/{paper}/{png.name}")
            if rule is None:
                raise LookupError(f"no job of the dry run writes results/{paper}/{png.name}")
            rows.append({"paper": paper, "figure": png.stem, "rule": rule, "rule_file": files[rule]})
    return rows


def to_csv(rows):
    out = io.StringIO()
    writer = csv.DictWriter(out, FIELDS, lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    return out.getvalue()


def read_table(path=TABLE):
    """The committed table: ``{(paper, figure): row}``."""
    with open(path, newline="") as handle:
        return {(row["paper"], row["figure"]): row for row in csv.DictReader(handle)}


if __name__ == "__main__":
    TABLE.write_text(to_csv(figure_rules(dry_run_outputs())))
    print(f"wrote {TABLE.relative_to(ROOT)}")
