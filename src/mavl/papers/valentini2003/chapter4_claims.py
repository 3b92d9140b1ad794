"""Claims Q4.1–Q4.18 of Valentini (2003), chapter 4 (spec valentini2003 §5), on one ClaimRegistry.

Q4.1–Q4.12 (RBF, P2 surfaces) are in :mod:`.chapter4_claims_rbf`; Q4.13–Q4.18 (polynomial,
dot-product, kernel comparison) are here, and :data:`CLAIMS` holds all eighteen in order.

Evidence is a dict; every key is optional and a claim whose evidence is absent gives no verdict:

* ``"frame"``: the tidy F1–F3 frame of all data sets (:func:`.chapter4.run_family`), reproduced only;
* ``"table_4_2"``: Table 4.2 with the thesis's labels and ``avg_error`` (published, or
  :func:`.chapter4.table_4_2`); the only published numbers most claims could use, so only Q4.18
  has a published verdict and the others read "no numbers published";
* ``"p2_errors"`` and ``"p2_surface"``: F4 (:func:`.p2_surface.run_p2_surface`);
* ``"p2_reference"``: the approximate published P2 errors of Q4.12 (``sigma, C, error``), read from
  the published data file by the caller.

Grid values named by a claim (σ = 0.01, C = 1000, …) are looked up exactly: a reduced grid without
them makes the claim "not computable at this scale". "Constant-classifier error" is the tidy
frame's ``const_error`` (min(p₊, p₋) on 𝒯). Tolerances are the spec's.
"""

import numpy as np

from ...reproduction.claims import ClaimRegistry, MissingEvidence, needs
from .chapter4_claims_rbf import RBF_CLAIMS, curve, grid_C, present, value_at

__all__ = ["CLAIMS"]

_KERNEL_CLAIMS = ClaimRegistry()


@_KERNEL_CLAIMS.claim("Q4.13", "Polynomial, Waveform and Letter-Two, C ∈ {0.1, 50}: error at degree 10 ≥ "
                      "min error over degree + 0.005 (U shape)")
@needs("frame")
def q4_13(e):
    margins, text = [], []
    for data_set in present(e["frame"], "poly", ("waveform", "letter_two")):
        for c in (0.1, 50.0):
            rows = curve(e["frame"], data_set, "poly", "degree", C=c)
            best = rows["error"].idxmin()
            rise = {q: value_at(rows, 10, q) - rows.loc[best, q] for q in ("error", "bias", "var_unbiased")}
            margins.append(rise["error"] - 0.005)
            text.append(f"{data_set} C={c:g}: error +{rise['error']:.3f} (bias {rise['bias']:+.3f}, "
                        f"V_u {rise['var_unbiased']:+.3f})")
    return min(margins) >= 0, "; ".join(text), min(margins)


@_KERNEL_CLAIMS.claim("Q4.14", "Polynomial, Waveform, Letter-Two, Spam: the range of error over degree at "
                      "C = 1000 ≤ its range at C = 0.1 (larger C flattens the U)")
@needs("frame")
def q4_14(e):
    holds, text, margins = True, [], []
    for data_set in present(e["frame"], "poly", ("waveform", "letter_two", "spam")):
        spans = {}
        for c in (0.1, 1000.0):
            rows = curve(e["frame"], data_set, "poly", "degree", C=c)
            spans[c] = (np.ptp(rows["error"]), np.ptp(rows["bias"]))
        holds &= spans[1000.0][0] <= spans[0.1][0]
        margins.append(spans[0.1][0] - spans[1000.0][0])
        text.append(f"{data_set}: {spans[1000.0][0]:.3f} vs {spans[0.1][0]:.3f} (bias range at "
                    f"C=1000 {spans[1000.0][1]:.3f})")
    return holds, "; ".join(text), min(margins)


@_KERNEL_CLAIMS.claim("Q4.15", "Polynomial, P2, C ≥ 1: bias(degree 10) ≤ bias(degree 1) − 0.15 and net "
                      "variance grows with degree")
@needs("frame")
def q4_15(e):
    f, text, holds, margins = e["frame"], [], True, []
    for c in grid_C(f, "p2", "poly", 1):
        rows = curve(f, "p2", "poly", "degree", C=c)
        drop = value_at(rows, 1, "bias") - value_at(rows, 10, "bias")
        rise = value_at(rows, 10, "net_var") - value_at(rows, 1, "net_var")
        holds &= drop >= 0.15 and rise >= 0
        margins.append(min(drop - 0.15, rise))
        text.append(f"C={c:g}: bias −{drop:.3f}, V_n {rise:+.3f}")
    if not text:
        raise MissingEvidence("P2 polynomial, C ≥ 1")
    return holds, "; ".join(text), min(margins)


@_KERNEL_CLAIMS.claim("Q4.16", "Polynomial, Letter-Two: error and bias peak at low C (≤ 0.1) with low degree "
                      "(≤ 2); at the highest degree the error varies less over C than at degree 1")
@needs("frame")
def q4_16(e):
    f = e["frame"]
    rows = f[(f["data_set"] == "letter_two") & (f["kernel"] == "poly")]
    if rows.empty:
        raise MissingEvidence("Letter-Two polynomial")
    peaks = [rows.loc[rows[q].idxmax(), ["C", "degree"]] for q in ("error", "bias")]
    at_peak = all(p["C"] <= 0.1 and p["degree"] <= 2 for p in peaks)
    low, high = (np.ptp(curve(f, "letter_two", "poly", "C", degree=g)["error"])
                 for g in (rows["degree"].min(), rows["degree"].max()))
    return at_peak and high <= low, (f"peaks at (C, degree) {[tuple(p) for p in peaks]}; error range "
                                     f"over C: degree 1 {low:.3f}, top degree {high:.3f}")


@_KERNEL_CLAIMS.claim("Q4.17", "Dot-product: bias(0.01) ≥ bias(1000), V_u(1000) ≥ V_u(0.01), argmin error at "
                      "C ≤ 1, biased variance ≤ 0.06 and nearly flat (range ≤ 0.03); P2 bias ≥ 0.4")
@needs("frame")
def q4_17(e):
    f, holds, text = e["frame"], True, []
    for data_set in present(f, "linear", ("grey_landsat", "letter_two", "letter_two_noise", "spam", "musk")):
        rows = curve(f, data_set, "linear", "C")
        ok = (value_at(rows, 0.01, "bias") >= value_at(rows, 1000.0, "bias")
              and value_at(rows, 1000.0, "var_unbiased") >= value_at(rows, 0.01, "var_unbiased")
              and rows["error"].idxmin() <= 1 and rows["var_biased"].max() <= 0.06
              and np.ptp(rows["var_biased"]) <= 0.03)
        holds &= ok
        text.append(f"{data_set} {'ok' if ok else 'fails'} (best C {rows['error'].idxmin():g})")
    p2_bias = curve(f, "p2", "linear", "C")["bias"].min()
    holds &= p2_bias >= 0.4
    return holds, "; ".join(text) + f"; P2 min bias {p2_bias:.3f}"


@_KERNEL_CLAIMS.claim("Q4.18", "Table 4.2: best RBF ≤ best polynomial and dot-product on P2, Grey-Landsat, "
                      "Letter-Two, Musk; the three within 0.01 on Waveform, Letter-Two with noise, "
                      "Spam; P2 dot-product ≥ 0.4")
@needs("table_4_2")
def q4_18(e):
    t = e["table_4_2"].pivot_table(index="dataset", columns="kernel", values="avg_error")
    rbf_best = [d for d in ("P2", "Grey-Landsat", "Letter-Two", "Musk") if d in t.index]
    close = [d for d in ("Waveform", "Letter-Two with added noise", "Spam") if d in t.index]
    if not rbf_best and not close:
        raise MissingEvidence("Table 4.2 rows")
    leads = {d: float(t.loc[d, ["Poly-SVM", "D-prod SVM"]].min() - t.loc[d, "RBF-SVM"]) for d in rbf_best}
    wins = [d for d, lead in leads.items() if lead >= 0]
    spreads = {d: float(np.ptp(t.loc[d, ["RBF-SVM", "Poly-SVM", "D-prod SVM"]])) for d in close}
    p2_dot = float(t.loc["P2", "D-prod SVM"])
    holds = len(wins) == len(rbf_best) and all(s <= 0.01 for s in spreads.values()) and p2_dot >= 0.4
    # Every part is an error difference: RBF's lead, the spread's room to 0.01, P2's dot-product above 0.4.
    margin = min([*leads.values(), *(0.01 - s for s in spreads.values()), p2_dot - 0.4])
    return holds, (f"RBF best on {len(wins)}/{len(rbf_best)}; spreads "
                   f"{', '.join(f'{d} {s:.4f}' for d, s in spreads.items())}; P2 dot {p2_dot:.4f}"), margin


#: All chapter-4 claims, Q4.1–Q4.18 in order.
CLAIMS = ClaimRegistry()
for _claim in (*RBF_CLAIMS, *_KERNEL_CLAIMS):
    CLAIMS.claim(_claim.claim_id, _claim.statement)(_claim.check)
