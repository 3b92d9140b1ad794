"""Claims of James (1998) Chapters 3 and 4 (spec james-ch3-4 §5) and the Chapter 2 claims about
the figures and the bound (CL-03, CL-04, CL-08 of spec james-ch2 §7): :data:`THEORY_CLAIMS`, in the
thesis's order.

Each claim is a function of a dict of evidence and returns ``(holds, values, margin)``; missing
evidence (a published number the thesis never printed) gives ``None``. The margin is the smallest of
the claim's comparisons, each its number minus its threshold, in the unit of the numbers it compares
(points of the tables, α, RSS, error fractions): positive (≥ 0 for a ``≥``) exactly when every
comparison holds. Claims whose comparisons mix units (C3.4c, C4c, CL-04) give none.
``THEORY_CLAIMS.judge`` runs every claim on the published and on the reproduced evidence
(:func:`.claims_judged.theory_evidence`), and on resamples of the replicates (:mod:`.claims_noise`).
"""

import numpy as np
from scipy.stats import spearmanr

from ...reproduction.claims import ClaimRegistry, needs

__all__ = ["THEORY_CLAIMS"]

THEORY_CLAIMS = ClaimRegistry()


def _row(table, label):
    return table.loc[label]


# --- Table 3.1 -------------------------------------------------------------------------------

@THEORY_CLAIMS.claim("C3.1a", "Table 3.1: LDA has the lowest prediction error")
def c31a(e):
    pe = _row(e["table_3_1"], "Prediction Error")
    return bool(pe.idxmin() == "LDA"), f"lowest PE: {pe.idxmin()} {pe.min():.1f}", _lowest_by(pe, "LDA")


def _lowest_by(values, label):
    """How far ``label``'s value lies below the lowest of the others (positive: it is the lowest)."""
    return float(values.drop(label).min() - values[label])


@THEORY_CLAIMS.claim("C3.1b", "Table 3.1: LDA's Breiman bias and systematic effect are 0, James's bias > 0")
def c31b(e):
    t = e["table_3_1"]["LDA"]
    ok = t["Bias (Breiman)"] <= 0.1 and t["Systematic Effect"] <= 0.1 and t["Bias"] > 0
    return bool(ok), (f"BrBias {t['Bias (Breiman)']:.1f}, SE {t['Systematic Effect']:.1f}, "
                      f"Bias {t['Bias']:.1f}"), min(0.1 - t["Bias (Breiman)"], 0.1 - t["Systematic Effect"],
                                                    t["Bias"])


@THEORY_CLAIMS.claim("C3.1c", "Table 3.1: LDA's Dietterich bias less Bayes error is negative")
def c31c(e):
    v = e["table_3_1"].loc["Bias less Bayes Error", "LDA"]
    return bool(v < 0), f"{v:.1f}", -v


@THEORY_CLAIMS.claim("C3.1d", "Table 3.1: Dietterich bias exceeds Dietterich variance in every column")
def c31d(e):
    t = e["table_3_1"]
    dk, dv = _row(t, "Bias (Dietterich)"), _row(t, "Variance (Dietterich)")
    return (bool((dk > dv).all()), f"min DKbias/DKvar {float((dk / dv.where(dv > 0)).min()):.1f}",
            float((dk - dv).min()))


def _breiman_close(t, skip=(), limit=0.6, skip_limit=None):
    """Whether every column's Breiman rows lie within its limit of SE/VE, the largest gap outside
    ``skip`` and the margin (the smallest limit − gap)."""
    worst, margin = 0.0, np.inf
    ok = True
    for method in t.columns:
        gap = max(abs(t.loc["Bias (Breiman)", method] - t.loc["Systematic Effect", method]),
                  abs(t.loc["Variance (Breiman)", method] - t.loc["Variance Effect", method]))
        bound = skip_limit if method in skip else limit
        ok &= bool(gap <= bound + 1e-9)      # printed one-decimal values: 0.6 must pass 0.6
        margin = min(margin, round(bound - gap, 9) + 0.0)   # as the tolerance: 0.6 − 0.6 is 0, not −1e-16
        worst = max(worst, gap) if method not in skip else worst
    return ok, worst, margin


@THEORY_CLAIMS.claim("C3.1e",
                     "Table 3.1: Breiman's bias/variance within 0.6 of SE/VE; Breiman bias ≤ SE + 0.1")
def c31e(e):
    t = e["table_3_1"]
    close, worst, margin = _breiman_close(t)
    slack = _row(t, "Systematic Effect") + 0.1 - _row(t, "Bias (Breiman)")
    below = bool((slack >= 0).all())
    return (close and below, f"max |Breiman − James| {worst:.1f}; BrBias ≤ SE + 0.1: {below}",
            min(margin, float(slack.min())))


@THEORY_CLAIMS.claim("C3.1f", "Table 3.1: kNN 1→5→11: Variance and VE fall, Bias weakly falls, SE = 0")
def c31f(e):
    t = e["table_3_1"][["1NN", "5NN", "11NN"]]
    var, ve = _row(t, "Variance"), _row(t, "Variance Effect")
    strict = bool(np.all(np.diff(var) < 0) and np.all(np.diff(ve) < 0))
    weak = bool(np.all(np.diff(_row(t, "Bias")) <= 0) and np.all(np.diff(_row(t, "Bias (Dietterich)")) <= 0))
    se_zero = bool((_row(t, "Systematic Effect") <= 0.05).all())
    falls = [-np.diff(_row(t, r)).max() for r in ("Variance", "Variance Effect", "Bias", "Bias (Dietterich)")]
    margin = min(*falls, 0.05 - _row(t, "Systematic Effect").max())
    return strict and weak and se_zero, (f"Var {list(var.round(1))}, VE {list(ve.round(1))}, "
                                         f"Bias {list(_row(t, 'Bias').round(1))}"), margin


@THEORY_CLAIMS.claim("C3.1g",
                     "Table 3.1: ECOC and Bagging have lower Variance, VE, Bias and SE than the tree")
def c31g(e):
    t = e["table_3_1"]
    ok, margin = True, np.inf
    for m in ("ECOC", "Bagging"):
        below = [t.loc[r, "Tree"] - t.loc[r, m] for r in ("Variance", "Variance Effect", "Bias")]
        se_slack = t.loc["Systematic Effect", "Tree"] + 0.3 - t.loc["Systematic Effect", m]
        ok &= min(below) > 0 and se_slack >= 0
        margin = min(margin, *below, se_slack)
    return bool(ok), "; ".join(
        f"{m}: Var {t.loc['Variance', m]:.1f}, VE {t.loc['Variance Effect', m]:.1f}, "
        f"Bias {t.loc['Bias', m]:.1f}, SE {t.loc['Systematic Effect', m]:.1f}"
        for m in ("ECOC", "Bagging", "Tree")), margin


@THEORY_CLAIMS.claim("C3.1h", "Table 3.1: Bias~SE and Variance~VE rank correlations ≥ 0.8")
def c31h(e):
    t = e["table_3_1"]
    r1 = spearmanr(_row(t, "Bias"), _row(t, "Systematic Effect")).statistic
    r2 = spearmanr(_row(t, "Variance"), _row(t, "Variance Effect")).statistic
    return bool(r1 >= 0.8 and r2 >= 0.8), f"Spearman Bias~SE {r1:.2f}, Var~VE {r2:.2f}", min(r1, r2) - 0.8


@THEORY_CLAIMS.claim("C3.1i", "Table 3.1: variance effect positive in every column")
def c31i(e):
    ve = _row(e["table_3_1"], "Variance Effect")
    return bool((ve > 0).all()), f"min VE {ve.min():.1f}", ve.min()


# --- Table 3.2 -------------------------------------------------------------------------------

@THEORY_CLAIMS.claim("C3.2a", "Table 3.2: LDA lowest prediction error, LDA bias ≤ 2")
def c32a(e):
    t = e["table_3_2"]
    pe = _row(t, "Prediction Error")
    return bool(pe.idxmin() == "LDA" and t.loc["Bias", "LDA"] <= 2.0), (
        f"lowest PE {pe.idxmin()} {pe.min():.1f}; LDA Bias {t.loc['Bias', 'LDA']:.1f}"), min(
        _lowest_by(pe, "LDA"), 2.0 - t.loc["Bias", "LDA"])


@THEORY_CLAIMS.claim("C3.2b", "Table 3.2: Breiman's rows within 1.0 of SE/VE (Tree_5 within 5.0)")
def c32b(e):
    ok, worst, margin = _breiman_close(e["table_3_2"], skip=("Tree_5",), limit=1.0, skip_limit=5.0)
    return ok, f"max |Breiman − James| outside Tree_5 {worst:.1f}", margin


@THEORY_CLAIMS.claim("C3.2c", "Table 3.2: Dietterich variance negative in at least one column")
def c32c(e):
    dv = _row(e["table_3_2"], "Variance (Dietterich)")
    neg = list(dv[dv < 0].index)
    return bool(neg), f"negative in {neg}", -dv.min()


@THEORY_CLAIMS.claim("C3.2d", "Table 3.2: variance effect ≥ 0 in every column")
def c32d(e):
    ve = _row(e["table_3_2"], "Variance Effect")
    return bool((ve >= 0).all()), f"min VE {ve.min():.1f}", ve.min()


@THEORY_CLAIMS.claim("C3.2e", "Table 3.2: trees 5→8→13 leaves: Bias, SE and prediction error fall")
def c32e(e):
    t = e["table_3_2"][["Tree_5", "Tree_8", "Tree_13"]]
    dec = {r: bool(np.all(np.diff(_row(t, r)) < 0))
           for r in ("Bias", "Systematic Effect", "Prediction Error", "Variance", "Variance Effect")}
    gate = dec["Bias"] and dec["Systematic Effect"] and dec["Prediction Error"]
    margin = min(-np.diff(_row(t, r)).max() for r in ("Bias", "Systematic Effect", "Prediction Error"))
    return gate, ", ".join(f"{r} {list(_row(t, r).round(1))}" for r in dec) + (
        f"; Variance and VE also decrease: {dec['Variance'] and dec['Variance Effect']} (not gated)"), margin


@THEORY_CLAIMS.claim("C3.2f", "Table 3.2: Tree_5 has the largest Bias, SE, Breiman bias and PE")
def c32f(e):
    t = e["table_3_2"]
    rows = ("Bias", "Systematic Effect", "Bias (Breiman)", "Prediction Error")
    top = {r: _row(t, r).idxmax() for r in rows}
    margin = min(_lowest_by(-_row(t, r), "Tree_5") for r in rows)   # Tree_5 above the largest other
    return all(v == "Tree_5" for v in top.values()), f"largest: {top}", margin


# --- Section 3.4 and Figure 3.1 --------------------------------------------------------------

@THEORY_CLAIMS.claim("C3.4a",
                     "§3.4: Substitution shrinks (α_S < α_T; α_S in [0.30, 0.45], α_T in [0.75, 0.95])")
def c34a(e):
    s = e["sec_3_4"]
    a_s, a_t = s["alpha_S"], s["alpha_T"]
    ok = a_s < a_t and 0.30 <= a_s <= 0.45 and 0.75 <= a_t <= 0.95
    return (bool(ok), f"alpha_S {a_s:.3f}, alpha_T {a_t:.3f}",
            min(a_t - a_s, a_s - 0.30, 0.45 - a_s, a_t - 0.75, 0.95 - a_t))


@THEORY_CLAIMS.claim("C3.4b", "§3.4: Var/α² of Substitution over 3× the tree's")
def c34b(e):
    s = e["sec_3_4"]
    ratio = s["ratio_S"] / s["ratio_T"]
    return bool(ratio > 3), f"(Var/α²)_S ÷ (Var/α²)_T = {ratio:.2f}", ratio - 3


@THEORY_CLAIMS.claim("C3.4c", "§3.4: ρ < γ, γ in [0.17, 0.30], ρ in [0.05, 0.20], B* in [5, 13]")
def c34c(e):
    s = e["sec_3_4"]
    ok = s["rho"] < s["gamma"] and 0.17 <= s["gamma"] <= 0.30 and 0.05 <= s["rho"] <= 0.20
    ok = ok and 5 <= s["b_star"] <= 13
    # No margin: γ and ρ are ratios of variances, B* a number of columns.
    return bool(ok), f"gamma {s['gamma']:.3f}, rho {s['rho']:.3f}, B* {s['b_star']:.2f}"


@THEORY_CLAIMS.claim("C3.4d", "§3.4: Substitution beats the tree near the bound B*")
def c34d(e):
    s = e["sec_3_4"]
    if s.get("b_cross") is None:
        return None, "no crossing published"
    margin = max(2.0, 0.3 * s["b_star"]) - abs(s["b_cross"] - s["b_star"])
    return bool(margin >= 0), f"B_cross {s['b_cross']}, B* {s['b_star']:.2f}", margin


@THEORY_CLAIMS.claim("C3.4e",
                     "Figure 3.1: Substitution falls below the tree; ECOC far worse at B ≤ 10, close "
                     "at B = 100")
@needs("figure_3_1", "no curve published")
def c34e(e):
    curves = e["figure_3_1"]
    sub, ecoc, tree = curves["Substitution"], curves["ECOC"], curves["Tree"]
    bs = sorted(sub)
    monotone = all(sub[b2] <= sub[b1] + 0.5 for b1, b2 in zip(bs, bs[1:], strict=False))
    small = [b for b in bs if b <= 10]
    ok = monotone and sub[bs[-1]] < tree and all(ecoc[b] > sub[b] + 1.5 for b in small)
    ok = ok and abs(ecoc[bs[-1]] - sub[bs[-1]]) <= 1.5
    margin = min(0.5 - max((sub[b2] - sub[b1] for b1, b2 in zip(bs, bs[1:], strict=False)), default=-np.inf),
                 tree - sub[bs[-1]], min((ecoc[b] - sub[b] - 1.5 for b in small), default=np.inf),
                 1.5 - abs(ecoc[bs[-1]] - sub[bs[-1]]))
    return bool(ok), (f"Sub {sub[bs[0]]:.1f}→{sub[bs[-1]]:.1f} (tree {tree:.1f}); ECOC at B={bs[-1]}: "
                      f"{ecoc[bs[-1]]:.1f}; non-increasing within 0.5: {monotone}"), margin


# --- Chapter 4 -------------------------------------------------------------------------------

@THEORY_CLAIMS.claim("C4a", "Figure 4.1: test error falls over B, still after training error reaches 0")
@needs("margins")
def c4a(e):
    s = e["margins"]["smoothed_test"]
    ok = s[-1] < s[0] - 0.10 and s[19] - s[-1] >= 0.015
    return (bool(ok), f"smoothed te(1) {s[0]:.3f}, te(20) {s[19]:.3f}, te(100) {s[-1]:.3f}",
            min(s[0] - 0.10 - s[-1], s[19] - s[-1] - 0.015))


@THEORY_CLAIMS.claim("C4b", "Figure 4.2: the Training Model over-predicts at B = 1 and is flat for B ≥ 20")
@needs("margins")
def c4b(e):
    m = e["margins"]
    pred = np.asarray(m["training_prediction"])
    flat = float(pred[19:].max() - pred[19:].min())
    falls, _, falls_margin = c4a(e)
    ok = pred[0] > m["test_error"][0] and flat < 0.005 and falls
    return (bool(ok), f"pred(1) {pred[0]:.3f} vs te(1) {m['test_error'][0]:.3f}; range B≥20 {flat:.4f}",
            min(pred[0] - m["test_error"][0], 0.005 - flat, falls_margin))


@THEORY_CLAIMS.claim("C4c", "Figure 4.3: the Schapire Model is only slightly better than the Training Model")
@needs("margins")
def c4c(e):
    m = e["margins"]
    rs, rt = m["rss"]["schapire"], m["rss"]["training"]
    ok = rs <= rt + 1e-12 and rs >= 0.4 * rt and m["schapire_prediction"][0] > m["test_error"][0]
    # No margin: the RSS comparison and the over-prediction at B = 1 are in different units.
    return bool(ok), f"RSS Schapire {rs:.4f}, Training {rt:.4f}"


@THEORY_CLAIMS.claim("C4d", "Figure 4.4: the Normal Model's RSS is under half the Schapire Model's")
@needs("margins")
def c4d(e):
    m = e["margins"]
    rn, rs = m["rss"]["normal"], m["rss"]["schapire"]
    return bool(rn < 0.5 * rs), f"RSS Normal {rn:.4f}, Schapire {rs:.4f}", 0.5 * rs - rn


@THEORY_CLAIMS.claim("C4e", "Chapter 4 claims across Letter splits (informational)")
@needs("margin_splits")
def c4e(e):
    splits = e["margin_splits"]
    n = len(splits)
    counts = {name: sum(bool(f({"margins": s})[0]) for s in splits)
              for name, f in (("C4a", c4a), ("C4b", c4b), ("C4c", c4c), ("C4d", c4d))}
    normal_beats = sum(s["rss"]["normal"] < s["rss"]["schapire"] for s in splits)
    return None, (", ".join(f"{k} {v}/{n}" for k, v in counts.items())
                  + f"; RSS Normal < Schapire {normal_beats}/{n} (informational)")


# --- Chapter 2's figures and bound ---------------------------------------------------------

@THEORY_CLAIMS.claim("CL-03", "Figures 2.3/2.4: error falls like 1/√B for small B and like 1/B for large B")
@needs("settling", "asserted in the text, no numbers")
def cl03(e):
    s = e["settling"]
    ok = s["a_sqrt_underpredicts_last_two"] and s["b_inverse_overpredicts_first"]
    ok = ok and s["d_late_drop_small"]
    return bool(ok), (f"(a) {s['a_sqrt_underpredicts_last_two']}, (b) "
                      f"{s['b_inverse_overpredicts_first']}, (c, informational) {s['c_r2_ordering']}, "
                      f"(d) {s['d_late_drop_small']}; group means {s['group_means']}"), _settling_margin(s)


def _settling_margin(s):
    """CL-03's margin in points from the group means and the fits' predictions (JSON keys are text):
    (a) mean − the 1/√B fit at the last two groups, (b) the 1/B fit − mean at the first, (d) a
    quarter of the early drop − the late drop."""
    means = {int(b): v for b, v in s["group_means"].items()}
    sqrt_at = {int(b): v for b, v in s["sqrt_fit_at"].items()}
    groups = sorted(means)
    lo, late, hi = groups[0], groups[-2], groups[-1]
    return min(min(means[b] - v for b, v in sqrt_at.items()), s["inverse_fit_at_first"] - means[lo],
               0.25 * (means[lo] - means[late]) - (means[late] - means[hi]))


@THEORY_CLAIMS.claim("CL-04",
                     "Figure 2.6: Substitution shrinks ECOC's estimates, R² ≥ 0.90, disagreement < 4 %")
@needs("figure_2_6", "R² ≈ 0.95 and disagreement < 4 % stated, slope not printed")
def cl04(e):
    f = e["figure_2_6"]
    ok = f["slope"] < 1 and f["r2"] >= 0.90 and f["disagreement"] < 0.04
    # No margin: a slope, an R² and a share of points are three different numbers.
    return bool(ok), (f"slope {f['slope']:.3f}, R² {f['r2']:.3f}, disagreement "
                      f"{100 * f['disagreement']:.1f} %")


@THEORY_CLAIMS.claim("CL-08", "Table 2.2: the published bound follows the printed formula")
@needs("bound", "the published table is the evidence")
def cl08(e):
    b = e["bound"]
    ok = b["printed_mismatches"] == 0
    return bool(ok), (f"printed formula (gap/8) disagrees in {b['printed_mismatches']} of "
                      f"{b['cells']} cells, Hoeffding (gap²/8) in {b['hoeffding_mismatches']}"), (
        -b["printed_mismatches"])   # a count: cells off the formula, none allowed
