"""The Concentric Two Class data (spec james-ch2 §2.3, AMB-02).

Angles are uniform; class 0 (centre) has radius U(a0, b0), class 1 (outer) radius U(a1, b1).
With the defaults the radial densities overlap on [0.6, 1] with equal height, so the Bayes error
with equal priors is exactly 20 %.
"""

import numpy as np

__all__ = ["bayes_error", "sample_concentric"]

INNER = (0.0, 1.0)
OUTER = (0.6, 1.6)


def sample_concentric(n_per_class, rng, inner=INNER, outer=OUTER):
    """``n_per_class`` points of each class: X of shape (2n, 2), y in {0, 1} (class 0 first)."""
    radius = np.concatenate([rng.uniform(*inner, n_per_class), rng.uniform(*outer, n_per_class)])
    angle = rng.uniform(0.0, 2.0 * np.pi, 2 * n_per_class)
    X = np.column_stack([radius * np.cos(angle), radius * np.sin(angle)])
    return X, np.repeat([0, 1], n_per_class)


def bayes_error(inner=INNER, outer=OUTER):
    """Bayes error with equal priors: ½ ∫ min(f0(r), f1(r)) dr for the two uniform radii."""
    lo, hi = max(inner[0], outer[0]), min(inner[1], outer[1])
    if hi <= lo:
        return 0.0
    height = min(1.0 / (inner[1] - inner[0]), 1.0 / (outer[1] - outer[0]))
    return 0.5 * (hi - lo) * height
