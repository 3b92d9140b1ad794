"""Where a whole run's time and memory go: one row per rule, the largest CPU share first.

Reads the benchmark files and logs of a finished run (``logs/<paper>/bench/<scale>/``, see
:mod:`mavl.reproduction.resources`) and prints a Markdown table: jobs, CPU seconds and their share of
the run's, summed wall seconds, the longest job and the peak memory of the rule's largest job.

    python benchmarks/rule_costs.py logs paper [--top 25] [--run-log snakemake.log --cores 2]

With the run's console log, it also says how the run used its cores: the share of cores × wall the
jobs held, and how long the run ended with a core idle (:func:`~mavl.reproduction.resources.busy_cores`).
"""

import argparse
from pathlib import Path

from mavl.reproduction.resources import busy_cores, job_measurements, job_timeline, rule_shares


def markdown(shares, top=None):
    """The table as Markdown lines, with the run's totals last."""
    lines = ["| paper | rule | jobs | CPU s | share | wall s | longest job s | peak MB |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in (shares if top is None else shares.head(top)).itertuples():
        lines.append(f"| {r.paper} | {r.rule} | {r.jobs} | {r.cpu_seconds:.0f} | {100 * r.cpu_share:.1f} % | "
                     f"{r.wall_seconds:.0f} | {r.longest_job_seconds:.0f} | {r.peak_mb:.0f} |")
    total = shares.agg({"jobs": "sum", "cpu_seconds": "sum", "wall_seconds": "sum",
                        "longest_job_seconds": "max", "peak_mb": "max"})
    lines.append(f"| all | {len(shares)} rules | {total.jobs:.0f} | {total.cpu_seconds:.0f} | 100 % | "
                 f"{total.wall_seconds:.0f} | {total.longest_job_seconds:.0f} | {total.peak_mb:.0f} |")
    return lines


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", help="the run's log folder (logs/)")
    parser.add_argument("scale", help="the scale whose benchmarks to read (paper, quick, full, ...)")
    parser.add_argument("--top", type=int, default=None, help="only the largest rules")
    parser.add_argument("--run-log", help="the run's console log (Snakemake's output)")
    parser.add_argument("--cores", type=int, default=2, help="the run's --cores")
    args = parser.parse_args()
    print("\n".join(markdown(rule_shares(job_measurements(args.logs, args.scale)), args.top)))
    if args.run_log:
        used = busy_cores(job_timeline(Path(args.run_log).read_text(encoding="utf-8")), args.cores)
        wall, share, tail = used["wall_seconds"] / 60, 100 * used["utilisation"], used["tail_seconds"] / 60
        print(f"\nWall {wall:.1f} min; the jobs held {share:.1f} % of {args.cores} cores x wall; "
              f"the last {tail:.1f} min ran with a core idle.")


if __name__ == "__main__":
    main()
