"""Valentini (2003)'s full-scale job costs, estimated from the measured default ones.

The full scale has never been run whole, so its rows of ``workflow/resources/job_costs.tsv`` (what
the cluster resources are sized from) are estimates, marked as such in their ``source`` column:

* time: each chapter's jobs scale by the largest full / default ratio the sampled estimate measured
  (``valentini_full_scale_estimate.py``, README: 2.3 for chapter 4, 8.6 for chapter 5, 13.2 for
  chapter 6), times 3.4 for the full scale's libsvm cap of 1e6 iterations instead of 1e5 (chapter
  5's P2 polynomial job, the slowest, took 5 min with the cap and more than 17 without it); the
  derived targets (tables, figures, report) read 5-10 times more rows, so they take 10 times longer;
* memory: 4 times the default's, for kernel blocks of twice as many training points.

Run after a default-scale build has been recorded (``python -m mavl.reproduction.resources logs
default``): ``python benchmarks/valentini_full_scale_costs.py [table]``.
"""

import sys

import pandas as pd

from mavl.reproduction.resources import read_costs, scaled_costs, write_costs

CAP = 3.4
CHAPTER = {"valentini_ch4": 2.3, "valentini_p2_surface": 2.3, "valentini_ch5": 8.6, "valentini_ch6": 13.2,
           "valentini_sensitivity": 2.3}
DERIVED = ("valentini_ch4_targets", "valentini_ch5_targets", "valentini_ch6_targets", "valentini_report",
           "valentini_calibrate_rbf_width")
NOTE = "default x (2.3 ch4, 8.6 ch5, 13.2 ch6) x 3.4 (libsvm cap 1e6), derived x 10; memory x 4"


def main(path="workflow/resources/job_costs.tsv"):
    costs = read_costs(path)
    factors = {rule: ratio * CAP for rule, ratio in CHAPTER.items()} | dict.fromkeys(DERIVED, 10.0)
    full = scaled_costs(costs, "default", "full", factors, 4.0, NOTE)
    full = full[full["rule"].str.startswith("valentini_")]
    write_costs(pd.concat([costs[costs["scale"] != "full"], full], ignore_index=True), path)
    print(f"{len(full)} Valentini rules estimated at the full scale -> {path}")


if __name__ == "__main__":
    main(*sys.argv[1:])
