"""Estimate the wall time of Valentini (2003)'s full scale on 2 cores from a sample of its jobs.

Reads the job times of a finished default-scale run (``logs/valentini2003/bench/default/``, written by
the ``benchmark:`` of the rules ``valentini_ch4``, ``valentini_ch5``, ``valentini_ch6``). For each
chapter and kernel it takes the job (data set) that was cheapest at the default scale, runs it at
the default and at the full scale in this process, and scales every default job of that chapter
and kernel by the measured full / default ratio. To keep the sample short, its full-scale runs do
1/``--repeat-divisor`` of their independent repeats (chapter 4's samples, chapter 5's ensembles,
Table 6.2's replicates) and their time is multiplied back; Table 6.1's single pair runs whole.
The estimated full-scale jobs are then packed on two cores, longest first, and the default run's
derived targets (tables, figures, report) added.

Run after ``snakemake --cores 2 valentini2003``:
``python benchmarks/valentini_full_scale_estimate.py [--bench-dir DIR] [--derived-seconds S]
[--repeat-divisor D]``.
"""

import argparse
import heapq
import time
from pathlib import Path

import pandas as pd
import yaml

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.families import run_family_job

#: The families each chapter's job runs (rules valentini_ch4, valentini_ch5, valentini_ch6).
CHAPTER_FAMILIES = {"ch4": ["ch4"], "ch5": ["ch5_bag", "ch5_ra"], "ch6": ["ch6_lobag_pair", "ch6_lobag_rep"]}


def scale_settings(scale):
    with open("config.yaml") as handle:
        config = yaml.safe_load(handle)
    config["scale"] = "paper"
    config["valentini2003"]["scale"] = scale
    return settings(config)


def divided(cfg, divisor):
    """``cfg`` with 1/``divisor`` of the independent repeats of chapters 4, 5 and Table 6.2."""
    cfg = {**cfg, "chapter4": dict(cfg["chapter4"]), "chapter5": dict(cfg["chapter5"]),
           "lobag_rep": dict(cfg["lobag_rep"])}
    cfg["chapter4"]["n_samples"] = {d: max(1, n // divisor) for d, n in cfg["chapter4"]["n_samples"].items()}
    cfg["chapter5"]["n_ensembles"] = max(1, cfg["chapter5"]["n_ensembles"] // divisor)
    cfg["lobag_rep"]["replicates"] = max(1, cfg["lobag_rep"]["replicates"] // divisor)
    return cfg


def run_job(cfg, chapter, data_set, kernel, divisor=1):
    """Seconds of one chapter job (all its families) on one data set and kernel, repeats multiplied back."""
    seconds, small = 0.0, divided(cfg, divisor)
    for family in CHAPTER_FAMILIES[chapter]:
        whole = family == "ch6_lobag_pair"   # one 𝒟/𝒯 pair: no repeats to divide
        start = time.perf_counter()
        run_family_job(cfg if whole else small, family, data_set, kernel)
        seconds += (time.perf_counter() - start) * (1 if whole else divisor)
    return seconds


def default_times(bench_dir):
    rows = []
    for path in sorted(Path(bench_dir).glob("ch*/*/*.tsv")):
        rows.append({"chapter": path.parts[-3], "data_set": path.parts[-2], "kernel": path.stem,
                     "default_s": float(pd.read_csv(path, sep="\t")["s"].iloc[0])})
    if not rows:
        raise SystemExit(f"no job times under {bench_dir}: run `snakemake --cores 2 valentini2003` first")
    return pd.DataFrame(rows)


def two_core_wall(seconds):
    """Longest-first packing of the jobs on two cores: the later core's finishing time."""
    cores = [0.0, 0.0]
    for s in sorted(seconds, reverse=True):
        heapq.heappush(cores, heapq.heappop(cores) + s)
    return max(cores)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bench-dir", default="logs/valentini2003/bench/default")
    parser.add_argument("--derived-seconds", type=float, default=0.0,
                        help="wall seconds of the default run's derived targets and report (added once)")
    parser.add_argument("--repeat-divisor", type=int, default=10,
                        help="the sampled full-scale jobs run 1/D of their repeats (1: run them whole)")
    args = parser.parse_args()
    jobs = default_times(args.bench_dir)
    default_cfg, full_cfg = scale_settings("default"), scale_settings("full")
    ratios = []
    for (chapter, kernel), group in jobs.groupby(["chapter", "kernel"], sort=True):
        data_set = group.loc[group["default_s"].idxmin(), "data_set"]
        at_default = run_job(default_cfg, chapter, data_set, kernel)
        at_full = run_job(full_cfg, chapter, data_set, kernel, args.repeat_divisor)
        ratios.append({"chapter": chapter, "kernel": kernel, "sampled": data_set, "default_s": at_default,
                       "full_s": at_full, "ratio": at_full / at_default})
        print(f"{chapter} {kernel:>6} on {data_set:<16} default {at_default:7.1f} s  full {at_full:8.1f} s  "
              f"ratio {at_full / at_default:5.2f}", flush=True)
    ratios = pd.DataFrame(ratios)
    jobs = jobs.merge(ratios[["chapter", "kernel", "ratio"]], on=["chapter", "kernel"])
    jobs["full_s"] = jobs["default_s"] * jobs["ratio"]
    wall_default = two_core_wall(jobs["default_s"]) + args.derived_seconds
    wall_full = two_core_wall(jobs["full_s"]) + args.derived_seconds
    print(jobs.groupby("chapter")[["default_s", "full_s"]].sum().round(0).to_string())
    print(f"{len(jobs)} family jobs: {jobs['default_s'].sum() / 60:.1f} CPU-min at default "
          f"(packed on 2 cores {wall_default / 60:.1f} min), estimated {jobs['full_s'].sum() / 3600:.2f} "
          f"CPU-h at full; estimated full-scale wall time on 2 cores {wall_full / 3600:.2f} h "
          f"(longest job {jobs['full_s'].max() / 60:.0f} min)")


if __name__ == "__main__":
    main()
