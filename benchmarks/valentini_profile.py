"""Where a Valentini (2003) job's time goes, and how close it is to its floor (issue 20).

For each chapter and kernel, one job (all the families of that chapter's rule on ``--data-set``)
runs three times in this process at ``--scale`` (full by default, with 1/``--repeat-divisor`` of
its independent repeats, as ``valentini_full_scale_estimate.py`` samples it):

* **today**: the route before this benchmark's changes: every kernel-block SVM fitted through
  ``SVC(kernel="precomputed").fit``, and chapter 5's ensemble prefixes decomposed one
  ``domingos_decomposition`` (and one error SD) per k, chapter 4's settings one per C;
* **optimised**: the workflow's route, libsvm called with ``SVC``'s arguments and no checks
  (:func:`mavl.svm.precomputed.fit_precomputed`), prefixes and Cs decomposed in one batch;
* **profiled**: the optimised route under ``cProfile`` (which slows Python calls, not libsvm), its
  time split into fits (libsvm and its wrapper), kernel blocks, decomposition, votes, and the rest
  (Python loops, indexing, decision-value products, data).

The **floor** is the time spent inside libsvm's ``fit`` alone (timed around each call, in the
optimised run): the bare solves of the same problems with nothing around them. Ratios: today /
optimised (the speed-up) and optimised / floor (what is left around the solves).

Run from the project's root: ``python benchmarks/valentini_profile.py [--scale full]
[--repeat-divisor 20] [--data-set waveform] [--chapters ch4 ch5 ch6]``.
"""

import argparse
import cProfile
import pstats
import time
import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC
from valentini_full_scale_estimate import CHAPTER_FAMILIES, divided, scale_settings

from mavl.bias_variance.domingos import SUMMARY, domingos_decomposition
from mavl.papers.valentini2003.chapter4 import jobs as chapter4
from mavl.papers.valentini2003.chapter4.jobs import classifier_error_sd
from mavl.papers.valentini2003.chapter5 import jobs as chapter5
from mavl.papers.valentini2003.chapter6 import jobs as chapter6
from mavl.papers.valentini2003.families import run_family_job
from mavl.svm import grid, precomputed
from mavl.svm.precomputed import PrecomputedFit

#: Profile categories: functions whose cumulative time is counted (none calls another).
CATEGORIES = {"fits (libsvm and wrapper)": ("fit_precomputed",), "kernel blocks": ("thesis_kernel",),
              "decomposition": ("domingos_summaries", "domingos_decomposition", "oob_bias_variance",
                                "classifier_error_sd"),
              "votes": ("ensemble_votes", "_predict")}


def svc_route(K, y, C, *, tol, max_iter, cache_size):
    """Today's route: the same solve through ``SVC.fit`` (its checks, label encoding, warnings)."""
    svc = SVC(kernel="precomputed", C=float(C), tol=tol, max_iter=max_iter, cache_size=cache_size)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        svc.fit(K, y)
    return PrecomputedFit(svc.classes_, svc.support_, svc.dual_coef_[0], float(svc.intercept_[0]),
                          int(np.max(svc.n_iter_)))


def one_decomposition_per_k(predictions, y_test, *, classes, ties="biased"):
    """Today's decompositions: one table per prefix k (chapter 5) or per C (chapter 4)."""
    return np.array([domingos_decomposition(p, y_test, classes=classes, ties=ties).summary[list(SUMMARY)]
                     .to_numpy() for p in predictions])


def one_error_sd_per_k(predictions, y_test):
    return np.array([classifier_error_sd(p, y_test) for p in predictions])


#: Today's route: the functions each module called before.
TODAY = {chapter4: {"domingos_summaries": one_decomposition_per_k, "classifier_error_sd": one_error_sd_per_k},
         chapter5: {"fit_precomputed": svc_route, "domingos_summaries": one_decomposition_per_k,
                    "classifier_error_sd": one_error_sd_per_k},
         chapter6: {"fit_precomputed": svc_route}, grid: {"fit_precomputed": svc_route}}


class TimedLibsvm:
    """libsvm's module with its ``fit`` timed: the floor."""

    def __init__(self, module):
        self.module, self.seconds, self.calls = module, 0.0, 0
        self.set_verbosity_wrap = module.set_verbosity_wrap

    def fit(self, *args, **kwargs):
        start = time.perf_counter()
        try:
            return self.module.fit(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - start
            self.calls += 1


def run(cfg, chapter, data_set, kernel, today=False):
    """Seconds of one chapter job, by today's route or the optimised one."""
    saved = {(module, name): getattr(module, name) for module, names in TODAY.items() for name in names}
    if today:
        for module, name in saved:
            setattr(module, name, TODAY[module][name])
    try:
        start = time.perf_counter()
        for family in CHAPTER_FAMILIES[chapter]:
            run_family_job(cfg, family, data_set, kernel)
        return time.perf_counter() - start
    finally:
        for (module, name), original in saved.items():
            setattr(module, name, original)


def profile_shares(cfg, chapter, data_set, kernel):
    """Shares of the optimised job's profiled time per :data:`CATEGORIES` (plus wrapper and rest)."""
    profiler = cProfile.Profile()
    profiler.runcall(run, cfg, chapter, data_set, kernel)
    stats = pstats.Stats(profiler).stats
    total = max(ct for (_, _, name), (_, _, _, ct, _) in stats.items() if name == "run")
    shares = {}
    for (path, _, name), (_, _, _, ct, _) in stats.items():
        for category, names in CATEGORIES.items():
            if name in names and "mavl" in path:
                shares[category] = shares.get(category, 0.0) + ct / total
    shares["rest"] = 1.0 - sum(shares.values())
    return shares


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", default="full", choices=["smoke", "default", "full"])
    parser.add_argument("--repeat-divisor", type=int, default=20)
    parser.add_argument("--data-set", default="waveform")
    chapters = list(CHAPTER_FAMILIES)
    parser.add_argument("--chapters", nargs="+", default=chapters, choices=chapters)
    args = parser.parse_args()
    cfg = divided(scale_settings(args.scale), args.repeat_divisor)
    timed = TimedLibsvm(precomputed.libsvm)
    totals = np.zeros(3)
    print(f"scale {args.scale}, 1/{args.repeat_divisor} of the repeats, data set {args.data_set}, seconds "
          "(today: SVC.fit and one decomposition per k; optimised; floor: inside libsvm.fit)")
    for chapter in args.chapters:
        for kernel in cfg["kernels"]:
            if (chapter == "ch6" and kernel in cfg["options"]["lobag_skip"].get(args.data_set, [])):
                continue
            today = run(cfg, chapter, args.data_set, kernel, today=True)
            timed.seconds, timed.calls, precomputed.libsvm = 0.0, 0, timed
            try:
                optimised = run(cfg, chapter, args.data_set, kernel)
            finally:
                precomputed.libsvm = timed.module
            floor, fits = timed.seconds, timed.calls
            totals += today, optimised, floor
            shares = profile_shares(cfg, chapter, args.data_set, kernel)
            split = ", ".join(f"{key} {100 * value:.0f} %" for key, value in
                              sorted(shares.items(), key=lambda item: -item[1]))
            print(f"{chapter} {kernel:>6}: {fits:7d} fits  today {today:7.1f}  optimised {optimised:7.1f}  "
                  f"floor {floor:7.1f}  today/optimised {today / optimised:4.2f}  "
                  f"optimised/floor {optimised / floor:4.2f}\n    profile: {split}", flush=True)
    print(f"all: today {totals[0]:.1f} s, optimised {totals[1]:.1f} s, floor {totals[2]:.1f} s; "
          f"today/optimised {totals[0] / totals[1]:.2f}, optimised/floor {totals[1] / totals[2]:.2f}")


if __name__ == "__main__":
    main()
