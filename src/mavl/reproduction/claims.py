"""A declarative registry of a paper's checkable claims, judged on published and reproduced numbers.

A claim is an id, a one-line statement and a check: a function of the evidence (a dict of tables
or numbers) that returns ``(holds, values)``, ``holds`` being ``True``, ``False`` or ``None`` (no
verdict) and ``values`` a short text of the numbers it read. The same check runs on the published
evidence and on the reproduced one, so a report can say where the paper's own numbers support a
claim and whether ours do::

    CLAIMS = ClaimRegistry()

    @CLAIMS.claim("CL-01", "ECOC beats the tree by at least 10 points")
    def cl01(tables):
        tree, ecoc = tables["L50"].loc["Tree", "B200"], tables["L50"].loc["ECOC", "B200"]
        return tree - ecoc >= 10, f"Tree−ECOC={tree - ecoc:.1f}"

    rows = CLAIMS.judge(published_tables, reproduced_tables)

A check may also return a third item, the claim's *margin*: how far its number lies from the
claim's threshold, in the claim's own unit, positive when the claim holds (``tree − ecoc − 10``
above). Noise is judged on resamples (:class:`Resamples`): the reproduced evidence is rebuilt on
bootstrap draws of the replicates, the same draws for every claim, and a claim that holds on a
share of them inside the undecided band is *undecided*; above it the claim *holds*, below it it
*fails*::

    draws = Resamples(n_resamples=200, seed=1998)
    rows = CLAIMS.judge(published, reproduced, resampled=lambda b: evidence_on(runs, draws, b), draws=draws)
"""

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
import pandas as pd

__all__ = ["BAND", "Claim", "ClaimRegistry", "MissingEvidence", "Resamples", "every_case", "needs",
           "noise_verdict", "nonempty", "resample_replicates"]

NOT_COMPUTABLE = "not computable at this scale"

#: A claim holding on a share of the resamples strictly inside this band is undecided.
BAND = (0.05, 0.95)

#: The reproduced verdicts: by the resamples' share, or the point verdict where there is no noise.
VERDICTS = ("holds", "fails", "undecided")


class MissingEvidence(KeyError):
    """A check asked for a number the evidence does not hold (e.g. a B outside a short grid)."""


@dataclass(frozen=True)
class Claim:
    """One claim: its id, statement and check."""

    claim_id: str
    statement: str
    check: Callable

    def evaluate(self, evidence):
        """``(holds, values, margin)`` on one evidence dict; missing evidence gives no verdict, and a
        check that gives no margin a NaN one."""
        try:
            holds, values, *margin = self.check(evidence)
        except (MissingEvidence, KeyError, IndexError):
            return None, NOT_COMPUTABLE, np.nan
        margin = float(margin[0]) if margin and margin[0] is not None else np.nan
        return (None if holds is None else bool(np.bool_(holds))), values, margin

    def holds_on(self, evidence):
        """The verdict alone (None without one), for the resamples."""
        return self.evaluate(evidence)[0]


class ClaimRegistry:
    """An ordered set of claims; :meth:`claim` registers a check under an id and a statement."""

    def __init__(self):
        self._claims = {}

    def claim(self, claim_id, statement):
        """Decorator: register the decorated check as claim ``claim_id``; the function is unchanged."""
        def register(check):
            if claim_id in self._claims:
                raise ValueError(f"claim {claim_id!r} is registered twice")
            self._claims[claim_id] = Claim(claim_id, statement, check)
            return check
        return register

    def __iter__(self):
        return iter(self._claims.values())

    def __len__(self):
        return len(self._claims)

    def __getitem__(self, claim_id):
        return self._claims[claim_id]

    def judge(self, published, reproduced, resampled=None, draws=None):
        """Every claim on the published and on the reproduced evidence, in registration order.

        Parameters
        ----------
        published, reproduced : dict
            The evidence of each side.
        resampled : callable or None
            ``resampled(b)`` gives the reproduced evidence rebuilt on draw ``b`` of ``draws``, for
            ``b`` in ``range(len(draws))``; None where the reproduced numbers have no replicates
            to resample.
        draws : Resamples or None
            The draws, and the band of shares between which a claim is undecided.

        Returns
        -------
        list of dict
            ``claim_id, statement, holds_published, values_published, margin_published,
            holds_reproduced, values_reproduced, margin_reproduced, resample_share,
            verdict_reproduced``: ``resample_share`` is the share of the resamples with a verdict on
            which the claim holds (NaN without resamples) and ``verdict_reproduced`` is
            :func:`noise_verdict` of it (the point verdict where no resample gives one).
        """
        evidences = [resampled(b) for b in range(len(draws))] if resampled is not None else []
        band = draws.band if draws is not None else BAND
        rows = []
        for claim in self:
            row = {"claim_id": claim.claim_id, "statement": claim.statement}
            for label, evidence in (("published", published), ("reproduced", reproduced)):
                holds, values, margin = claim.evaluate(evidence)
                row[f"holds_{label}"], row[f"values_{label}"], row[f"margin_{label}"] = holds, values, margin
            verdicts = [v for v in (claim.holds_on(e) for e in evidences) if v is not None]
            row["resample_share"] = float(np.mean(verdicts)) if verdicts else np.nan
            row["verdict_reproduced"] = noise_verdict(row["holds_reproduced"], row["resample_share"], band)
            rows.append(row)
        return rows


def needs(key, missing="no numbers published"):
    """Decorator: a check on ``evidence[key]``, with no verdict where that evidence is absent.

    A paper often states a claim without printing the numbers behind it; the published side then
    reads ``missing`` instead of a verdict.
    """
    def wrap(check):
        def checked(evidence):
            return (None, missing) if evidence.get(key) is None else check(evidence)
        checked.__name__, checked.__doc__ = check.__name__, check.__doc__
        return checked
    return wrap


def every_case(check):
    """Decorator: a claim that holds where it holds in every case it names (each data set, say).

    ``check`` yields each case's ``(holds, values)`` or ``(holds, values, margin)``; the claim's values
    are the cases' joined by "; " and its margin the smallest of theirs. A check that yields no case
    has no evidence to judge.
    """
    def checked(evidence):
        cases = list(check(evidence))
        if not cases:
            raise MissingEvidence(f"{check.__name__}: no case")
        margins = [case[2] for case in cases if len(case) > 2]
        return (all(case[0] for case in cases), "; ".join(case[1] for case in cases),
                min(margins) if margins else None)
    checked.__name__, checked.__doc__ = check.__name__, check.__doc__
    return checked


def nonempty(table, what="table rows"):
    """``table`` if it has rows; none (or no table): the claim has no evidence (``what``)."""
    if table is None or len(table) == 0:
        raise MissingEvidence(what)
    return table


def noise_verdict(holds, share, band=BAND):
    """``"holds"``, ``"fails"`` or ``"undecided"`` from the share of resamples on which a claim holds:
    undecided strictly inside ``band``; where there is no share (no replicates to resample), the
    point verdict ``holds``; ``""`` where there is no verdict at all."""
    if share is None or np.isnan(share):
        return "" if holds is None else ("holds" if holds else "fails")
    low, high = band
    if share >= high:
        return "holds"
    if share <= low:
        return "fails"
    return "undecided"


class Resamples:
    """Bootstrap draws of replicate indices, the same for every claim of a paper.

    Draw ``b`` of ``n`` replicates depends only on ``(seed, b, n)``: every experiment with ``n``
    replicates is resampled by the same indices in draw ``b``, so methods that share their
    replicates (the same training sets) stay paired, and a claim's resamples do not depend on which
    other claims or experiments a paper has.

    Parameters
    ----------
    n_resamples : int
    seed : int
        The paper's master seed.
    band : (float, float), default=(0.05, 0.95)
        A claim holding on a share of the draws strictly inside it is undecided.
    """

    def __init__(self, n_resamples, seed, band=BAND):
        self.n_resamples = int(n_resamples)
        self.seed = int(seed)
        self.band = tuple(float(x) for x in band)
        self._cache = {}

    @classmethod
    def from_config(cls, claims, seed):
        """The draws of the workflow config's ``claims`` section (``resamples``, ``undecided``)."""
        return cls(claims["resamples"], seed, claims.get("undecided", BAND))

    def __len__(self):
        return self.n_resamples

    def indices(self, b, n):
        """Draw ``b``: ``n`` replicate indices in ``0..n-1``, drawn with replacement."""
        key = (int(b), int(n))
        if key not in self._cache:
            seq = np.random.SeedSequence([self.seed, _CLAIMS_STREAM, int(n), int(b)])
            self._cache[key] = np.random.default_rng(seq).integers(0, n, size=n)
        return self._cache[key]

    def weights(self, n):
        """Every draw's multiplicities of ``n`` replicates, shape (len(self), n): entry (b, i) counts
        how often draw ``b`` picks replicate ``i`` (the ``weights`` of resampled decompositions)."""
        return np.stack([np.bincount(self.indices(b, n), minlength=n) for b in range(len(self))])


#: Keeps the claims' draws apart from every stream of :mod:`mavl.random`.
_CLAIMS_STREAM = 0x434C41494D


def resample_replicates(frame, column, draws, b, by=None):
    """The rows of ``frame`` under draw ``b`` of its replicates: replicate ``column`` takes the drawn
    values, each drawn replicate's rows repeated as often as it was drawn and relabelled ``0..n-1``.

    ``by`` (columns) groups experiments whose replicate counts may differ; each group is drawn with
    its own count. Replicate values are taken in sorted order, so replicate ``i`` of every group
    with ``n`` replicates is resampled alike.
    """
    groups = [((), frame)] if not by else frame.groupby(by, sort=False, dropna=False)
    parts = []
    for _, rows in groups:
        values = np.sort(rows[column].unique())
        if values.size == 0:
            continue
        picks = values[draws.indices(b, values.size)]
        by_value = {v: g for v, g in rows.groupby(column, sort=False)}
        parts += [by_value[v].assign(**{column: i}) for i, v in enumerate(picks)]
    if not parts:
        return frame.iloc[:0]
    return pd.concat(parts, ignore_index=True)
