"""Where a whole run's time and memory go: one row per rule, the largest CPU share first.

Reads the benchmark files and logs of a finished run (``logs/<paper>/bench/<scale>/``, see
:mod:`mavl.reproduction.resources`) and prints a Markdown table: jobs, CPU seconds and their share of
the run's, summed wall seconds, the longest job and the peak memory of the rule's largest job.

    python benchmarks/rule_costs.py logs paper default [--top 25] [--run-log snakemake.log --cores 2]
        [--csv docs/performance/rule_costs.csv]

The main command runs every paper at its ``paper`` scale and Valentini's at ``default``: name both.

With the run's console log, it also says how the run used its cores: the share of cores × wall the
jobs held, and how long the run ended with a core idle (:func:`~mavl.reproduction.resources.busy_cores`).
"""

import argparse
from pathlib import Path

import pandas as pd

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


def table(shares):
    """The table as a frame (the docs' CSV), with the run's totals last."""
    out = shares.assign(cpu_share=(100 * shares["cpu_share"]).round(1))
    out = out.round({"cpu_seconds": 0, "wall_seconds": 0, "longest_job_seconds": 0, "peak_mb": 0})
    total = {"paper": "all", "rule": f"{len(shares)} rules", "jobs": shares["jobs"].sum(),
             "cpu_seconds": round(shares["cpu_seconds"].sum()), "cpu_share": 100.0,
             "wall_seconds": round(shares["wall_seconds"].sum()),
             "longest_job_seconds": round(shares["longest_job_seconds"].max()),
             "peak_mb": round(shares["peak_mb"].max())}
    out = pd.concat([out, pd.DataFrame([total])], ignore_index=True)
    columns = {"paper": "paper", "rule": "rule", "jobs": "jobs", "cpu_seconds": "CPU s",
               "cpu_share": "share %", "wall_seconds": "wall s", "longest_job_seconds": "longest job s",
               "peak_mb": "peak MB"}
    return out[list(columns)].rename(columns=columns).astype({"jobs": int, "CPU s": int, "wall s": int,
                                                              "longest job s": int, "peak MB": int})


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("logs", help="the run's log folder (logs/)")
    parser.add_argument("scales", nargs="+", help="the scales whose benchmarks to read (paper, default, ...)")
    parser.add_argument("--top", type=int, default=None, help="only the largest rules")
    parser.add_argument("--run-log", help="the run's console log (Snakemake's output)")
    parser.add_argument("--cores", type=int, default=2, help="the run's --cores")
    parser.add_argument("--csv", help="also write the whole table here (the docs' copy)")
    args = parser.parse_args()
    shares = rule_shares(pd.concat([job_measurements(args.logs, s) for s in args.scales], ignore_index=True))
    print("\n".join(markdown(shares, args.top)))
    if args.csv:
        table(shares).to_csv(args.csv, index=False)
    if args.run_log:
        used = busy_cores(job_timeline(Path(args.run_log).read_text(encoding="utf-8")), args.cores)
        wall, share, tail = used["wall_seconds"] / 60, 100 * used["utilisation"], used["tail_seconds"] / 60
        print(f"\nWall {wall:.1f} min; the jobs held {share:.1f} % of {args.cores} cores x wall; "
              f"the last {tail:.1f} min ran with a core idle.")


if __name__ == "__main__":
    main()
