"""Claims Q4.1–Q4.12 of Valentini (2003): single RBF SVMs (F1) and the P2 surfaces (F4), spec §5.

Registered on :data:`RBF_CLAIMS`; :mod:`.chapter4_claims` joins them with Q4.13–Q4.18 into
``CLAIMS`` and describes the evidence dict. Also the lookup helpers both modules use.
"""

import numpy as np
from scipy.stats import spearmanr

from ...reproduction.claims import ClaimRegistry, MissingEvidence, needs
from .frame_rows import rows_where

__all__ = ["RBF_CLAIMS", "curve", "present", "grid_C", "value_at"]

RBF_CLAIMS = ClaimRegistry()


def curve(frame, data_set, kernel, x_axis, **fixed):
    """One curve of the tidy frame indexed by ``x_axis`` (fixed values matched exactly)."""
    rows = rows_where(frame, data_set=data_set, kernel=kernel)
    for name, value in fixed.items():
        rows = rows[np.isclose(rows[name], value)]
    if rows.empty:
        raise MissingEvidence(f"{data_set}, {kernel}, {fixed}")
    return rows.sort_values(x_axis).set_index(x_axis)


def value_at(rows, x, column):
    """``column`` of a :func:`curve` at grid value ``x``."""
    hit = np.flatnonzero(np.isclose(rows.index.to_numpy(float), x))
    if hit.size == 0:
        raise MissingEvidence(f"{rows.index.name} = {x}")
    return float(rows[column].iloc[hit[0]])


def present(frame, kernel, data_sets):
    """The data sets among ``data_sets`` computed with ``kernel`` (none: missing evidence)."""
    found = [d for d in data_sets if len(rows_where(frame, data_set=d, kernel=kernel))]
    if not found:
        raise MissingEvidence(f"{kernel} on {data_sets}")
    return found


def grid_C(frame, data_set, kernel, low=-np.inf, high=np.inf):
    """The computed C values of one (data set, kernel) within [low, high]."""
    values = sorted(rows_where(frame, data_set=data_set, kernel=kernel)["C"].unique())
    return [c for c in values if low <= c <= high]


def _sigma_crit(rows):
    first, best = value_at(rows, 0.01, "error"), rows["error"].min()
    return float(rows.index[np.argmax(rows["error"].to_numpy() < (first + best) / 2)])


@RBF_CLAIMS.claim("Q4.1", "RBF, C ≥ 1, σ = 0.01: error ≥ 0.9 × constant-classifier error (or ≥ 0.45) and "
                  "|net variance| ≤ 0.03 on every data set")
@needs("frame")
def q4_1(e):
    f = e["frame"]
    rows = f[(f["kernel"] == "rbf") & np.isclose(f["sigma"], 0.01) & (f["C"] >= 1)]
    if rows.empty:
        raise MissingEvidence("σ = 0.01")
    # Per (data set, C), in error units: the looser of the two error floors, and |V_n|'s room to 0.03.
    floor = np.maximum(rows["error"] - 0.9 * rows["const_error"], rows["error"] - 0.45)
    room = 0.03 - rows["net_var"].abs()
    ok = (floor >= 0) & (room >= 0)
    return ok.all(), (f"{int(ok.sum())}/{ok.size} (data set, C) hold; min error/const "
                      f"{(rows['error'] / rows['const_error']).min():.2f}, max |V_n| "
                      f"{rows['net_var'].abs().max():.3f}"), float(np.minimum(floor, room).min())


@RBF_CLAIMS.claim("Q4.2", "RBF: σ_crit(C = 0.1) ≥ σ_crit(1) ≥ σ_crit(10) on Grey-Landsat and Letter-Two "
                  "(higher C moves the critical σ down)")
@needs("frame")
def q4_2(e):
    holds, text = True, []
    for data_set in present(e["frame"], "rbf", ("grey_landsat", "letter_two")):
        crit = [_sigma_crit(curve(e["frame"], data_set, "rbf", "sigma", C=c)) for c in (0.1, 1.0, 10.0)]
        holds &= crit[0] >= crit[1] >= crit[2]
        text.append(f"{data_set}: " + " / ".join(f"{s:g}" for s in crit))
    return holds, "σ_crit(0.1 / 1 / 10): " + "; ".join(text)


def _wave(rows):
    """The margin of one curve's wave shape (≥ 0: rises then falls), in units of net variance."""
    vn = rows["net_var"]
    return min(vn.max() - value_at(rows, 0.01, "net_var") - 0.005, vn.max() - 0.003 - vn.iloc[-1])


@RBF_CLAIMS.claim("Q4.3", "RBF, Grey-Landsat, every C ≥ 1: net variance rises then falls along σ (interior "
                  "maximum: max ≥ V_n(0.01) + 0.005, V_n(σ_max) ≤ max − 0.003); most other sets too")
@needs("frame")
def q4_3(e):
    f = e["frame"]
    margins = [_wave(curve(f, "grey_landsat", "rbf", "sigma", C=c))
               for c in grid_C(f, "grey_landsat", "rbf", 1)]
    if not margins:
        raise MissingEvidence("Grey-Landsat, C ≥ 1")
    grey = [m >= 0 for m in margins]
    others = [_wave(curve(f, d, "rbf", "sigma", C=c)) >= 0
              for d in sorted(set(f["data_set"]) - {"grey_landsat"}) for c in grid_C(f, d, "rbf", 1)]
    text = f"Grey-Landsat {sum(grey)}/{len(grey)} C values; other sets {sum(others)}/{len(others)}"
    return all(grey), text, min(margins)


@RBF_CLAIMS.claim("Q4.4", "RBF, C ≥ 10: error(σ = 1000) ≤ min error + 0.03 on Grey-Landsat, Letter-Two, "
                  "Waveform, Spam; Grey-Landsat C = 0.1: error(1000) ≥ min + 0.05")
@needs("frame")
def q4_4(e):
    f, gaps = e["frame"], []
    for data_set in present(f, "rbf", ("grey_landsat", "letter_two", "waveform", "spam")):
        for c in grid_C(f, data_set, "rbf", 10):
            rows = curve(f, data_set, "rbf", "sigma", C=c)
            gaps.append(value_at(rows, 1000.0, "error") - rows["error"].min())
    low = curve(f, "grey_landsat", "rbf", "sigma", C=0.1)
    low_gap = value_at(low, 1000.0, "error") - low["error"].min()
    if not gaps:
        raise MissingEvidence("C ≥ 10")
    return max(gaps) <= 0.03 and low_gap >= 0.05, \
        f"largest gap at C ≥ 10: {max(gaps):.3f} ({len(gaps)} curves); Grey-Landsat C = 0.1: {low_gap:.3f}", \
        min(0.03 - max(gaps), low_gap - 0.05)


@RBF_CLAIMS.claim("Q4.5", "RBF, P2: at C = 1 error and bias at σ = 1000 exceed their minima by ≥ 0.1; "
                  "the error increase is smaller at C = 1000")
@needs("frame")
def q4_5(e):
    rise = {}
    for c in (1.0, 1000.0):
        rows = curve(e["frame"], "p2", "rbf", "sigma", C=c)
        rise[c] = [value_at(rows, 1000.0, q) - rows[q].min() for q in ("error", "bias")]
    holds = min(rise[1.0]) >= 0.1 and rise[1000.0][0] < rise[1.0][0]
    return holds, (f"C = 1: error +{rise[1.0][0]:.3f}, bias +{rise[1.0][1]:.3f}; "
                   f"C = 1000: error +{rise[1000.0][0]:.3f}"), min(min(rise[1.0]) - 0.1,
                                                                  rise[1.0][0] - rise[1000.0][0])


@RBF_CLAIMS.claim("Q4.6", "RBF, Musk2, C = 1000: unbiased variance grows with σ over [10, 1000], bias "
                  "changes ≤ 0.02; no wave shape for C > 10")
def q4_6(e):
    return None, "skipped: needs Musk version 2, unavailable (Musk1 substitute; spec §2.7, A9)"


@RBF_CLAIMS.claim("Q4.7", "RBF, Letter-Two, σ ∈ {1, 5, 20, 100}: range of error over C ∈ [1, 1000] ≤ 0.25 × "
                  "range of error over σ at C = 1")
@needs("frame")
def q4_7(e):
    ref = curve(e["frame"], "letter_two", "rbf", "sigma", C=1.0)["error"]
    ranges = {}
    for s in (1.0, 5.0, 20.0, 100.0):
        rows = curve(e["frame"], "letter_two", "rbf", "C", sigma=s)
        err = rows.loc[(rows.index >= 1) & (rows.index <= 1000), "error"]
        ranges[s] = err.max() - err.min()
    limit = 0.25 * (ref.max() - ref.min())
    return max(ranges.values()) <= limit, \
        f"ranges over C: {', '.join(f'σ={s:g} {r:.3f}' for s, r in ranges.items())}; limit {limit:.3f}", \
        limit - max(ranges.values())


@RBF_CLAIMS.claim("Q4.8", "RBF, Grey-Landsat, C = 0.01: error ≥ 0.9 × constant-classifier error for all σ")
@needs("frame")
def q4_8(e):
    rows = curve(e["frame"], "grey_landsat", "rbf", "sigma", C=0.01)
    ratio = (rows["error"] / rows["const_error"]).min()
    return ratio >= 0.9, f"min error/const {ratio:.3f} over {len(rows)} σ", ratio - 0.9


@RBF_CLAIMS.claim("Q4.9", "RBF, Letter-Two and Grey-Landsat: at σ = 0.01 (C ≥ 1) training error ≤ 0.02 and "
                  "SV fraction/2 ≥ 0.45; at C = 1 SV/2 follows the error (Spearman ≥ 0.7)")
@needs("frame")
def q4_9(e):
    f, holds, text = e["frame"], True, []
    for data_set in present(f, "rbf", ("letter_two", "grey_landsat")):
        rows = f[(f["data_set"] == data_set) & (f["kernel"] == "rbf") & np.isclose(f["sigma"], 0.01)
                 & (f["C"] >= 1)]
        if rows.empty or rows["sv_frac_half"].isna().all():
            raise MissingEvidence(f"{data_set}: capacity at σ = 0.01")
        ok = bool(((rows["train_error"] <= 0.02) & (rows["sv_frac_half"] >= 0.45)).all())
        c1 = curve(f, data_set, "rbf", "sigma", C=1.0)
        rho = float(spearmanr(c1["sv_frac_half"], c1["error"]).statistic)
        holds &= ok and rho >= 0.7
        text.append(f"{data_set}: σ=0.01 {'ok' if ok else 'fails'} (max train error "
                    f"{rows['train_error'].max():.3f}, min SV/2 {rows['sv_frac_half'].min():.2f}), "
                    f"ρ = {rho:.2f}")
    return holds, "; ".join(text)


@RBF_CLAIMS.claim("Q4.10", "RBF (informational): the σ minimising the VC estimate differs from the σ "
                  "minimising the error by ≥ 1 grid step in at least one panel of Figs 4.13–4.14")
@needs("frame")
def q4_10(e):
    f, steps = e["frame"], []
    for data_set in present(f, "rbf", ("letter_two", "grey_landsat")):
        for c in (1.0, 10.0, 100.0, 1000.0):
            rows = curve(f, data_set, "rbf", "sigma", C=c).reset_index()
            if rows["vc_est"].isna().all():
                raise MissingEvidence(f"{data_set}: VC estimate")
            steps.append(abs(int(rows["vc_est"].idxmin()) - int(rows["error"].idxmin())))
    return max(steps) >= 1, f"grid steps between the argmins: {steps}", max(steps) - 1


@RBF_CLAIMS.claim("Q4.11", "RBF, C = 10: on most data sets (≥ 4 of 7) the argmins over σ of error, bias "
                  "and net variance are not all equal")
@needs("frame")
def q4_11(e):
    f = e["frame"]
    differ = []
    for data_set in sorted(f.loc[f["kernel"] == "rbf", "data_set"].unique()):
        rows = curve(f, data_set, "rbf", "sigma", C=10.0)
        differ.append(len({rows[q].idxmin() for q in ("error", "bias", "net_var")}) > 1)
    need = int(np.ceil(4 / 7 * len(differ)))
    return sum(differ) >= need, f"{sum(differ)} of {len(differ)} data sets (need {need})", sum(differ) - need


@RBF_CLAIMS.claim("Q4.12", "P2, one training set: test errors within ±0.07 of the thesis's (σ, C) values; "
                  "at σ = 0.01, C = 1 the median |f| on the grid is < 10 % of its maximum")
@needs("p2_errors")
def q4_12(e):
    ours, ref = e["p2_errors"], e.get("p2_reference")
    text, holds = [], True
    if ref is not None:
        both = ours.merge(ref, on=["sigma", "C"], suffixes=("", "_thesis"))
        gap = (both["error"] - both["error_thesis"]).abs()
        holds &= bool(len(both)) and gap.max() <= 0.07
        text.append(f"max |error − thesis| {gap.max():.3f} over {len(both)} pairs")
    surface = e.get("p2_surface")
    if surface is None and ref is None:
        raise MissingEvidence("p2_reference and p2_surface")
    if surface is not None:
        f = surface.loc[np.isclose(surface["sigma"], 0.01) & np.isclose(surface["C"], 1.0), "f"].abs()
        if f.empty:
            raise MissingEvidence("surface at σ = 0.01, C = 1")
        holds &= f.median() < 0.1 * f.max()
        text.append(f"median |f| / max |f| = {f.median() / f.max():.3f}")
    return holds, "; ".join(text)
