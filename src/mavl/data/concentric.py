"""The Concentric Two Class data (spec james-ch2 §2.3, AMB-02).

The thesis shows the data only in its missing Figure 2.7: two classes in the plane, one in the
centre and the other around it. Every reading here draws the angle uniformly and each class's radius
from its own distribution, so the two classes are concentric; they differ in those radii:

* ``radial_uniform`` (the spec's recommended generator): class 0 (centre) radius U(a0, b0), class 1
  (outer) radius U(a1, b1). With the defaults the radial densities overlap on [0.6, 1] with equal
  height, so the Bayes error with equal priors is exactly 20 %.
* ``gaussian_scale``: class 0 N(0, I), class 1 N(0, 9I), the first other candidate spec §2.3 measured
  ("N(0,I) vs N(0,9I)"); the radii are Rayleigh with scale 1 and 3.
* ``gaussian_ring``: class 0 N(0, I), class 1 radius N(3, 1), the spec's "Gaussian ring R~N(3,1)"
  (the spec names only the ring; its centre class N(0, I) is our reading). A negative radius puts
  the point on the opposite side, so with a uniform angle the radius is ``|N(3, 1)|``.

The radii ranges ``inner`` and ``outer`` belong to ``radial_uniform``; the Gaussian readings have
no free parameter.
"""

import numpy as np

__all__ = ["GENERATORS", "bayes_error", "radial_densities", "sample_concentric"]

INNER = (0.0, 1.0)
OUTER = (0.6, 1.6)
#: The readings of AMB-02, in the order spec §2.3 lists them.
GENERATORS = ("radial_uniform", "gaussian_scale", "gaussian_ring")
#: gaussian_scale's two standard deviations, gaussian_ring's centre-class SD and ring (mean, SD).
_SCALE_SD = (1.0, 3.0)
_RING = (1.0, (3.0, 1.0))


def _check(generator):
    if generator not in GENERATORS:
        raise ValueError(f"unknown Concentric generator {generator!r}: one of {', '.join(GENERATORS)}")


def _radii(generator, n, rng, inner, outer):
    if generator == "radial_uniform":
        return rng.uniform(*inner, n), rng.uniform(*outer, n)
    if generator == "gaussian_scale":
        return rng.rayleigh(_SCALE_SD[0], n), rng.rayleigh(_SCALE_SD[1], n)
    centre_sd, (mean, sd) = _RING
    return rng.rayleigh(centre_sd, n), np.abs(rng.normal(mean, sd, n))


def sample_concentric(n_per_class, rng, inner=INNER, outer=OUTER, generator="radial_uniform"):
    """``n_per_class`` points of each class: X of shape (2n, 2), y in {0, 1} (class 0 first).

    ``generator`` is one of :data:`~mavl.data.concentric.GENERATORS`; ``inner`` and ``outer`` are
    the radii ranges of ``radial_uniform`` (ignored by the others).
    """
    _check(generator)
    radius = np.concatenate(_radii(generator, n_per_class, rng, inner, outer))
    angle = rng.uniform(0.0, 2.0 * np.pi, 2 * n_per_class)
    X = np.column_stack([radius * np.cos(angle), radius * np.sin(angle)])
    return X, np.repeat([0, 1], n_per_class)


def radial_densities(generator="radial_uniform", inner=INNER, outer=OUTER):
    """The two classes' densities of the radius, ``(f0, f1)``, each a function of r ≥ 0."""
    from scipy import stats  # here: sampling the data (every James job that reads it) needs no scipy

    _check(generator)
    if generator == "radial_uniform":
        return tuple(stats.uniform(lo, hi - lo).pdf for lo, hi in (inner, outer))
    if generator == "gaussian_scale":
        return stats.rayleigh(scale=_SCALE_SD[0]).pdf, stats.rayleigh(scale=_SCALE_SD[1]).pdf
    centre_sd, (mean, sd) = _RING
    return stats.rayleigh(scale=centre_sd).pdf, stats.foldnorm(mean / sd, scale=sd).pdf


def bayes_error(inner=INNER, outer=OUTER, generator="radial_uniform"):
    """Bayes error with equal priors: ½ ∫ min(f0(r), f1(r)) dr over the radius.

    The angle is uniform for both classes, so the radius carries all the information. Exact for
    ``radial_uniform``; by quadrature for the Gaussian readings.
    """
    _check(generator)
    if generator == "radial_uniform":
        lo, hi = max(inner[0], outer[0]), min(inner[1], outer[1])
        if hi <= lo:
            return 0.0
        height = min(1.0 / (inner[1] - inner[0]), 1.0 / (outer[1] - outer[0]))
        return 0.5 * (hi - lo) * height
    from scipy import integrate

    f0, f1 = radial_densities(generator)
    value, _ = integrate.quad(lambda r: min(f0(r), f1(r)), 0.0, 30.0, points=[1.0, 2.0, 3.0, 4.0],
                              limit=200)
    return 0.5 * value
