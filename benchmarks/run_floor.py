"""How close a whole run is to its floor: a py-spy profile of the run, its samples sorted by what they do.

Record the run with py-spy following the jobs (50 samples a second is enough), then sort the samples
and weight each step's shares by a clean run's per-rule walls (``benchmarks/rule_costs.py --csv``)::

    py-spy record --subprocesses -r 50 -f raw -o run.raw -- snakemake --cores 2
    python benchmarks/run_floor.py run.raw --rate 50 --cores 2 --rule-costs docs/guide/rule_costs.csv \
        [--csv docs/guide/run_floor_kinds.csv]

Each job's sample is one process on a CPU at one instant; its stack puts it in the first matching
kind of :data:`KINDS`: the base learners' own fits (libsvm, scikit-learn's tree builder, AdaBoost.MO's
rounds, the kernel matrices fed to libsvm), their predictions, the jobs' start-up, and the rest (our
code around the learners: resampling, decoding, bias and variance, claims, tables, figures).
Snakemake's own process is set apart (:data:`SNAKEMAKE`). The floor is what the learners' fits and
predictions alone would cost: it bounds from below the time of any route that keeps their
arithmetic, and so the result files' bytes.
"""

import argparse
import re
from collections import Counter

import pandas as pd

#: (kind, pattern): a sample is of the first kind one of whose patterns matches a frame of its stack.
#: The learners' kinds come first, so that a tree grown inside AdaBoost counts as the tree.
KINDS = (
    ("libsvm fits", r"(BaseLibSVM\.fit \(sklearn/svm/_base|"
                    r"fit_(precomputed|encoded) \(mavl/svm/precomputed)\.py"),
    ("tree builds", r"BaseDecisionTree\._fit \(sklearn/tree/_classes\.py"),
    ("AdaBoost.MO rounds", r"AdaBoostMOClassifier\.fit \(mavl/output_codes/adaboost_mo\.py"),
    ("kernel matrices", r"thesis_kernel \(mavl/svm/kernels\.py"),
    # _block_decisions is a generator: its frames hang under its reader's, not pooled_decisions's
    ("SVM predictions", r"(BaseSVC\.predict|BaseLibSVM\.predict|BaseSVC\.decision_function|"
                        r"pooled_decisions|_block_decisions) \((sklearn/svm/_base|mavl/svm/pooled)\.py"),
    ("tree predictions", r"\w+\.(predict|apply|predict_proba) \(sklearn/tree/_classes\.py"),
    ("AdaBoost.MO predictions", r"AdaBoostMOClassifier\.staged_column_outputs \(mavl/output_codes"),
    ("start-up: imports", r"_find_and_load \(<frozen importlib\._bootstrap>"),
)

#: The kind of every sample of Snakemake's own process (py-spy names each process in the stack,
#: ``process <pid>:"<command line>"``, the jobs' under Snakemake's). Not CPU: py-spy counts its
#: threads as running while they wait on a condition or a job (getrusage gives its CPU: 15 s for
#: 100 jobs); the jobs' samples are CPU (they run one thread and never wait).
SNAKEMAKE = "Snakemake's main process"

#: The step of the jobs' samples before they reach their step (:func:`step_table`).
START_UP = "start-up of every job"

#: The kinds whose sum is the floor.
FLOOR = ("libsvm fits", "tree builds", "AdaBoost.MO rounds", "kernel matrices", "SVM predictions",
         "tree predictions", "AdaBoost.MO predictions")

_KIND_PATTERNS = [(kind, re.compile(pattern)) for kind, pattern in KINDS]
_SITE = re.compile(r"\(.*?/(site-packages|src)/")
_STEP = re.compile(r";(\w+) \([^;]*mavl/(?:papers/(\w+)|reproduction)/steps\.py:\d+\)")


def kind_of(stack):
    """The kind of one sample's stack (frames separated by ``;``, outermost first, as py-spy writes).

    >>> kind_of("fit (mavl/trees.py:9);BaseDecisionTree._fit (sklearn/tree/_classes.py:467)")
    'tree builds'
    >>> kind_of('process 7:"python x.py";_find_and_load (<frozen importlib._bootstrap>:1176)')
    'start-up: imports'
    >>> kind_of('process 7:"python bin/snakemake --cores 2";_find_and_load (<frozen importlib._bootstrap>:1)')
    "Snakemake's main process"
    >>> kind_of("<module> (x.py:1);build_table (mavl/papers/james1998/error_tables.py:40)")
    'other'
    """
    frames = [_SITE.sub("(", f) for f in stack.split(";")]
    processes = [f for f in frames if f.startswith("process ")]
    if processes and "snakemake" in processes[-1] and ".snakemake/scripts/" not in processes[-1]:
        return SNAKEMAKE
    if frames[-1].startswith("process "):
        return "start-up: imports"         # a job with no Python frame yet (or any more)
    for kind, rx in _KIND_PATTERNS:
        if any(rx.search(f) for f in frames):
            return kind
    return "other"


def step_of(stack):
    """The workflow step a job's sample is in: (paper, step function) from its frame in a
    ``steps`` module (``mavl/papers/<paper>/steps.py``, or ``mavl/reproduction/steps.py`` for the
    index's rules), ("", "") before the job reaches it (or after) and in Snakemake's process.

    Not the process: a run of hundreds of jobs wraps the pids round, and py-spy then names a new
    process by its pid's first command line.

    The innermost such frame: every job enters its paper's step through
    :func:`mavl.reproduction.steps.run_step`.

    >>> step_of("<module> (job.py:9);ch5 (/x/src/mavl/papers/valentini2003/steps.py:70);f (a.py:1)")
    ('valentini2003', 'ch5')
    >>> step_of("<module> (step.py:9);run_step (/x/src/mavl/reproduction/steps.py:60);"
    ...         "report (/x/src/mavl/papers/zaki_ch22/steps.py:37)")
    ('zaki_ch22', 'report')
    """
    found = list(_STEP.finditer(stack))
    return (found[-1].group(2) or "", found[-1].group(1)) if found else ("", "")


def read_samples(path):
    """A py-spy ``raw`` file (lines ``stack count``) as samples per (step, kind) (:func:`step_of`,
    :func:`kind_of`)."""
    counts = Counter()
    with open(path) as lines:
        for line in lines:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            if stack:
                counts[step_of(stack), kind_of(stack)] += int(n)
    return counts


def floor_table(counts, rate):
    """One row per kind of the jobs' samples: CPU seconds (samples / rate), share, and whether it is
    part of the floor. Snakemake's process is left out (see :data:`SNAKEMAKE`)."""
    kinds = [k for k, _ in KINDS] + ["other"]
    by_kind = Counter()
    for (_, kind), n in counts.items():
        by_kind[kind] += n
    table = pd.DataFrame({"kind": kinds, "cpu_seconds": [by_kind[k] / rate for k in kinds]})
    table["share_pct"] = (100 * table["cpu_seconds"] / table["cpu_seconds"].sum()).round(1)
    table["floor"] = table["kind"].isin(FLOOR)
    table["cpu_seconds"] = table["cpu_seconds"].round(0).astype(int)
    return table


def step_table(counts, rate):
    """One row per workflow step (a rule's function in its paper's ``steps`` module), the most CPU
    first: CPU seconds, the floor's seconds and share. The jobs' start-up, before they reach their
    step, is one row of its own (paper and step empty), Snakemake's process another."""
    rows = {}
    for (step, kind), n in counts.items():
        key = ("", SNAKEMAKE) if kind == SNAKEMAKE else step
        row = rows.setdefault(key, {"cpu": 0, "floor": 0})
        row["cpu"] += n
        row["floor"] += n * (kind in FLOOR)
    table = pd.DataFrame([{"paper": paper, "step": step or START_UP,
                           "cpu_seconds": r["cpu"] / rate, "floor_seconds": r["floor"] / rate}
                          for (paper, step), r in rows.items()])
    table["floor_pct"] = (100 * table["floor_seconds"] / table["cpu_seconds"]).round(1)
    table = table.sort_values("cpu_seconds", ascending=False, ignore_index=True)
    return table.round({"cpu_seconds": 0, "floor_seconds": 0})


def rule_floors(steps, rule_costs, start_up_per_job):
    """The floor of each rule of a clean run's cost table (``benchmarks/rule_costs.py --csv``): its
    wall seconds less its jobs' start-up, times its step's floor share in the profile.

    The profile gives shares, not times: py-spy samples the jobs at the rate asked only while it
    keeps up, and a run of hundreds of jobs reuses pids, so a process's count of samples is not its
    CPU. Within a step the share holds. Rule ``<paper>_<step>`` is step ``<step>`` of its paper;
    James's ``fit_<experiment>`` rules all run step ``fit``.
    """
    share = {(paper if isinstance(paper, str) else "", step): pct / 100
             for paper, step, pct in zip(steps["paper"], steps["step"], steps["floor_pct"], strict=True)}
    rows = []
    for r in rule_costs[rule_costs["paper"] != "all"].to_dict("records"):
        paper = "" if r["paper"] == "reports" else r["paper"]
        step = r["rule"].split("_", 1)[1]
        step = "fit" if step.startswith("fit_") else step
        wall = r["wall s"]
        work = max(wall - r["jobs"] * start_up_per_job, 0.0)
        rows.append({"paper": r["paper"], "rule": r["rule"], "wall_seconds": wall,
                     "start_up_seconds": wall - work, "floor_seconds": work * share.get((paper, step), 0.0)})
    return pd.DataFrame(rows)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("raw", help="py-spy record -f raw output of the whole run")
    parser.add_argument("--rate", type=float, default=50, help="py-spy's samples per second (-r)")
    parser.add_argument("--cores", type=int, default=2, help="the run's --cores")
    parser.add_argument("--top", type=int, default=20, help="steps shown")
    parser.add_argument("--csv", help="also write the table of kinds here")
    parser.add_argument("--steps-csv", help="also write the table of steps here")
    parser.add_argument("--rule-costs", help="a clean run's table of rules (rule_costs.py --csv): its floor")
    parser.add_argument("--profiled-jobs", type=int,
                        help="the profiled run's jobs, for the start-up a job (default: --rule-costs's)")
    args = parser.parse_args(argv)
    counts = read_samples(args.raw)
    table = floor_table(counts, args.rate)
    print("| kind | CPU s | share | floor |\n|---|---:|---:|---|")
    for r in table.itertuples():
        print(f"| {r.kind} | {r.cpu_seconds} | {r.share_pct:.1f} % | {'yes' if r.floor else ''} |")
    total, floor = table["cpu_seconds"].sum(), table.loc[table["floor"], "cpu_seconds"].sum()
    print(f"\nthe jobs' sampled CPU {total:.0f} s; floor {floor:.0f} s ({100 * floor / total:.0f} %), "
          f"{floor / args.cores / 60:.1f} min on {args.cores} cores with no idle core")
    main_process = sum(n for (_, kind), n in counts.items() if kind == SNAKEMAKE) / args.rate
    print(f"(Snakemake's main process: {main_process:.0f} s of samples, not CPU: py-spy counts its "
          "waiting threads as running)\n")
    steps = step_table(counts, args.rate)
    print("| paper | step | CPU s | floor s | floor |\n|---|---|---:|---:|---:|")
    for r in steps[steps["step"] != SNAKEMAKE].head(args.top).itertuples():
        print(f"| {r.paper} | {r.step} | {r.cpu_seconds:.0f} | {r.floor_seconds:.0f} | {r.floor_pct:.0f} % |")
    if args.rule_costs:
        costs = pd.read_csv(args.rule_costs)
        start_up = steps.loc[steps["step"] == START_UP, "cpu_seconds"].sum()
        per_job = start_up / (args.profiled_jobs or costs.loc[costs["paper"] != "all", "jobs"].sum())
        rules = rule_floors(steps, costs, per_job)
        wall, floor = rules["wall_seconds"].sum(), rules["floor_seconds"].sum()
        start = rules["start_up_seconds"].sum()
        print(f"\n{args.rule_costs}: the jobs' wall {wall:.0f} s; the learners' floor {floor:.0f} s "
              f"({100 * floor / wall:.0f} %, {floor / args.cores / 60:.1f} min on {args.cores} cores); "
              f"start-up {start:.0f} s ({per_job:.2f} s a job; with the floor "
              f"{(floor + start) / args.cores / 60:.1f} min); the rest {wall - floor - start:.0f} s")
    if args.csv:
        table.to_csv(args.csv, index=False)
    if args.steps_csv:
        steps.to_csv(args.steps_csv, index=False)


if __name__ == "__main__":
    main()
