"""Claims Q6.1–Q6.4 of Valentini (2003), chapter 6 (spec valentini2003 §5, "Lobag (F7, F8)").

Evidence is a dict; every key is optional and a claim whose evidence is absent gives no verdict:

* ``"table_6_1"``: Table 6.1 (published CSV, or :func:`.tables.table_6_1`); the reproduced
  one also has ``same_setting`` (α_B = α_L), ``B_min`` and ``oob_vote_error_B``;
* ``"table_6_2"``: Table 6.2 (published CSV, or :func:`.tables.table_6_2`);
* ``"unit"``: :func:`unit_evidence`, the two unit-test claims Q6.3 and Q6.4 computed on a tiny case.

Each claim carries the thesis's sentence (``quote``, at ``place``) and the quantifier its words read
as (spec README, decision 6). Q6.1's counts are the thesis's own ("17 of the 20 cases", …); with
fewer cases (a reduced scale) each keeps its share of 20, rounded up (at most: rounded down).
"""

import math

import numpy as np

from ....ensemble.aggregating import RandomAggregatingClassifier
from ....reproduction.claims import ClaimRegistry, Reading, most, needs, nonempty
from ....svm.grid import rbf_gamma, thesis_svc
from ....svm.lobag import LobagClassifier, select_setting
from .jobs import ensemble_predict, lobag_data, lobag_grid, oob_vote_error

__all__ = ["CLAIMS", "COLLAPSED_PUBLISHED", "unit_evidence"]

CLAIMS = ClaimRegistry()


#: The cases the thesis names as collapsed (α_B = α_L; spec §5, Q6.3), by Table 6.1's labels.
COLLAPSED_PUBLISHED = (("Grey-Landsat", "Linear"), ("Musk", "Linear"))


def _at_least(count, n):
    return math.ceil(count * n / 20)


def _equal(a, b):
    # Printed errors have 4 decimals and computed ones are k/n, so equality is to rounding only.
    return np.isclose(np.asarray(a, float), np.asarray(b, float), rtol=0, atol=1e-9)


@needs("table_6_1")
def _q6_1_before(e):
    t = nonempty(e["table_6_1"], "Table 6.1 rows")
    n = len(t)
    lobag, bag = t["E_lobag"].to_numpy(float), t["E_bag"].to_numpy(float)
    ties = _equal(lobag, bag)
    lower, at_most = int(np.sum((lobag < bag) & ~ties)), int(np.sum((lobag < bag) | ties))
    l_s, b_s = int(np.sum(t["conf_L_S"] <= 0.1)), int(np.sum(t["conf_B_S"] <= 0.1))
    worse = int(np.sum((t["conf_L_B"] <= 0.1) & (lobag > bag) & ~ties))
    need = (_at_least(14, n), _at_least(12, n), _at_least(9, n), math.floor(2 * n / 20))
    holds = at_most >= need[0] and l_s >= need[1] and b_s >= need[2] and worse <= need[3]
    spare = min(at_most - need[0], l_s - need[1], b_s - need[2], need[3] - worse)   # in cases
    return holds, (f"{n} cases: E_lobag < E_bag in {lower}, ties {at_most - lower} (≤ in {at_most}, need ≥ "
                   f"{need[0]}); L/S ≤ 0.1 in {l_s} (≥ {need[1]}); B/S ≤ 0.1 in {b_s} (≥ {need[2]}); Lobag "
                   f"significantly worse in {worse} (≤ {need[3]})"), spare


#: Table 6.1's McNemar level the counts of §6.4.2 use ("rejected at or below the 0.1 significance level").
MCNEMAR_LEVEL = 0.1


@CLAIMS.claim("Q6.1", "Table 6.1 (McNemar at 0.1): L/S significant in ≥ 17 of 20 cases, B/S in ≥ 13; Lobag "
              "significantly better than bagging in ≥ 9, significantly worse in ≤ 1; E_lobag < E_bag in more "
              "than half",
              quote="The null hypothesis that Lobag has the same error rate as a single SVM is rejected at "
                    "or below the 0.1 significance level in 17 of the 20 cases. Similarly, the null "
                    "hypothesis that bagging has the same error rate as a single SVM is rejected at or below "
                    "the 0.1 level in 13 of the 20 cases. Most importantly, Lobag generally outperforms "
                    "standard bagging. Lobag is statistically significantly better than bagging in 9 of the "
                    "20 cases, and significantly inferior only once.",
              place="§6.4.2, Table 6.1", quantifier="number",
              previous=Reading("Table 6.1: E_lobag ≤ E_bag in ≥ 14 of 20 cases; McNemar L/S ≤ 0.1 in ≥ 12; "
                               "B/S ≤ 0.1 in ≥ 9; Lobag significantly worse than bagging (L/B ≤ 0.1, E_lobag "
                               "> E_bag) in ≤ 2", _q6_1_before,
                               why="the thesis states its counts (17, 13, 9 of 20, inferior once): those "
                                   "numbers, not the spec's looser 12, 9 and 2; 'generally outperforms' is "
                                   "more than half the cases with a lower error (ties not counted), not ≥ 14 "
                                   "with ties"),
              note="cases: the 20 (data set, kernel) cases of Table 6.1")
@needs("table_6_1")
def q6_1(e):
    t = nonempty(e["table_6_1"], "Table 6.1 rows")
    n = len(t)
    lobag, bag = t["E_lobag"].to_numpy(float), t["E_bag"].to_numpy(float)
    ties = _equal(lobag, bag)
    lower = (lobag < bag) & ~ties
    l_s, b_s = int(np.sum(t["conf_L_S"] <= MCNEMAR_LEVEL)), int(np.sum(t["conf_B_S"] <= MCNEMAR_LEVEL))
    significant = t["conf_L_B"].to_numpy(float) <= MCNEMAR_LEVEL
    better, worse = int(np.sum(significant & lower)), int(np.sum(significant & (lobag > bag) & ~ties))
    # The thesis's counts of 20, scaled to the cases present.
    need = (_at_least(17, n), _at_least(13, n), _at_least(9, n), math.floor(1 * n / 20))
    generally = most.aggregate([(bool(x), "") for x in lower])[0]
    spare = min(l_s - need[0], b_s - need[1], better - need[2], need[3] - worse)   # in cases
    holds = spare >= 0 and generally
    return holds, (f"{n} cases: L/S ≤ 0.1 in {l_s} (≥ {need[0]}); B/S ≤ 0.1 in {b_s} (≥ {need[1]}); Lobag "
                   f"significantly better in {better} (≥ {need[2]}), worse in {worse} (≤ {need[3]}); E_lobag "
                   f"< E_bag in {int(lower.sum())} (ties {int(ties.sum())})"), spare


@needs("table_6_2")
def _q6_2_before(e):
    t = nonempty(e["table_6_2"], "Table 6.2 rows")
    n = len(t)
    lobag, bag, svm = (t[f"{x}_mean"].to_numpy(float) for x in ("E_lobag", "E_bag", "E_SVM"))
    ordered = ((lobag <= bag) | _equal(lobag, bag)) & ((bag <= svm) | _equal(bag, svm))
    ties = int(np.sum(_equal(lobag, bag)))
    rer_l, rer_b = float(t["rer_L_S"].mean()), float(t["rer_B_S"].mean())
    need = _at_least(18, n)
    holds = int(ordered.sum()) >= need and rer_l > rer_b
    return holds, (f"ordered in {int(ordered.sum())} of {n} (need ≥ {need}; E_lobag = E_bag in {ties}); mean "
                   f"r.e.r. L/S {rer_l:.2f} vs B/S {rer_b:.2f}")


@CLAIMS.claim("Q6.2", "Table 6.2: in every case E_bag < E_SVM and E_lobag < E_SVM, E_lobag ≤ E_bag; mean "
              "r.e.r. L/S > mean r.e.r. B/S",
              quote="all the data sets both bagging and lobag outperform the single SVM, independently of "
                    "the kernel used.",
              place="§6.4.2, Table 6.2; also 'Moreover Lobag compares favorably to bagging. The average "
                    "relative error reduction with respect to single SVMs is about 23 % for lobag and 18 % "
                    "for bagged ensembles of SVMs.'", quantifier="every",
              previous=Reading("Table 6.2: mean OOB errors E_lobag ≤ E_bag ≤ E_SVM in ≥ 18 of 20 cases, and "
                               "mean r.e.r. L/S > mean r.e.r. B/S", _q6_2_before,
                               why="'on all the data sets ... independently of the kernel': every case, not "
                                   "18 of 20; 'outperform' the single SVM is strict"),
              note="cases: the 20 (data set, kernel) cases of Table 6.2; 'compares favorably' without a "
                   "quantifier: E_lobag ≤ E_bag in every case (Musk linear prints a tie)")
@needs("table_6_2")
def q6_2(e):
    t = nonempty(e["table_6_2"], "Table 6.2 rows")
    lobag, bag, svm = (t[f"{x}_mean"].to_numpy(float) for x in ("E_lobag", "E_bag", "E_SVM"))
    labels = [f"{d} {k}" for d, k in zip(t["dataset"] if "dataset" in t else t["data_set"], t["kernel"],
                                          strict=True)]
    for i, label in enumerate(labels):
        tie = bool(_equal(lobag[i], bag[i]))
        margin = min(svm[i] - bag[i], svm[i] - lobag[i], 0.0 if tie else bag[i] - lobag[i])
        ok = svm[i] > bag[i] and svm[i] > lobag[i] and (tie or lobag[i] <= bag[i])
        yield ok, f"{label}: {lobag[i]:.4f} / {bag[i]:.4f} / {svm[i]:.4f}", float(margin)
    rer_l, rer_b = float(t["rer_L_S"].mean()), float(t["rer_B_S"].mean())
    yield rer_l > rer_b, f"mean r.e.r. L/S {rer_l:.2f} vs B/S {rer_b:.2f}", rer_l - rer_b


@CLAIMS.claim("Q6.3", "Lobag collapses to bagging when α_B = α_L: identical predictions, so equal test "
              "errors and McNemar L/B = 1 (published: Grey-Landsat and Musk, linear, Table 6.1)",
              quote="For data sets where the minimum of the bias and loss are achieved for the same learning "
                    "parameters, lobag cannot improve bagging.",
              place="§6.3.3", quantifier="every",
              note="cases: every case with α_B = α_L (published: the two Table 6.1 prints with equal errors)")
@needs("table_6_1")
def q6_3(e):
    t, unit = e["table_6_1"], e.get("unit")
    # The published table gives no settings: its collapsed cases are the ones the thesis names
    # (COLLAPSED_PUBLISHED), never chosen from the errors the claim then checks.
    if "same_setting" in t:
        same, named = t["same_setting"].astype(str).str.lower().isin(["true", "1"]), ""
    else:
        same = [(d, k) in COLLAPSED_PUBLISHED for d, k in zip(t["dataset"], t["kernel"], strict=True)]
        named = " (named by the thesis)"
    rows = t[np.asarray(same, dtype=bool)]
    equal = _equal(rows["E_lobag"], rows["E_bag"])
    holds = bool(np.all(equal) and np.all(rows["conf_L_B"] == 1))
    text = [f"{len(rows)} cases with α_B = α_L{named}: "
            + ", ".join(f"{d} {k} (E_lobag {a:.4f}, E_bag {b:.4f}, L/B {c:g})" for d, k, a, b, c in
                        zip(rows["dataset"], rows["kernel"], rows["E_lobag"], rows["E_bag"], rows["conf_L_B"],
                            strict=True))]
    if unit is not None:
        holds &= unit["identical_predictions"]
        text.append(f"unit test: Lobag, bagging and the fast route agree on {unit['n_test']} points: "
                    f"{unit['identical_predictions']}")
    if rows.empty and unit is None:
        return None, "no case with α_B = α_L"
    return holds, "; ".join(text)


@CLAIMS.claim("Q6.4", "OOB property: bias_α of Evaluate_BV equals the OOB majority-vote error of F_α",
              quote="for a classification problem is the most voted class, that is the class selected by the "
                    "bagged ensemble.",
              place="§6.2.2", quantifier="every",
              note="an identity (the main prediction is the bag's vote): checked to the last bit")
@needs("table_6_1")
def q6_4(e):
    t, unit = e["table_6_1"], e.get("unit")
    if "oob_vote_error_B" not in t and unit is None:
        return None, "no numbers published"
    diffs, text = [], []
    if "oob_vote_error_B" in t:
        diffs.append(float(np.max(np.abs(t["B_min"].to_numpy(float) - t["oob_vote_error_B"].to_numpy(float)),
                                  initial=0.0)))
        text.append(f"Table 6.1 at α_B: max |B_min − OOB vote error| = {diffs[-1]:.2e} over {len(t)} cases")
    if unit is not None:
        diffs.append(unit["oob_max_diff"])
        text.append(f"unit test: {diffs[-1]:.2e} over {unit['n_settings']} settings")
    return max(diffs) <= 1e-12, "; ".join(text)


def unit_evidence(seed=0, B=10, test_cap=200):
    """Q6.3 and Q6.4 computed on a tiny P2 case (raw, RBF, 2 σ × 2 C, B bootstraps).

    Q6.3: on a one-setting grid α_B = α_L, and ``LobagClassifier`` (criterion "bias"), the bag of
    individually tuned SVMs (criterion "loss"), ``RandomAggregatingClassifier`` at that setting
    with the same seed, and the fast route (:func:`.jobs.ensemble_predict`) predict the same.
    Q6.4: |bias_α − OOB vote error of F_α| over every setting of the 2 × 2 grid.

    Returns
    -------
    dict with ``identical_predictions``, ``n_test``, ``oob_max_diff``, ``n_settings``.
    """
    data = lobag_data("p2", "ch6_unit", n_sets=1, replace=False, seed=seed, normalisation="raw",
                      test_cap=test_cap)
    (X, y), X_test = data["sets"][0], data["X_test"]
    grid = lobag_grid(X, y, "rbf", C_grid=[1.0, 100.0], values=[0.5, 20.0], n_estimators=B,
                      random_state=seed)
    diffs = [abs(bias - oob_vote_error(grid["in_bag"][a], grid["predictions"][a], y))
             for a, bias in enumerate(grid["settings"]["bias"])]
    one = lobag_grid(X, y, "rbf", C_grid=[10.0], values=[2.0], n_estimators=B, random_state=seed)
    i_B = select_setting(one["settings"]["bias"], one["settings"]["error"], "bias")
    i_L = select_setting(one["settings"]["bias"], one["settings"]["error"], "loss")
    svc = thesis_svc("rbf", 10.0, 2.0, n_features=X.shape[1])
    params = [{"C": [10.0], "gamma": [rbf_gamma(2.0)]}]
    preds = [ensemble_predict(one, i_B, X_test), ensemble_predict(one, i_L, X_test),
             RandomAggregatingClassifier(svc, n_estimators=B, random_state=seed).fit(X, y).predict(X_test)]
    preds += [LobagClassifier(svc, param_grid=params, n_estimators=B, criterion=c, random_state=seed)
              .fit(X, y).predict(X_test) for c in ("bias", "loss")]
    return {"identical_predictions": bool(i_B == i_L and all(np.array_equal(preds[0], p) for p in preds)),
            "n_test": int(X_test.shape[0]), "oob_max_diff": float(max(diffs)),
            "n_settings": len(diffs)}
