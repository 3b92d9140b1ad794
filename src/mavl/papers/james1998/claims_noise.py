"""James (1998)'s reproduced claim evidence rebuilt on bootstrap draws of its replicates (spec README
decision 4): the same draws (:class:`~mavl.reproduction.claims.Resamples`) for every claim.

What a replicate is, by the evidence the claims read:

* the Chapter 2 error tables (CL-01, CL-02, CL-05 … CL-23): the replicates of each experiment
  (``raw/<experiment>/rep<r>.tsv``, one training set each). Every method of an experiment is fitted
  on the same replicate, so a draw keeps the methods paired;
* Figures 2.3/2.4 (CL-03): the settling splits (``raw/settling/rep<r>.tsv``); a matrix's error is
  its mean over the drawn splits, and the fits and checks are redone on those means;
* Figure 3.1 (C3.4e): the case study's training sets (``raw/case_study/errors.tsv``);
* the Section 3.4 estimators and B* (C3.4a–d) and Figure 2.6 (CL-04): the same training sets. They
  pool the sets (variances over them, means of their probabilities), so the case study job
  recomputes them on each draw (``raw/case_study/draws.tsv``, :func:`.case_study.case_study_on_draws`);
* Tables 3.1 and 3.2 (C3.1a–i, C3.2a–f): the test points. Their prediction counts pool the
  training sets and keep no prediction per set, so the noise left to resample is the test
  sample's, the noise the comparison's SE of those tables measures
  (:func:`.comparison.test_point_se`).

Evidence with no replicates keeps its point verdict, its key being absent from the resampled
evidence: Chapter 4 (C4a–d), one split as the figures show it (C4e counts the splits); Table 2.2
(CL-08), a formula.
"""

from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
import pandas as pd

from ...reproduction.claims import Resamples
from ...reproduction.io import read_results
from .bias_variance_tables import point_table_rows
from .experiments import CONSTANT_METHODS
from .gaussian_study import problem_of
from .settings import experiment_spec
from .settling import fit_settling_curves, settling_claims

__all__ = ["ClaimResamples", "Replicated", "case_study_replicates", "claim_resamples", "claim_resamples_of",
           "counts_by_table",
           "experiment_replicates", "replicates_by_test_point", "settling_replicates"]


@dataclass(frozen=True)
class Replicated:
    """Numbers per replicate: ``values[r]`` is replicate ``r``'s array (replicates in sorted order,
    as :func:`~mavl.reproduction.claims.resample_replicates` takes them); a draw's evidence is the
    mean over the drawn replicates."""

    values: np.ndarray

    def __len__(self):
        return self.values.shape[0]

    def mean(self, indices=None):
        """The mean over ``indices`` (a draw; all replicates when None)."""
        return self.values.mean(axis=0) if indices is None else self.values[indices].mean(axis=0)


def experiment_replicates(results, methods, grid, constant_methods=CONSTANT_METHODS):
    """One experiment's errors per replicate, the rows and columns of its absolute table.

    Parameters
    ----------
    results : DataFrame
        The experiment's long results (columns replicate, method, B, err).
    methods, grid : sequence
        The table's rows and B values; a method of ``constant_methods`` is stored once (B = 1)
        and fills every column, as :func:`~mavl.reproduction.compare.absolute_table` does.

    Returns
    -------
    Replicated
        ``values`` of shape (replicates, methods, B values).
    """
    replicates = np.sort(results["replicate"].unique())
    values = np.full((replicates.size, len(methods), len(grid)), np.nan)
    for i, method in enumerate(methods):
        rows = results[results["method"] == method]
        if method in constant_methods:
            per_rep = rows.groupby("replicate")["err"].mean().reindex(replicates)
            values[:, i, :] = per_rep.to_numpy(dtype=float)[:, None]
        else:
            wide = rows.pivot_table(index="replicate", columns="B", values="err", aggfunc="mean")
            values[:, i, :] = wide.reindex(index=replicates, columns=list(grid)).to_numpy(dtype=float)
    return Replicated(values)


def settling_replicates(frame):
    """Each settling matrix's error per split: ``(Replicated (splits, matrices), keys)`` with the
    matrices' (B, matrix) keys in :func:`.settling.settling_points`'s order."""
    wide = frame.pivot_table(index="replicate", columns=["B", "matrix"], values="err", aggfunc="mean")
    wide = wide.sort_index().sort_index(axis=1)
    return Replicated(wide.to_numpy(dtype=float)), pd.DataFrame(list(wide.columns), columns=["B", "matrix"])


def case_study_replicates(errors):
    """The case study's errors per training set: ``(Replicated (sets, cells), keys)``, one cell per
    (method, B)."""
    wide = errors.pivot_table(index="training_set", columns=["method", "B"], values="err", aggfunc="mean")
    wide = wide.sort_index().sort_index(axis=1)
    return Replicated(wide.to_numpy(dtype=float)), list(wide.columns)


def replicates_by_test_point(problem, count_paths, methods):
    """Tables 3.1/3.2 per test point: ``(Replicated (points, rows, methods), rows)`` in percent, each
    method's counts read from the count file named after it."""
    paths = {Path(p).stem: p for p in count_paths}
    frames = [point_table_rows(problem.q_test, pd.read_csv(paths[m], sep="\t").to_numpy(dtype=float))
              for m in methods]
    rows = list(frames[0].columns)
    return Replicated(100.0 * np.stack([f[rows].to_numpy(dtype=float) for f in frames], axis=2)), rows


@dataclass
class ClaimResamples:
    """The replicates behind James's reproduced claims and the draws they are resampled by.

    :meth:`chapter2` and :meth:`theory` give the evidence of :data:`.claims_ch2.CLAIMS` and
    :data:`.claims_theory.THEORY_CLAIMS` on draw ``b`` (``b=None``: on all replicates, which is the
    reproduced evidence itself); pass them to ``judge(..., resampled=..., draws=self.draws)``.
    Every part is optional: a part absent leaves its claims with their point verdict.
    """

    draws: Resamples
    tables: dict = field(default_factory=dict)         # experiment -> (Replicated, methods, columns)
    settling: tuple | None = None                      # (Replicated, keys, groups)
    case_study: tuple | None = None                    # (Replicated, keys)
    case_study_draws: pd.DataFrame | None = None       # the Section 3.4 estimators, a row per draw
    bias_variance: dict = field(default_factory=dict)  # table -> (Replicated, rows, methods)

    def _indices(self, replicated, b):
        return None if b is None else self.draws.indices(b, len(replicated))

    def chapter2(self, b=None):
        """``{experiment: mean table}`` over draw ``b`` of each experiment's replicates."""
        return {name: pd.DataFrame(rep.mean(self._indices(rep, b)), index=methods, columns=columns)
                for name, (rep, methods, columns) in self.tables.items()}

    def has_theory(self):
        """Whether any theory evidence has replicates to resample."""
        return bool(self.bias_variance) or self.settling is not None or self.case_study is not None \
            or self.case_study_draws is not None

    def theory(self, b=None):
        """The resampled part of the theory evidence: ``table_3_1``, ``table_3_2``, ``settling``,
        ``figure_3_1``, ``sec_3_4`` and ``figure_2_6`` where their replicates were given."""
        out = {target: pd.DataFrame(rep.mean(self._indices(rep, b)), index=rows, columns=methods)
               for target, (rep, rows, methods) in self.bias_variance.items()}
        if self.settling is not None:
            rep, keys, groups = self.settling
            points = keys.assign(err=rep.mean(self._indices(rep, b)))
            out["settling"] = settling_claims(points, fit_settling_curves(points, groups), groups)
        if self.case_study is not None:
            rep, keys = self.case_study
            means = pd.Series(rep.mean(self._indices(rep, b)), index=pd.MultiIndex.from_tuples(keys))
            curves = {m: {int(k): float(v) for k, v in means[m].items()} for m in ("Substitution", "ECOC")}
            curves["Tree"] = float(means["Tree"].iloc[0])
            out["figure_3_1"] = curves
        if self.case_study_draws is not None and b is not None:
            row = self.case_study_draws.iloc[b]
            if np.isfinite(row["alpha_T"]):         # NaN: a draw of one set, no estimate (no verdict)
                out["sec_3_4"] = {**row.drop(["draw", "slope", "r2", "disagreement"]).to_dict(),
                                  "b_cross": None if np.isnan(row["b_cross"]) else int(row["b_cross"])}
            out["figure_2_6"] = {name: float(row[name]) for name in ("slope", "r2", "disagreement")}
        return out


def counts_by_table(config, count_paths):
    """The prediction-count files of each bias/variance table: ``{table: [path, ...]}``."""
    tables = config["bias_variance"]["tables"]
    return {t: [p for p in count_paths if Path(p).parent.name == config["targets"][t]["problem"]
                and Path(p).stem in tables[t]] for t in tables}


def claim_resamples(config, claims, results=(), settling=(), case_study_errors=None, counts=(),
                    case_study_draws=None):
    """Read every replicate the claims' evidence rests on, and the draws.

    Parameters
    ----------
    config : dict
        The paper's settings.
    claims : dict
        The workflow config's ``claims`` section (``resamples``, ``undecided``); the draws are
        seeded by the paper's master seed.
    results : sequence of path
        The Chapter 2 replicate files (``raw/<experiment>/rep<r>.tsv``).
    settling : sequence of path
        The settling splits (``raw/settling/rep<r>.tsv``).
    case_study_errors : path or None
        ``raw/case_study/errors.tsv``.
    counts : sequence of path
        The bias/variance prediction counts (``raw/bias_variance/<problem>/<method>.tsv``).
    case_study_draws : path or None
        ``raw/case_study/draws.tsv``: the Section 3.4 estimators on each draw.
    """
    out = ClaimResamples(Resamples.from_config(claims, config["master_seed"]))
    frame = read_results(results) if len(results) else None
    for info in config["targets"].values():
        if frame is None or info["kind"] != "table":
            continue
        spec = experiment_spec(config, info["experiment"])
        rows = frame[frame["experiment"] == info["experiment"]]
        if rows.empty:
            continue
        out.tables[info["experiment"]] = (experiment_replicates(rows, spec["methods"], spec["grid"]),
                                          list(spec["methods"]), [f"B{b}" for b in spec["grid"]])
    if len(settling):
        rep, keys = settling_replicates(pd.concat([pd.read_csv(p, sep="\t") for p in settling]))
        out.settling = (rep, keys, config["settling"]["groups"])
    if case_study_errors is not None:
        out.case_study = case_study_replicates(pd.read_csv(case_study_errors, sep="\t"))
    if case_study_draws is not None:
        frame = pd.read_csv(case_study_draws, sep="\t")
        if not np.array_equal(frame["draw"], np.arange(len(out.draws))):
            raise ValueError(f"{case_study_draws} holds {len(frame)} draws; the claims ask for "
                             f"{len(out.draws)}: re-run the case study with the config's claims.")
        out.case_study_draws = frame
    for target, paths in counts_by_table(config, list(counts)).items():
        if paths:
            problem = problem_of(config, config["targets"][target]["problem"])
            rep, rows = replicates_by_test_point(problem, paths, config["bias_variance"]["tables"][target])
            out.bias_variance[target] = (rep, rows, list(config["bias_variance"]["tables"][target]))
    return out


def claim_resamples_of(config, claims, inputs):
    """:func:`.claims_noise.claim_resamples` from a rule's named inputs (``results``, ``settling_raw``,
    ``case_study_errors``, ``case_study_draws``, ``counts``)."""
    return claim_resamples(config, claims, results=inputs["results"], settling=inputs["settling_raw"],
                           case_study_errors=inputs["case_study_errors"], counts=inputs["counts"],
                           case_study_draws=inputs.get("case_study_draws"))
