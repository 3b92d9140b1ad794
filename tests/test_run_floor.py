"""benchmarks/run_floor.py: a whole run's py-spy samples sorted by what they do."""

import importlib.util
from pathlib import Path

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
                   f"fit_precomputed ({SRC}mavl/svm/precomputed.py:51)",
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


def test_table_sums_samples_by_kind(tmp_path):
    raw = tmp_path / "run.raw"
    lines = [f"{STACKS['libsvm fits']} 150", f"{STACKS['other']} 40", f"{STACKS['start-up: imports']} 10",
             f"{STACKS['libsvm fits']} 50"]
    raw.write_text("\n".join(lines) + "\n")
    counts, jobs = run_floor.read_samples(raw)
    table = run_floor.floor_table(counts, rate=50).set_index("kind")
    assert table.loc["libsvm fits", "cpu_seconds"] == 4          # 200 samples at 50 a second
    assert table.loc["other", "cpu_seconds"] == 1
    assert table.loc["libsvm fits", "share_pct"] == 80.0
    assert table["share_pct"].sum() == pytest.approx(100)
    assert table.loc["libsvm fits", "floor"] and not table.loc["start-up: imports", "floor"]


def test_job_table_names_each_job_by_paper_and_script(tmp_path):
    other_job = JOB.replace("52", "53").replace("tmpab.job.py", "tmpcd.report.py")
    raw = tmp_path / "run.raw"
    raw.write_text("\n".join([
        f"{STACKS['libsvm fits']} 30",
        f"{JOB};ch5 ({SRC}mavl/papers/valentini2003/steps.py:70) 10",      # the job's paper
        f"{STACKS['start-up: imports']} 10",
        f"{other_job};build ({SRC}mavl/papers/james1998/report.py:1) 25",
        f"{STACKS[run_floor.SNAKEMAKE]} 5",
    ]) + "\n")
    table = run_floor.job_table(*run_floor.read_samples(raw), rate=5).set_index("script")
    assert table.loc["job", "paper"] == "valentini2003" and table.loc["report", "paper"] == "james1998"
    assert table.loc["job", ["cpu_seconds", "floor_seconds", "start_up_seconds"]].tolist() == [10, 6, 2]
    assert table.loc["job", "floor_pct"] == 60.0 and table.loc["report", "floor_pct"] == 0.0
    assert table.loc[run_floor.SNAKEMAKE, "cpu_seconds"] == 1
    assert list(table["cpu_seconds"]) == sorted(table["cpu_seconds"], reverse=True)
