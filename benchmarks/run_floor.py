"""How close a whole run is to its floor: a py-spy profile of the run, its samples sorted by what they do.

Record the run with py-spy following the jobs (50 samples a second is enough and costs little)::

    py-spy record --subprocesses -r 50 -f raw -o run.raw -- snakemake --cores 2
    python benchmarks/run_floor.py run.raw --rate 50 --cores 2 [--csv docs/guide/run_floor.csv]

Each sample is one process on a CPU at one instant; its stack puts it in the first matching kind
of :data:`KINDS`: the base learners' own fits (libsvm, scikit-learn's tree builder, AdaBoost.MO's
rounds, the kernel matrices fed to libsvm), their predictions, the jobs' imports, Snakemake's
main process, and the rest (our code around the learners: resampling, decoding, bias and variance,
tables, figures). The floor is what the learners' fits and predictions alone would cost: it bounds
from below the time of any route that keeps their arithmetic, and so the result files' bytes.
"""

import argparse
import re
from collections import Counter

import pandas as pd

#: (kind, pattern): a sample is of the first kind one of whose patterns matches a frame of its stack.
#: The learners' kinds come first, so that a tree grown inside AdaBoost counts as the tree.
KINDS = (
    ("libsvm fits", r"(BaseLibSVM\.fit \(sklearn/svm/_base|fit_precomputed \(mavl/svm/precomputed)\.py"),
    ("tree builds", r"BaseDecisionTree\._fit \(sklearn/tree/_classes\.py"),
    ("AdaBoost.MO rounds", r"AdaBoostMOClassifier\.fit \(mavl/output_codes/adaboost_mo\.py"),
    ("kernel matrices", r"thesis_kernel \(mavl/svm/kernels\.py"),
    ("SVM predictions", r"(BaseSVC\.predict|BaseLibSVM\.predict|BaseSVC\.decision_function|"
                        r"pooled_decisions) \((sklearn/svm/_base|mavl/svm/pooled)\.py"),
    ("tree predictions", r"\w+\.(predict|apply|predict_proba) \(sklearn/tree/_classes\.py"),
    ("AdaBoost.MO predictions", r"AdaBoostMOClassifier\.staged_column_outputs \(mavl/output_codes"),
    ("start-up: imports", r"_find_and_load \(<frozen importlib\._bootstrap>"),
)

#: The kind of every sample of Snakemake's own process (py-spy names each process in the stack,
#: ``process <pid>:"<command line>"``, the jobs' under Snakemake's); its imports included.
SNAKEMAKE = "Snakemake's main process"

#: The kinds whose sum is the floor.
FLOOR = ("libsvm fits", "tree builds", "AdaBoost.MO rounds", "kernel matrices", "SVM predictions",
         "tree predictions", "AdaBoost.MO predictions")

_SITE = re.compile(r"\(.*?/(site-packages|src)/")
_PROCESS = re.compile(r'process (\d+):"([^"]*)"')
_SCRIPT = re.compile(r"\.snakemake/scripts/tmp\w+\.(\w+)\.py")
_PAPER = re.compile(r"mavl/papers/(\w+)/")


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
    for kind, pattern in KINDS:
        rx = re.compile(pattern)
        if any(rx.search(f) for f in frames):
            return kind
    return "other"


def _process(stack):
    """The innermost process of a stack: (pid, command line), or (None, "") when py-spy named none.
    Both name it, since a long run may reuse a pid (the command holds the script's random name)."""
    found = _PROCESS.findall(stack)
    return found[-1] if found else (None, "")


def read_samples(path):
    """A py-spy ``raw`` file (lines ``stack count``) as samples per (process, kind), and each
    process's job: (paper, script), the paper read from any of its frames in ``mavl/papers/``."""
    counts, papers, scripts = Counter(), {}, {}
    with open(path) as lines:
        for line in lines:
            stack, _, n = line.rstrip("\n").rpartition(" ")
            if not stack:
                continue
            pid = _process(stack)
            counts[pid, kind_of(stack)] += int(n)
            script = _SCRIPT.search(pid[1])
            scripts[pid] = script.group(1) if script else SNAKEMAKE
            paper = _PAPER.search(stack)
            if paper:
                papers[pid] = paper.group(1)
    return counts, {pid: (papers.get(pid, ""), script) for pid, script in scripts.items()}


def floor_table(counts, rate):
    """One row per kind: CPU seconds (samples / rate), share, and whether it is part of the floor."""
    kinds = [k for k, _ in KINDS] + [SNAKEMAKE, "other"]
    by_kind = Counter()
    for (_, kind), n in counts.items():
        by_kind[kind] += n
    table = pd.DataFrame({"kind": kinds, "cpu_seconds": [by_kind[k] / rate for k in kinds]})
    table["share_pct"] = (100 * table["cpu_seconds"] / table["cpu_seconds"].sum()).round(1)
    table["floor"] = table["kind"].isin(FLOOR)
    table["cpu_seconds"] = table["cpu_seconds"].round(0).astype(int)
    return table


def job_table(counts, jobs, rate):
    """One row per job script (a rule's ``workflow/scripts/<paper>/<script>.py``), the most CPU first:
    its processes, CPU seconds, the floor's seconds and share, and its start-up's seconds."""
    rows = {}
    for (pid, kind), n in counts.items():
        row = rows.setdefault(jobs[pid], {"processes": set(), "cpu": 0, "floor": 0, "start": 0})
        row["processes"].add(pid)
        row["cpu"] += n
        row["floor"] += n * (kind in FLOOR)
        row["start"] += n * (kind == "start-up: imports")
    table = pd.DataFrame([{"paper": paper, "script": script, "processes": len(r["processes"]),
                           "cpu_seconds": r["cpu"] / rate, "floor_seconds": r["floor"] / rate,
                           "start_up_seconds": r["start"] / rate}
                          for (paper, script), r in rows.items()])
    table["floor_pct"] = (100 * table["floor_seconds"] / table["cpu_seconds"]).round(1)
    table = table.sort_values("cpu_seconds", ascending=False, ignore_index=True)
    return table.round({"cpu_seconds": 0, "floor_seconds": 0, "start_up_seconds": 0})


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("raw", help="py-spy record -f raw output of the whole run")
    parser.add_argument("--rate", type=float, default=50, help="py-spy's samples per second (-r)")
    parser.add_argument("--cores", type=int, default=2, help="the run's --cores")
    parser.add_argument("--top", type=int, default=20, help="job scripts shown")
    parser.add_argument("--csv", help="also write the table of kinds here")
    parser.add_argument("--jobs-csv", help="also write the table of job scripts here")
    args = parser.parse_args(argv)
    counts, jobs = read_samples(args.raw)
    table = floor_table(counts, args.rate)
    print("| kind | CPU s | share | floor |\n|---|---:|---:|---|")
    for r in table.itertuples():
        print(f"| {r.kind} | {r.cpu_seconds} | {r.share_pct:.1f} % | {'yes' if r.floor else ''} |")
    total, floor = table["cpu_seconds"].sum(), table.loc[table["floor"], "cpu_seconds"].sum()
    print(f"\nsampled CPU {total:.0f} s; floor {floor:.0f} s ({100 * floor / total:.0f} %), "
          f"{floor / args.cores / 60:.1f} min on {args.cores} cores with no idle core\n")
    per_job = job_table(counts, jobs, args.rate)
    print("| paper | script | processes | CPU s | floor s | floor | start-up s |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for r in per_job.head(args.top).itertuples():
        print(f"| {r.paper} | {r.script} | {r.processes} | {r.cpu_seconds:.0f} | {r.floor_seconds:.0f} | "
              f"{r.floor_pct:.0f} % | {r.start_up_seconds:.0f} |")
    if args.csv:
        table.to_csv(args.csv, index=False)
    if args.jobs_csv:
        per_job.to_csv(args.jobs_csv, index=False)


if __name__ == "__main__":
    main()
