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
from dataclasses import dataclass, field

import numpy as np
import pandas as pd

__all__ = ["ABOUT_SE", "BAND", "QUANTIFIERS", "Claim", "ClaimRegistry", "MissingEvidence", "Quantifier",
           "Reading", "Resamples", "about", "every", "every_case", "informational", "most", "needs",
           "noise_verdict", "nonempty", "number", "quantifier_table", "read_claims", "resample_replicates",
           "significant",
           "sometimes", "tolerance", "within"]

NOT_COMPUTABLE = "not computable at this scale"

#: A claim holding on a share of the resamples strictly inside this band is undecided.
BAND = (0.05, 0.95)

#: The reproduced verdicts: by the resamples' share, or the point verdict where there is no noise.
VERDICTS = ("holds", "fails", "undecided")

#: "about" with no printed difference to bound it: this many combined SE of the compared numbers.
ABOUT_SE = 2.0


class MissingEvidence(KeyError):
    """A check asked for a number the evidence does not hold (e.g. a B outside a short grid)."""


@dataclass(frozen=True)
class Quantifier:
    """How a document's quantifier word reads as a check over the cases its sentence covers.

    The one table of decision 6 (``../shared/spec/README.md``): every paper's claims name one of
    :data:`QUANTIFIERS`, and no claim writes its own count of cases ("more than half") inline.

    Attributes
    ----------
    name : str
        ``every``, ``most``, ``sometimes``, ``about``, ``number``, ``significant`` or ``informational``.
    words : tuple of str
        The document's words read this way.
    asks : str
        What the check asks of the cases, in words (the report's and ``claims.csv``'s).
    """

    name: str
    words: tuple
    asks: str

    def required(self, n_cases):
        """How many of ``n_cases`` cases must hold for the claim to hold; None: no verdict (the
        words only permit, or the check only informs)."""
        if self.name == "most":
            return n_cases // 2 + 1          # more than half
        if self.name in ("sometimes", "informational"):
            return None
        return n_cases                       # every case the sentence covers

    def aggregate(self, cases):
        """``(holds, values, margin)`` of a claim from its cases' ``(holds, values[, margin])``.

        The margin is the smallest margin among the cases the verdict needs: the ``r``-th largest of
        the cases' margins, ``r`` being :meth:`required`; it is positive exactly where enough cases
        hold (for cases whose margin is positive where they hold).
        """
        cases = [tuple(case) for case in cases]
        if not cases:
            raise MissingEvidence("no case")
        n, held = len(cases), sum(bool(np.bool_(case[0])) for case in cases if case[0] is not None)
        judged = [case for case in cases if case[0] is not None]
        need = self.required(len(judged))
        text = "; ".join(str(case[1]) for case in cases)
        if need is None:
            return None, f"{held} of {n} cases: {text}", None
        margins = sorted((float(case[2]) for case in judged if len(case) > 2 and case[2] is not None),
                         reverse=True)
        margin = margins[need - 1] if margins and len(margins) == len(judged) and need >= 1 else None
        if not judged:
            return None, text, None
        # Every case asked: the cases speak for themselves; fewer: how many held of how many asked.
        count = "" if need == len(judged) else f"{held} of {len(judged)} hold, {need} asked: "
        return held >= need, count + text, margin


#: Decision 6's table: the document's words, read by one rule for every paper.
QUANTIFIERS = {q.name: q for q in (
    Quantifier("every", ("every", "all", "always", "never", "in all cases", "consistently", "uniformly",
                         "persistently", "a sentence with no quantifier"),
               "every case the sentence covers"),
    Quantifier("most", ("most", "usually", "generally", "in most cases", "often", "tends to"),
               "more than half of the cases the sentence covers"),
    Quantifier("sometimes", ("sometimes", "may", "can"),
               "nothing of the other cases: the words only permit"),
    Quantifier("about", ("about", "roughly", "close to", "similar", "substantially unchanged",
                         "no significant difference", "comparable", "almost identical"),
               "a difference no larger than the largest the document prints for the same statement "
               f"(where it prints none, {ABOUT_SE:g} combined SE), in every case the sentence covers"),
    Quantifier("number", ("a number the document states (≥ 70 %, within 0.01, 17 of 20)",),
               "the document's number, in every case the sentence covers"),
    Quantifier("significant", ("significant", "significantly"),
               "a test at the document's own level (else 0.05) on our replicates, in every case the "
               "sentence covers"),
    Quantifier("informational", ("no source sentence",),
               "nothing: an informational check, not a claim of the document"),
)}
every, most, sometimes, about, number, significant, informational = (
    QUANTIFIERS[name] for name in ("every", "most", "sometimes", "about", "number", "significant",
                                   "informational"))


def quantifier_table():
    """Decision 6's table as a frame (``quantifier``, ``words``, ``asks``), for the reports."""
    return pd.DataFrame([{"quantifier": q.name, "words": ", ".join(q.words), "asks": q.asks}
                         for q in QUANTIFIERS.values()])


def tolerance(printed=(), combined_se=None):
    """The tolerance of an ``about`` claim and where it comes from: the largest absolute difference
    among ``printed`` (the document's own numbers for the same statement), else ``ABOUT_SE``
    combined SE of the compared numbers. Returns ``(tolerance, source)``."""
    printed = np.abs(np.asarray([p for p in np.ravel(printed) if p is not None and np.isfinite(p)],
                                dtype=float))
    if printed.size:
        return float(printed.max()), f"the largest difference the document prints, {printed.max():.4g}"
    if combined_se is None or not np.isfinite(combined_se):
        raise MissingEvidence("no printed difference and no SE to bound 'about'")
    return ABOUT_SE * float(combined_se), f"{ABOUT_SE:g} combined SE = {ABOUT_SE * combined_se:.4g}"


def within(name, difference, bound, unit=""):
    """One case of an ``about`` claim: ``|difference| ≤ bound``, its margin ``bound − |difference|``."""
    gap = abs(float(difference))
    return gap <= bound + 1e-12, f"{name}: |Δ| = {gap:.4g}{unit} (≤ {bound:.4g})", bound - gap


@dataclass(frozen=True)
class Reading:
    """An earlier reading of a claim, judged beside the current one so that a change is seen: its
    statement, its check and why it changed."""

    statement: str
    check: Callable
    why: str = ""
    quantifier: Quantifier = field(default_factory=lambda: QUANTIFIERS["every"])


@dataclass(frozen=True)
class Claim:
    """One claim: its id, statement and check, the document's sentence it stands for (``quote``, at
    ``place``), the quantifier its words read as, and the earlier reading it replaces, if any.

    ``note`` says what a reader must know of the reading: that the source's numbers contradict its
    words (the claim then follows the numbers), or which cases the sentence covers.
    """

    claim_id: str
    statement: str
    check: Callable
    quote: str = ""
    place: str = ""
    quantifier: Quantifier = field(default_factory=lambda: QUANTIFIERS["every"])
    previous: Reading = None
    note: str = ""

    def evaluate(self, evidence):
        """``(holds, values, margin)`` on one evidence dict; missing evidence gives no verdict, and a
        check that gives no margin a NaN one.

        A check returns ``(holds, values[, margin])`` for a claim of one case, or yields its cases'
        such tuples, which the claim's quantifier aggregates (:meth:`Quantifier.aggregate`).
        """
        try:
            result = self.check(evidence)
            if not isinstance(result, tuple):
                result = self.quantifier.aggregate(result)
            holds, values, *margin = result
        except (MissingEvidence, KeyError, IndexError):
            return None, NOT_COMPUTABLE, np.nan
        if self.quantifier.required(1) is None:
            holds = None           # the words only permit, or the check only informs: no verdict
        margin = float(margin[0]) if margin and margin[0] is not None else np.nan
        return (None if holds is None else bool(np.bool_(holds))), values, margin

    def holds_on(self, evidence):
        """The verdict alone (None without one), for the resamples."""
        return self.evaluate(evidence)[0]

    def previous_claim(self):
        """The earlier reading as a claim of its own (None without one), to judge it beside."""
        if self.previous is None:
            return None
        return Claim(self.claim_id, self.previous.statement, self.previous.check,
                     quantifier=self.previous.quantifier)


class ClaimRegistry:
    """An ordered set of claims; :meth:`claim` registers a check under an id and a statement."""

    def __init__(self):
        self._claims = {}

    def claim(self, claim_id, statement, *, quote="", place="", quantifier=None, previous=None, note=""):
        """Decorator: register the decorated check as claim ``claim_id``; the function is unchanged.

        Parameters
        ----------
        claim_id, statement : str
            The claim's id and what its check asks, in one line.
        quote, place : str
            The document's sentence, quoted exactly, and where it stands (its section).
        quantifier : Quantifier or str, default "every"
            How the quote's words read (:data:`QUANTIFIERS`); a check that yields cases is judged by it.
        previous : Reading or None
            The reading this one replaces, judged beside it so that the report shows the change.
        note : str
            What a reader must know of the reading (the source contradicting itself, the cases covered).
        """
        quantifier = QUANTIFIERS[quantifier] if isinstance(quantifier, str) else quantifier or every

        def register(check):
            if claim_id in self._claims:
                raise ValueError(f"claim {claim_id!r} is registered twice")
            self._claims[claim_id] = Claim(claim_id, statement, check, quote=quote, place=place,
                                           quantifier=quantifier, previous=previous, note=note)
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
            ``claim_id, statement, quote, place, quantifier, note, holds_published,
            values_published, margin_published, holds_reproduced, values_reproduced,
            margin_reproduced, resample_share, verdict_reproduced``, then ``previous_statement``,
            ``previous_why`` and the same verdict columns prefixed ``previous_`` for the earlier
            reading (empty without one): ``resample_share`` is the share of the resamples with a
            verdict on which the claim holds (NaN without resamples) and ``verdict_reproduced`` is
            :func:`noise_verdict` of it (the point verdict where no resample gives one).
        """
        evidences = [resampled(b) for b in range(len(draws))] if resampled is not None else []
        band = draws.band if draws is not None else BAND
        rows = []
        for claim in self:
            row = {"claim_id": claim.claim_id, "statement": claim.statement, "quote": claim.quote,
                   "place": claim.place, "quantifier": claim.quantifier.name, "note": claim.note,
                   **_judged(claim, published, reproduced, evidences, band)}
            previous = claim.previous_claim()
            row["previous_statement"] = "" if previous is None else previous.statement
            row["previous_why"] = "" if previous is None else claim.previous.why
            before = (_judged(previous, published, reproduced, evidences, band) if previous is not None
                      else dict.fromkeys(_JUDGED_COLUMNS))
            row.update({f"previous_{k}": v for k, v in before.items()})
            rows.append(row)
        return rows


#: What :func:`_judged` gives each claim, and, prefixed ``previous_``, its earlier reading.
_JUDGED_COLUMNS = ("holds_published", "values_published", "margin_published", "holds_reproduced",
                   "values_reproduced", "margin_reproduced", "resample_share", "verdict_reproduced")


def _judged(claim, published, reproduced, evidences, band):
    """One claim judged on both sides and on the resamples (the columns :data:`_JUDGED_COLUMNS`)."""
    row = {}
    for label, evidence in (("published", published), ("reproduced", reproduced)):
        holds, values, margin = claim.evaluate(evidence)
        row[f"holds_{label}"], row[f"values_{label}"], row[f"margin_{label}"] = holds, values, margin
    verdicts = [v for v in (claim.holds_on(e) for e in evidences) if v is not None]
    row["resample_share"] = float(np.mean(verdicts)) if verdicts else np.nan
    row["verdict_reproduced"] = noise_verdict(row["holds_reproduced"], row["resample_share"], band)
    return row


#: The columns of a judged claim that hold a verdict (True, False or None: no verdict) or a number
#: (NaN where there is none), each also prefixed ``previous_``; every other column is text.
_VERDICT_COLUMNS = ("holds_published", "holds_reproduced")
_NUMBER_COLUMNS = ("margin_published", "margin_reproduced", "resample_share")


def read_claims(path):
    """The judged claims a step wrote (``claims.csv``: :meth:`ClaimRegistry.judge`'s rows), read back
    as the report reads them: verdicts True, False or None, margins and shares as numbers (NaN where
    empty), every other column as its text (an empty cell an empty string), so that the claims are
    judged once, by the step that writes them."""
    frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    for column in frame.columns:
        name = column.removeprefix("previous_")
        if name in _VERDICT_COLUMNS:
            frame[column] = frame[column].map({"True": True, "False": False, "": None}).astype(object)
        elif name in _NUMBER_COLUMNS:
            frame[column] = pd.to_numeric(frame[column].replace("", np.nan))
    return frame


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
    """Decorator: a check whose cases (``(holds, values[, margin])``, yielded) are judged by
    :data:`every` whatever the claim's quantifier: for an earlier reading, or a part of a check."""
    def checked(evidence):
        return every.aggregate(check(evidence))
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
