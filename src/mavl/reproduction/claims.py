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
"""

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

__all__ = ["Claim", "ClaimRegistry", "MissingEvidence", "needs"]

NOT_COMPUTABLE = "not computable at this scale"


class MissingEvidence(KeyError):
    """A check asked for a number the evidence does not hold (e.g. a B outside a short grid)."""


@dataclass(frozen=True)
class Claim:
    """One claim: its id, statement and check."""

    claim_id: str
    statement: str
    check: Callable

    def evaluate(self, evidence):
        """``(holds, values)`` on one evidence dict; missing evidence gives no verdict."""
        try:
            holds, values = self.check(evidence)
        except (MissingEvidence, KeyError, IndexError):
            return None, NOT_COMPUTABLE
        return (None if holds is None else bool(np.bool_(holds))), values


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

    def judge(self, published, reproduced):
        """Every claim on the published and on the reproduced evidence, in registration order.

        Returns rows (dicts) ``claim_id, statement, holds_published, values_published,
        holds_reproduced, values_reproduced``.
        """
        rows = []
        for claim in self:
            row = {"claim_id": claim.claim_id, "statement": claim.statement}
            for label, evidence in (("published", published), ("reproduced", reproduced)):
                row[f"holds_{label}"], row[f"values_{label}"] = claim.evaluate(evidence)
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
