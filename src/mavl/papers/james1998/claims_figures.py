"""The checks of James (1998)'s Chapter 4 claims (spec james-ch3-4 §5) and of the Chapter 2 claims
about the figures and the bound (CL-03, CL-04, CL-08 of spec james-ch2 §7), in
:data:`FIGURE_CLAIMS`; :mod:`.claims_theory` registers them after the Chapter 3 claims. Each returns
``(holds, values, margin)`` as those do.
"""

import numpy as np

from ...reproduction.claims import needs

__all__ = ["FIGURE_CLAIMS"]


@needs("margins")
def c4a(e):
    s = e["margins"]["smoothed_test"]
    ok = s[-1] < s[0] - 0.10 and s[19] - s[-1] >= 0.015
    return (bool(ok), f"smoothed te(1) {s[0]:.3f}, te(20) {s[19]:.3f}, te(100) {s[-1]:.3f}",
            min(s[0] - 0.10 - s[-1], s[19] - s[-1] - 0.015))


@needs("margins")
def c4b(e):
    m = e["margins"]
    pred = np.asarray(m["training_prediction"])
    flat = float(pred[19:].max() - pred[19:].min())
    falls, _, falls_margin = c4a(e)
    ok = pred[0] > m["test_error"][0] and flat < 0.005 and falls
    return (bool(ok), f"pred(1) {pred[0]:.3f} vs te(1) {m['test_error'][0]:.3f}; range B≥20 {flat:.4f}",
            min(pred[0] - m["test_error"][0], 0.005 - flat, falls_margin))


@needs("margins")
def c4c(e):
    m = e["margins"]
    rs, rt = m["rss"]["schapire"], m["rss"]["training"]
    ok = rs <= rt + 1e-12 and rs >= 0.4 * rt and m["schapire_prediction"][0] > m["test_error"][0]
    # No margin: the RSS comparison and the over-prediction at B = 1 are in different units.
    return bool(ok), f"RSS Schapire {rs:.4f}, Training {rt:.4f}"


@needs("margins")
def c4d(e):
    m = e["margins"]
    rn, rs = m["rss"]["normal"], m["rss"]["schapire"]
    return bool(rn < 0.5 * rs), f"RSS Normal {rn:.4f}, Schapire {rs:.4f}", 0.5 * rs - rn


@needs("margin_splits")
def c4e(e):
    splits = e["margin_splits"]
    n = len(splits)
    counts = {name: sum(bool(f({"margins": s})[0]) for s in splits)
              for name, f in (("C4a", c4a), ("C4b", c4b), ("C4c", c4c), ("C4d", c4d))}
    normal_beats = sum(s["rss"]["normal"] < s["rss"]["schapire"] for s in splits)
    return None, (", ".join(f"{k} {v}/{n}" for k, v in counts.items())
                  + f"; RSS Normal < Schapire {normal_beats}/{n} (informational)")


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


@needs("figure_2_6", "R² ≈ 0.95 and disagreement < 4 % stated, slope not printed")
def cl04(e):
    f = e["figure_2_6"]
    ok = f["slope"] < 1 and f["r2"] >= 0.90 and f["disagreement"] < 0.04
    # No margin: a slope, an R² and a share of points are three different numbers.
    return bool(ok), (f"slope {f['slope']:.3f}, R² {f['r2']:.3f}, disagreement "
                      f"{100 * f['disagreement']:.1f} %")


@needs("bound", "the published table is the evidence")
def cl08(e):
    b = e["bound"]
    ok = b["printed_mismatches"] == 0
    return bool(ok), (f"printed formula (gap/8) disagrees in {b['printed_mismatches']} of "
                      f"{b['cells']} cells, Hoeffding (gap²/8) in {b['hoeffding_mismatches']}"), (
        -b["printed_mismatches"])   # a count: cells off the formula, none allowed


#: (claim id, statement, check) in the thesis's order, registered by :mod:`.claims_theory`.
FIGURE_CLAIMS = (
    ("C4a", "Figure 4.1: test error falls over B, still after training error reaches 0", c4a),
    ("C4b", "Figure 4.2: the Training Model over-predicts at B = 1 and is flat for B ≥ 20", c4b),
    ("C4c", "Figure 4.3: the Schapire Model is only slightly better than the Training Model", c4c),
    ("C4d", "Figure 4.4: the Normal Model's RSS is under half the Schapire Model's", c4d),
    ("C4e", "Chapter 4 claims across Letter splits (informational)", c4e),
    ("CL-03", "Figures 2.3/2.4: error falls like 1/√B for small B and like 1/B for large B", cl03),
    ("CL-04", "Figure 2.6: Substitution shrinks ECOC's estimates, R² ≥ 0.90, disagreement < 4 %", cl04),
    ("CL-08", "Table 2.2: the published bound follows the printed formula", cl08),
)
