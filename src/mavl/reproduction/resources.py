"""What each rule's job costs, and the cluster resources a rule asks for from it.

Every rule records its job's time and memory (Snakemake's ``benchmark:``, a TSV under
``logs/<paper>/bench/<scale>/``, beside the job's log ``logs/<paper>/<same path>.log`` whose first
line names the rule and whose last gives the process's peak memory as the kernel counted it, which
the benchmark's sampling can miss). :func:`collect_costs` gathers them, per rule and scale, into the
committed table ``workflow/resources/job_costs.tsv``; a scale not yet run can come from
:func:`scaled_costs`, an estimate that says so (Valentini's ``full`` did, until its first
build). :func:`job_resources` turns a rule's row into its ``runtime`` (minutes) and ``mem_mb``:
twice the largest job's cost, never below a floor, and doubled again at each retry, so that no job
is killed for its time or memory.

Run ``python -m mavl.reproduction.resources logs <scale> [table]`` after a build to add that
scale's rows; a rule already in the table keeps the larger of its old and new time and memory
(both vary from run to run, and a cluster must fit the worst seen). After a whole run on changed
code, ``--replace`` lets its measurements replace the rows of the rules it ran.
"""

import math
import re
import sys
from pathlib import Path

import pandas as pd

__all__ = ["COST_COLUMNS", "busy_cores", "collect_costs", "job_measurements", "job_priority", "job_resources",
           "job_timeline", "merge_costs", "read_costs", "rule_shares", "scaled_costs", "write_costs"]

COST_COLUMNS = ["rule", "scale", "jobs", "seconds", "max_rss_mb", "source"]
#: The least a job asks for: short jobs still start Python and import the stack.
FLOOR_MINUTES, FLOOR_MB = 5, 1000
#: Requested resources over measured cost.
MARGIN = 2.0
_STARTED = re.compile(r" started (\w+) ")
_PEAK = re.compile(r"; peak memory (\d+) MB$")
_STAMP = re.compile(r"^\[(\w{3} \w{3} +\d+ \d\d:\d\d:\d\d \d{4})\]$")
_JOB_START = re.compile(r"^(?:local)?rule (\w+):$")
_JOB_ID = re.compile(r"^\s+jobid: (\d+)$")
_JOB_END = re.compile(r"^Finished jobid: (\d+) ")


def _rule_of(log):
    with open(log) as handle:
        found = _STARTED.search(handle.readline())
    return found.group(1) if found else None


def _logged_peak_mb(log):
    """The peak memory (MB) a job's log ends with (:func:`mavl.reproduction.progress.log_to`), or 0."""
    lines = Path(log).read_text(encoding="utf-8").splitlines()
    found = _PEAK.search(lines[-1]) if lines else None
    return float(found.group(1)) if found else 0.0


def job_measurements(log_root, scale):
    """One row per job measured at ``scale``: its rule, wall seconds, CPU seconds and peak resident
    memory (MB, the larger of the benchmark's and the log's peak), from every
    ``<paper>/bench/<scale>/**.tsv`` under ``log_root`` beside its job's log (a benchmark without a
    log naming its rule is skipped)."""
    rows = []
    for bench in sorted(Path(log_root).glob(f"*/bench/{scale}/**/*.tsv")):
        paper, _, _, *rest = bench.relative_to(log_root).parts
        log = Path(log_root, paper, *rest).with_suffix(".log")
        rule = _rule_of(log) if log.exists() else None
        if rule is None:
            continue
        measured = pd.read_csv(bench, sep="\t")
        cpu = float(measured["cpu_time"].max()) if "cpu_time" in measured else float("nan")
        rss = max(float(measured["max_rss"].max()), _logged_peak_mb(log))
        rows.append((rule, paper, float(measured["s"].max()), cpu, rss))
    return pd.DataFrame(rows, columns=["rule", "paper", "seconds", "cpu_seconds", "max_rss_mb"])


def collect_costs(log_root, scale):
    """Per rule, the number of jobs and the largest time (s) and resident memory (MB) measured at
    ``scale`` (:func:`job_measurements`)."""
    frame = job_measurements(log_root, scale)
    costs = frame.groupby("rule", sort=True).agg(jobs=("seconds", "size"), seconds=("seconds", "max"),
                                                 max_rss_mb=("max_rss_mb", "max")).reset_index()
    return costs.assign(scale=scale, source="measured")[COST_COLUMNS]


def rule_shares(measurements):
    """Where a run's time and memory go: per rule (from :func:`job_measurements`), its jobs, summed
    CPU and wall seconds, the share of the run's CPU seconds, and the largest job's time and peak
    memory, the largest CPU share first."""
    grouped = measurements.groupby(["paper", "rule"], sort=False)
    out = grouped.agg(jobs=("seconds", "size"), cpu_seconds=("cpu_seconds", "sum"),
                      wall_seconds=("seconds", "sum"), longest_job_seconds=("seconds", "max"),
                      peak_mb=("max_rss_mb", "max")).reset_index()
    out["cpu_share"] = out["cpu_seconds"] / out["cpu_seconds"].sum()
    return out.sort_values(["cpu_seconds", "rule"], ascending=[False, True], ignore_index=True)


def job_timeline(log_text):
    """When each job of a Snakemake run started and finished, from the run's console log: one row
    per finished job (``jobid``, ``rule``, ``start``, ``end`` in seconds after the first job's start;
    the log stamps whole seconds)."""
    stamp, rule, started, rows = None, None, {}, []
    for line in log_text.splitlines():
        if found := _STAMP.match(line):
            stamp = pd.Timestamp(pd.to_datetime(found.group(1), format="%a %b %d %H:%M:%S %Y"))
        elif found := _JOB_START.match(line):
            rule = found.group(1)
        elif (found := _JOB_ID.match(line)) and rule is not None:
            started[int(found.group(1))] = (rule, stamp)
            rule = None
        elif (found := _JOB_END.match(line)) and int(found.group(1)) in started:
            name, start = started[int(found.group(1))]
            rows.append((int(found.group(1)), name, start, stamp))
    frame = pd.DataFrame(rows, columns=["jobid", "rule", "start", "end"])
    if len(frame):
        origin = frame["start"].min()
        for column in ("start", "end"):
            frame[column] = (frame[column] - origin).dt.total_seconds()
    return frame


def busy_cores(timeline, cores):
    """How a run used its ``cores``: wall seconds, the core-seconds its jobs held and the share of
    ``cores × wall``, and the seconds at the end when fewer jobs than cores were left running."""
    events = sorted([(t, 1) for t in timeline["start"]] + [(t, -1) for t in timeline["end"]])
    wall = float(timeline["end"].max()) if len(timeline) else 0.0
    held, running, last, full_until = 0.0, 0, 0.0, 0.0
    for t, step in events:
        held += min(running, cores) * (t - last)
        running, last = running + step, t
        if running >= cores:
            full_until = None
        elif full_until is None:
            full_until = t                # the first moment a core fell idle after all were busy
    return {"wall_seconds": wall, "core_seconds": held, "utilisation": held / (cores * wall) if wall else 0.0,
            "tail_seconds": wall - (full_until or 0.0)}


def scaled_costs(costs, from_scale, to_scale, time_factors, memory_factor, note):
    """Estimated rows for ``to_scale`` from the measured ``from_scale`` ones: each rule's time times
    its factor in ``time_factors`` (rule → factor; rules not named keep their time) and its memory
    times ``memory_factor``; ``note`` says where the factors come from."""
    rows = costs[costs["scale"] == from_scale].copy()
    rows["seconds"] = rows["seconds"] * rows["rule"].map(lambda rule: time_factors.get(rule, 1.0))
    rows["max_rss_mb"] *= memory_factor
    return rows.assign(scale=to_scale, source=f"estimated: {note}")[COST_COLUMNS]


def merge_costs(old, new, replace=False):
    """``old`` with ``new``'s measured rows added; a rule and scale measured in both keeps the
    larger time and memory (and job count), and an estimate gives way to a measurement. With
    ``replace``, ``new``'s rows replace old ones outright: for a whole run after the code changed
    what its jobs cost (an old peak would otherwise be kept forever)."""
    key = ["rule", "scale"]
    remeasured = pd.MultiIndex.from_frame(old[key]).isin(pd.MultiIndex.from_frame(new[key]))
    old = old[~(remeasured & (old["source"].ne("measured") | replace))]
    both = pd.concat([old[COST_COLUMNS], new[COST_COLUMNS]], ignore_index=True)   # new last: its source wins
    merged = both.groupby(key, sort=True).agg(
        jobs=("jobs", "max"), seconds=("seconds", "max"), max_rss_mb=("max_rss_mb", "max"),
        source=("source", "last")).reset_index()
    return merged[COST_COLUMNS]


def read_costs(path):
    """The committed cost table (an empty one if the file does not exist yet)."""
    path = Path(path)
    return pd.read_csv(path, sep="\t") if path.exists() else pd.DataFrame(columns=COST_COLUMNS)


def write_costs(costs, path):
    """Write the table sorted by scale and rule, with rounded numbers, so that it diffs well."""
    out = costs[COST_COLUMNS].sort_values(["scale", "rule"]).round({"seconds": 1, "max_rss_mb": 0})
    out.to_csv(path, sep="\t", index=False)


def job_resources(costs, rule, scale):
    """``{"runtime": f, "mem_mb": g}`` for a rule's ``resources:``, with ``f(wildcards, attempt)``
    in minutes and ``g(wildcards, attempt)`` in MB: :data:`MARGIN` times the rule's row at ``scale``
    (the floor where it has none), doubled at each retry."""
    row = costs[(costs["rule"] == rule) & (costs["scale"] == scale)]
    seconds = float(row["seconds"].iloc[0]) if len(row) else 0.0
    rss = float(row["max_rss_mb"].iloc[0]) if len(row) else 0.0
    minutes = max(FLOOR_MINUTES, math.ceil(MARGIN * seconds / 60))
    mem_mb = max(FLOOR_MB, math.ceil(MARGIN * rss / 100) * 100)
    return {"runtime": lambda wildcards, attempt: minutes * 2 ** (attempt - 1),
            "mem_mb": lambda wildcards, attempt: mem_mb * 2 ** (attempt - 1)}


def job_priority(costs, rule, scale):
    """A rule's scheduling priority: its largest measured job at ``scale`` in whole minutes (0 where
    unmeasured). Snakemake starts the ready jobs of higher priority first, so on a few cores the
    long jobs start early and a run does not end on one of them with the other cores idle."""
    row = costs[(costs["rule"] == rule) & (costs["scale"] == scale)]
    return int(float(row["seconds"].iloc[0]) // 60) if len(row) else 0


def main(argv=None):
    args = sys.argv[1:] if argv is None else argv
    replace = "--replace" in args
    args = [a for a in args if a != "--replace"]
    if len(args) not in (2, 3):
        print("usage: python -m mavl.reproduction.resources [--replace] <log folder> <scale> [table]")
        return 2
    log_root, scale = args[:2]
    path = args[2] if len(args) == 3 else "workflow/resources/job_costs.tsv"
    costs = read_costs(path)
    new = collect_costs(log_root, scale)
    write_costs(merge_costs(costs, new, replace=replace), path)
    how = " (replacing their rows)" if replace else ""
    print(f"{len(new)} rules measured at scale {scale} -> {path}{how}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
