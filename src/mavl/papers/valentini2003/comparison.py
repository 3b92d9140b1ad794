"""Valentini (2003)'s published error cells beside their reproduction, in the framework's one standard
(:mod:`mavl.reproduction.comparison`): ``results/valentini2003/comparison.csv``.

The cells are the error cells of Tables 4.2 (average error of the best single SVM), 5.1 and 5.2
(E_SVM and the best ensemble's error; Table 5.2's E_SVM re-prints Table 5.1's runs, so it is marked
``repeat_of``), 6.1 (test errors of Lobag, bagging and the single SVM) and 6.2 (mean OOB errors over
the replicates): 21 + 42 + 42 + 60 + 60 = 225 cells, the Musk rows marked ``substitute`` (the Musk
version 1 stand-in, spec A9) and kept out of the headline.

Uncertainties, each with its source in the CSV:

* reproduced, Tables 4.2/5.1/5.2: the SD over the n training samples (or ensembles) of their test
  errors, over √n (the jobs' ``error_sd`` column); Table 6.2: the SD over the replicates over √(replicates);
  Table 6.1 (one training set 𝒟, nothing replicated inside the cell): by ``options.table_6_1_se``,
  either ``replicate_spread`` (the spread of one 𝒟: the SD over Table 6.2's replicates of the same
  method's test error, combined with the binomial SE on this 𝒯) or ``binomial`` (the binomial SE on
  this 𝒯 alone);
* published: Table 6.2's printed SD over √30 (the thesis's 30 replicates); elsewhere the binomial SE
  of the printed error on the thesis's test set (Table 4.1's sizes), raised by decision 8 (spec
  README) to s_ours/√n_pub where the thesis states its count n_pub and prints no SE
  (``published_replicates``, :data:`PUBLISHED_REPLICATES`): Table 4.2 averages 400 (P2) or 200
  training sets (§4.2.2.1, Table 4.1's ``n_train_sets``), Tables 5.1-5.2 n = 100 ensembles or
  single SVMs (§5.2.1, §5.3.1: "s = 100, n = 100, m = 60"), Table 6.1 one run on one 𝒟 (§6.4.1).

A Table 6.1 cell is one training set on both sides, but only the reproduced SE counts the spread
of one 𝒟. A Table 6.1 miss that agrees once the published cell's own draw of 𝒟 is counted too (the
same measured spread, :func:`one_draw_reason`) carries that measurement as its reason.
"""

import numpy as np
import pandas as pd

from ...reproduction.comparison import agrees, binomial_se, cell_frame
from ...reproduction.loop import Comparison
from .chapter6 import claims as chapter6_claims
from .claims import evidence, judge_claims, read_published
from .settings import DISPLAY, PAPER

__all__ = ["CELL_TABLES", "PUBLISHED_REPLICATES", "TABLE_6_1_SE", "TABLE_6_2_REPLICATES",
           "cell_frame_valentini", "comparison_parts",
           "one_draw_reason", "published_replicates", "row_label", "thesis_test_sizes"]

#: Error columns compared per table: ``(published column, reproduced column, reproduced SE column)``.
CELL_TABLES = {
    "table_4_2": [("avg_error", "avg_error", "avg_error_se")],
    "table_5_1": [("E_SVM", "E_SVM", "E_SVM_se"), ("E_bag", "E_bag", "E_bag_se")],
    "table_5_2": [("E_SVM", "E_SVM", "E_SVM_se"), ("E_agg", "E_agg", "E_agg_se")],
    "table_6_1": [("E_lobag", "E_lobag", None), ("E_bag", "E_bag", None), ("E_single", "E_single", None)],
    "table_6_2": [("E_lobag_mean", "E_lobag_mean", "E_lobag_sd"), ("E_bag_mean", "E_bag_mean", "E_bag_sd"),
                  ("E_SVM_mean", "E_SVM_mean", "E_SVM_sd")],
}
#: Decision 8: how many replicates each published table's mean is over, where the thesis states it and
#: prints no SE. Table 4.2: Table 4.1's ``n_train_sets`` (400 for P2, 200 otherwise; §4.2.2.1 "We
#: produced 400 different training sets for P2 and 200 training sets for Waveform", "we drew 200 data
#: sets from 𝒟"); Tables 5.1-5.2: "s = 100, n = 100, m = 60" (§5.2.1, §5.3.1), the n ensembles (and
#: the single SVMs on their D_i); Table 6.1: one 𝒟 (§6.4.1, "pairs of train 𝒟 and test 𝒯 sets"), a
#: single run. Table 6.2 prints its SD over its 30 replicates, so its SE is the printed one (0 here).
PUBLISHED_REPLICATES = {"table_4_2": "n_train_sets", "table_5_1": 100, "table_5_2": 100, "table_6_1": 1,
                        "table_6_2": 0}
#: Readings of ``options.table_6_1_se`` (see the module docstring).
TABLE_6_1_SE = ("replicate_spread", "binomial")
#: The thesis's Table 6.2 replicates (spec §1.11, §6.2): its SDs over √30 are the published SEs.
TABLE_6_2_REPLICATES = 30
#: Table 4.1's labels → spec ids.
_TABLE_4_1 = {"P2": "p2", "Waveform": "waveform", "Grey-Landsat": "grey_landsat", "Letter": "letter_two",
              "Letter w. noise": "letter_two_noise", "Spam": "spam", "Musk": "musk"}
_BY_LABEL = {label: key for key, label in DISPLAY.items()}
#: Table 6.1's test error of each method in Table 6.2's supplement (``test_<name>_sd``).
_TEST_6_2 = {"E_lobag": "lobag", "E_bag": "bag", "E_single": "single"}
_KERNEL_6_2 = {"Gauss.": "Gaussian", "Polyn.": "Polynomial", "Linear": "Linear"}


def published_replicates(table_4_1):
    """``{table id: {data set id: n_pub}}`` of decision 8 (:data:`PUBLISHED_REPLICATES`)."""
    counts = {_TABLE_4_1[r.dataset]: int(r.n_train_sets) for r in table_4_1.itertuples()}
    return {t: (counts if n == "n_train_sets" else dict.fromkeys(counts, int(n)))
            for t, n in PUBLISHED_REPLICATES.items()}


def thesis_test_sizes(table_4_1):
    """``{data set id: test-set size}`` from the published Table 4.1 (``test_set_size`` column)."""
    return {_TABLE_4_1[r.dataset]: int(r.test_set_size) for r in table_4_1.itertuples()}


def row_label(dataset, kernel):
    """The ``row`` of a cell: the thesis's data set and kernel labels."""
    return f"{dataset}, {kernel}"


def _number(value):
    try:
        return float(value)
    except (TypeError, ValueError):
        return np.nan


def _count(value):
    number = _number(value)
    return int(number) if np.isfinite(number) else 0


def _published_se(table_id, prow, column, n_test):
    if table_id == "table_6_2":
        sd = _number(prow[column.replace("_mean", "_sd")])
        return sd / np.sqrt(TABLE_6_2_REPLICATES), (f"printed SD over the thesis's {TABLE_6_2_REPLICATES} "
                                                    f"replicates / √{TABLE_6_2_REPLICATES}")
    return (float(binomial_se(_number(prow[column]), n_test, percent=False)),
            f"binomial SE of the printed error on the thesis's test set of {n_test} (Table 4.1)")


def _reproduced_se(table_id, column, se_column, ours, spread, table_6_1_se):
    """``(se, n_replicates, source)`` of one reproduced cell."""
    n_test = _count(ours.get("n_test"))
    if table_id == "table_6_1":
        if not n_test:
            return np.nan, 1, "not recorded: no test-set size"
        binom = float(binomial_se(ours[column], n_test, percent=False)) if n_test else np.nan
        sd = spread.get(_TEST_6_2[column], np.nan) if table_6_1_se == "replicate_spread" else np.nan
        if np.isfinite(sd):
            return (float(np.hypot(sd, binom)), 1,
                    f"one training set: SD of this test error over Table 6.2's {spread['n']} replicates "
                    f"(training sets) combined with the binomial SE on 𝒯 = {n_test}")
        return binom, 1, f"binomial SE on 𝒯 = {n_test} (one training set, nothing else varies)"
    if table_id == "table_6_2":
        n = _count(ours.get("n_replicates"))
        sd = _number(ours.get(se_column))
        if not (n and np.isfinite(sd)):
            return np.nan, n, "not recorded: no SD over replicates"
        return sd / np.sqrt(n), n, f"SD over {n} replicates / √{n}"
    n = _count(ours.get("n_samples"))
    se = _number(ours.get(se_column)) if se_column in ours.index else np.nan
    what = "training samples" if table_id == "table_4_2" else "ensembles (single SVMs: their D_i)"
    if not np.isfinite(se):
        return np.nan, n, "not recorded: these jobs kept no error_sd column"
    return se, n, f"SD of the test error over the {n} {what} / √{n}"


def _spread(table_6_2, dataset, kernel):
    """Table 6.2's SDs over replicates of the test errors of one (data set, kernel), with their count."""
    if table_6_2 is None:
        return {}
    label = _KERNEL_6_2.get(kernel, kernel)
    rows = table_6_2[(table_6_2["dataset"] == dataset) & (table_6_2["kernel"] == label)]
    if rows.empty or "test_lobag_sd" not in rows:
        return {}
    r = rows.iloc[0]
    return {"n": int(r["n_replicates"]),
            **{m: _number(r[f"test_{m}_sd"]) for m in ("lobag", "bag", "single")}}


def one_draw_reason(cell, spread_sd, n):
    """The reason of a Table 6.1 miss explained by the published cell's own draw of 𝒟, or "".

    Both sides of a Table 6.1 cell are the test error of one training set, but the published SE is
    the binomial SE on the thesis's 𝒯 alone. Counting the spread of one draw (``spread_sd``: the SD of
    this method's test error over this run's ``n`` Table 6.2 replicates, the reproduced side's own)
    on the published side too gives the SE of a difference of two draws; the cell's reason says so
    where that brings it within the rule's 3 combined SE and the plain rule does not.
    """
    if not np.isfinite(spread_sd):
        return ""
    plain, _ = agrees(cell["published"], cell["reproduced"], cell["published_se"], cell["reproduced_se"])
    both, combined = agrees(cell["published"], cell["reproduced"], np.hypot(cell["published_se"], spread_sd),
                            cell["reproduced_se"])
    if bool(plain) or not bool(both):
        return ""
    return (f"one training set on both sides: with the spread of one 𝒟 ({spread_sd:.4f}, SD over this "
            f"run's {n} Table 6.2 replicates) counted for the published draw too, combined SE "
            f"{float(combined):.4f}, |difference| {abs(cell['published'] - cell['reproduced']):.4f} ≤ 3 SE")


def cell_frame_valentini(published, reproduced, table_4_1, table_6_1_se="replicate_spread"):
    """One row per published error cell (:data:`CELL_TABLES`), not yet judged.

    Parameters
    ----------
    published : dict of DataFrame
        The published tables by id (``resources/published/valentini2003/<id>.csv``).
    reproduced : dict of DataFrame
        The reproduced tables by id (``results/valentini2003/<id>.csv``); a missing table or row
        gives a cell with ``status`` "not run at this scale".
    table_4_1 : DataFrame
        The published Table 4.1 (test-set sizes of the binomial SEs).
    table_6_1_se : {"replicate_spread", "binomial"}
        The reproduced SE of Table 6.1's cells (module docstring).
    """
    if table_6_1_se not in TABLE_6_1_SE:
        raise ValueError(f"table_6_1_se must be one of {TABLE_6_1_SE}; got {table_6_1_se!r}")
    sizes, n_pub = thesis_test_sizes(table_4_1), published_replicates(table_4_1)
    rows = []
    for table_id, columns in CELL_TABLES.items():
        ours_table = reproduced.get(table_id)
        mine = {} if ours_table is None else {
            (r["dataset"], r["kernel"]): r for _, r in ours_table.iterrows()}
        for _, prow in published[table_id].iterrows():
            dataset, kernel = prow["dataset"], prow["kernel"]
            data_set = _BY_LABEL.get(dataset, dataset)
            ours = mine.get((dataset, kernel))
            spread = _spread(reproduced.get("table_6_2"), dataset, kernel) if table_id == "table_6_1" else {}
            for column, rep_column, se_column in columns:
                se, source = _published_se(table_id, prow, column, sizes[data_set])
                cell = {"target": f"{PAPER}/{table_id}", "row": row_label(dataset, kernel), "column": column,
                        "published": _number(prow[column]), "published_se": se, "published_se_source": source,
                        "published_replicates": n_pub[table_id][data_set], "substitute": data_set == "musk"}
                if table_id == "table_5_2" and column == "E_SVM":
                    cell["repeat_of"] = f"{PAPER}/table_5_1/{row_label(dataset, kernel)}/E_SVM"
                if ours is None:
                    cell["status"] = "not run at this scale"
                else:
                    rse, n, rsource = _reproduced_se(table_id, rep_column, se_column, ours, spread,
                                                     table_6_1_se)
                    cell.update(reproduced=_number(ours[rep_column]), reproduced_se=rse, n_replicates=n,
                                reproduced_se_source=rsource,
                                substitute=(str(ours["substitute"]).lower() == "true"
                                            if "substitute" in ours.index else data_set == "musk"))
                    if table_id == "table_6_1" and table_6_1_se == "replicate_spread":
                        cell["reason"] = one_draw_reason(cell, spread.get(_TEST_6_2[column], np.nan),
                                                         spread.get("n", 0))
                rows.append(cell)
    return cell_frame(PAPER, rows)


def comparison_parts(inputs, settings, claims_config):
    """The hook of the framework's comparison (:mod:`mavl.reproduction.loop`): the error cells of
    Tables 4.2-6.2 (:func:`cell_frame_valentini`; ``inputs["published_table_4_1"]`` gives the test
    sizes) and the claims of spec §5 on both sides, judged against the noise of the replicates as
    ``claims_config`` (the workflow config's ``claims``) sets (:func:`.claims.judge_claims`; Q6.3
    and Q6.4 read a tiny case computed here, :func:`.chapter6.claims.unit_evidence`)."""
    numbers, _ = read_published(inputs["published"])
    unit = chapter6_claims.unit_evidence(seed=settings["master_seed"])
    chapter_evidence, tables = evidence(inputs, numbers, unit)
    claims = judge_claims(inputs, settings, claims_config, chapter_evidence)
    cells = cell_frame_valentini(numbers, tables, pd.read_csv(inputs["published_table_4_1"]),
                                 settings["options"]["table_6_1_se"])
    return Comparison(cells, claims)
