"""The chapter's identities (spec zaki-ch22 §5) as the framework's claims.

Each demonstration evaluates the identities its numbers allow and writes them to
``<target>.checks.json`` (:func:`.common.check`); here each identity becomes one claim of a
:class:`~mavl.reproduction.claims.ClaimRegistry`, judged on those results like every other paper's
claims. The chapter prints no numbers for them, so the published side has no verdict.
"""

import pandas as pd

from ...reproduction.claims import ClaimRegistry, needs
from ...reproduction.io import read_json

__all__ = ["NO_NUMBERS", "claims_registry", "judge", "read_checks"]

NO_NUMBERS = "the chapter prints no numbers"


def _verdict(check_id):
    def check(evidence):
        found = evidence[check_id]
        return found["holds"], found["values"]
    return check


def claims_registry(checks):
    """One claim per check (its id and the identity it tests), in the order of their numbers."""
    registry = ClaimRegistry()
    for found in sorted(checks, key=lambda c: int(c["check"].split("-")[1])):
        check = needs(found["check"], NO_NUMBERS)(_verdict(found["check"]))
        registry.claim(found["check"], found["statement"])(check)
    return registry


def judge(checks):
    """The claims frame (``ClaimRegistry.judge`` rows) of the demonstrations' checks."""
    evidence = {found["check"]: found for found in checks}
    return pd.DataFrame(claims_registry(checks).judge({}, evidence))


def read_checks(paths):
    """The checks in the demonstrations' ``<target>.checks.json`` files, in their order."""
    return [found for path in paths for found in read_json(path)]
