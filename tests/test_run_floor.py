"""benchmarks/run_floor.py: a whole run's py-spy samples sorted by what they do."""

import importlib.util
from pathlib import Path

import pandas as pd
import pytest

_PATH = Path(__file__).resolve().parents[1] / "benchmarks" / "run_floor.py"
_spec = importlib.util.spec_from_file_location("run_floor", _PATH)
run_floor = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(run_floor)

SITE = "/x/.venv/lib/python3.11/site-packages/"
SRC = "/x/src/"
MAIN = 'process 41:"/x/.venv/bin/python3 /x/.venv/bin/snakemake --cores 2"'
JOB = f'{MAIN};process 52:"/x/.venv/bin/python3 /x/.snakemake/scripts/tmpab.job.py";<module> (tmpab.job.py:9)'

# Stacks as py-spy writes them (outermost frame first), one of each kind.
STACKS = {
    "libsvm fits": f"{JOB};fit_group ({SRC}mavl/svm/pooled.py:77);"
                   f"fit_encoded ({SRC}mavl/svm/precomputed.py:59)",
    "tree builds": f"{JOB};AdaBoostM1Classifier.fit ({SRC}mavl/ensemble/boosting.py:200);"
                   f"DecisionTreeClassifier.fit ({SITE}sklearn/tree/_classes.py:1015);"
                   f"BaseDecisionTree._fit ({SITE}sklearn/tree/_classes.py:467)",
    "AdaBoost.MO rounds": f"{JOB};AdaBoostMOClassifier.fit ({SRC}mavl/output_codes/adaboost_mo.py:221);"
                          f"_BinnedSearch.scores ({SRC}mavl/output_codes/_stump_search.py:109)",
    "kernel matrices": f"{JOB};pooled_decisions ({SRC}mavl/svm/pooled.py:95);"
                       f"thesis_kernel ({SRC}mavl/svm/kernels.py:92)",
    "SVM predictions": f"{JOB};BaseSVC.predict ({SITE}sklearn/svm/_base.py:813)",
    "tree predictions": f"{JOB};DecisionTreeClassifier.predict_proba ({SITE}sklearn/tree/_classes.py:1040)",
    "AdaBoost.MO predictions": f"{JOB};AdaBoostMOClassifier.staged_column_outputs "
                               f"({SRC}mavl/output_codes/adaboost_mo.py:260)",
    "start-up: imports": f"{JOB};_find_and_load (<frozen importlib._bootstrap>:1176);"
               f"<module> ({SITE}sklearn/base.py:1)",
    "Snakemake's main process": f"{MAIN};<module> (snakemake:6);main ({SITE}snakemake/cli.py:2100)",
    "other": f"{JOB};build_table ({SRC}mavl/papers/james1998/error_tables.py:40)",
}


@pytest.mark.parametrize("kind", list(STACKS))
def test_each_kind_is_recognised(kind):
    assert run_floor.kind_of(STACKS[kind]) == kind


def test_every_kind_has_a_stack():
    assert set(STACKS) == {k for k, _ in run_floor.KINDS} | {run_floor.SNAKEMAKE, "other"}


def test_a_job_without_python_frames_is_starting():
    assert run_floor.kind_of(JOB.rsplit(";", 1)[0]) == "start-up: imports"


def test_snakemake_imports_are_snakemake_s():
    stack = f"{MAIN};<module> (snakemake:3);_find_and_load (<frozen importlib._bootstrap>:1176)"
    assert run_floor.kind_of(stack) == run_floor.SNAKEMAKE


def test_a_learner_inside_an_import_counts_as_the_learner():
    # A module that fits at import time is the learner's time, not start-up's.
    learner = STACKS["tree builds"].split(";", 1)[1]
    stack = f"{JOB};_find_and_load (<frozen importlib._bootstrap>:1176);{learner}"
    assert run_floor.kind_of(stack) == "tree builds"


def test_pooled_decisions_read_by_a_step_are_svm_predictions():
    # _block_decisions is a generator: py-spy puts its frames under the loop that reads it.
    stack = (f"{JOB};_run.<locals>.<listcomp> ({SRC}mavl/papers/valentini2003/chapter5/jobs.py:275);"
             f"_block_decisions ({SRC}mavl/svm/pooled.py:115)")
    assert run_floor.kind_of(stack) == "SVM predictions"


def test_table_sums_samples_by_kind(tmp_path):
    raw = tmp_path / "run.raw"
    lines = [f"{STACKS['libsvm fits']} 150", f"{STACKS['other']} 40", f"{STACKS['start-up: imports']} 10",
             f"{STACKS['libsvm fits']} 50", f"{STACKS[run_floor.SNAKEMAKE]} 500"]
    raw.write_text("\n".join(lines) + "\n")
    table = run_floor.floor_table(run_floor.read_samples(raw), rate=50).set_index("kind")
    assert run_floor.SNAKEMAKE not in table.index                # its samples are not CPU
    assert table.loc["libsvm fits", "cpu_seconds"] == 4          # 200 samples at 50 a second
    assert table.loc["other", "cpu_seconds"] == 1
    assert table.loc["libsvm fits", "share_pct"] == 80.0
    assert table["share_pct"].sum() == pytest.approx(100)
    assert table.loc["libsvm fits", "floor"] and not table.loc["start-up: imports", "floor"]


def _in_step(stack, paper, step):
    """``stack`` with the job's step frame put under the job's script frame."""
    head, tail = stack.split(";<module> (tmpab.job.py:9)", 1)
    return f"{head};<module> (tmpab.job.py:9);{step} ({SRC}mavl/papers/{paper}/steps.py:70){tail}"


def test_step_of_reads_the_steps_module_frame():
    stack = _in_step(STACKS["libsvm fits"], "valentini2003", "ch5")
    assert run_floor.step_of(stack) == ("valentini2003", "ch5")
    index = f"{JOB};write_index ({SRC}mavl/reproduction/steps.py:20);f (a.py:1)"
    assert run_floor.step_of(index) == ("", "write_index")
    assert run_floor.step_of(STACKS["start-up: imports"]) == ("", "")


def test_step_table_gives_each_step_its_floor_share(tmp_path):
    raw = tmp_path / "run.raw"
    raw.write_text("\n".join([
        f"{_in_step(STACKS['libsvm fits'], 'valentini2003', 'ch5')} 30",
        f"{_in_step(STACKS['other'], 'valentini2003', 'ch5')} 20",
        f"{_in_step(STACKS['other'], 'james1998', 'table')} 5",
        f"{STACKS['start-up: imports']} 10",
        f"{STACKS[run_floor.SNAKEMAKE]} 5",
    ]) + "\n")
    table = run_floor.step_table(run_floor.read_samples(raw), rate=5).set_index("step")
    assert table.loc["ch5", ["cpu_seconds", "floor_seconds", "floor_pct"]].tolist() == [10, 6, 60.0]
    assert table.loc["table", "floor_pct"] == 0.0
    assert table.loc["start-up of every job", "cpu_seconds"] == 2
    assert table.loc[run_floor.SNAKEMAKE, "cpu_seconds"] == 1
    assert list(table["cpu_seconds"]) == sorted(table["cpu_seconds"], reverse=True)


def test_rule_floors_weights_the_shares_by_a_clean_run():
    steps = pd.DataFrame({"paper": ["valentini2003", "james1998", None],
                          "step": ["ch5", "fit", "pages"], "floor_pct": [80.0, 50.0, 0.0]})
    costs = pd.DataFrame({"paper": ["valentini2003", "james1998", "james1998", "reports", "all"],
                          "rule": ["valentini_ch5", "james_fit_L50", "james_table", "reports_pages",
                                   "4 rules"],
                          "jobs": [2, 1, 3, 1, 7], "wall s": [104.0, 12.0, 6.0, 3.0, 125.0]})
    rules = run_floor.rule_floors(steps, costs, start_up_per_job=2.0).set_index("rule")
    assert rules.loc["valentini_ch5", "floor_seconds"] == pytest.approx(0.8 * 100)   # 104 less 2 starts
    assert rules.loc["james_fit_L50", "floor_seconds"] == pytest.approx(0.5 * 10)    # step "fit"
    assert rules.loc["james_table", "floor_seconds"] == 0                              # no profile: none
    assert rules["start_up_seconds"].sum() == pytest.approx(14)
    assert "4 rules" not in rules.index
