"""The claims of Valentini (2003) (spec §5: Q4.x, Q5.x, Q6.x), each judged by the same code on the
thesis's printed tables and on the reproduced results, and against noise on bootstrap draws of the
replicates (:mod:`.claims_noise`).

The registries are the chapters' (:mod:`.chapter4.claims`, :mod:`.chapter5.claims`,
:mod:`.chapter6.claims`); this module gathers their evidence from the rule's named inputs and judges
them once, in the comparison step.
"""

from pathlib import Path

import pandas as pd

from .chapter4 import claims as chapter4_claims
from .chapter5 import claims as chapter5_claims
from .chapter6 import claims as chapter6_claims
from .claims_noise import CH4_KEYS, draws_for, resampled_evidence, with_spread

__all__ = ["CHAPTERS", "PUBLISHED", "evidence", "judge", "judge_claims", "read_jobs", "read_published"]

#: The published tables whose cells are compared and whose numbers the claims read.
PUBLISHED = ("table_4_2", "table_5_1", "table_5_2", "table_6_1", "table_6_2")
#: Each chapter's claims: its title in the report and its registry.
CHAPTERS = {"4": ("Chapter 4: single SVMs", chapter4_claims.CLAIMS),
            "5": ("Chapter 5: bagged and random-aggregated SVMs", chapter5_claims.CLAIMS),
            "6": ("Chapter 6: Lobag", chapter6_claims.CLAIMS)}


def _each(paths):
    return [pd.read_csv(p, sep="\t") for p in paths]


def read_jobs(paths):
    """The jobs' frames (tab-separated) as one frame."""
    # copy(): one block per dtype (the concatenation leaves one per column), see claims_noise.
    return pd.concat(_each(paths), ignore_index=True).copy()


def read_published(paths):
    """The published tables by name, as numbers (for the claims) and as printed strings (for display)."""
    named = {Path(p).stem: p for p in paths}
    numbers = {t: pd.read_csv(named[t]) for t in PUBLISHED}
    printed = {t: pd.read_csv(named[t], dtype=str, keep_default_na=False) for t in PUBLISHED}
    return numbers, printed


def evidence(inputs, published, unit=None):
    """``{chapter: (published evidence, reproduced evidence)}`` in the shape each registry documents,
    and the reproduced tables by name."""
    tables = {t: pd.read_csv(inputs[t]) for t in PUBLISHED}
    reproduced = {
        "4": {"frame": read_jobs(inputs["ch4"]), "table_4_2": tables["table_4_2"],
              "p2_errors": pd.read_csv(inputs["p2_errors"], sep="\t"),
              "p2_surface": pd.read_csv(inputs["p2_surface"], sep="\t") if inputs.get("p2_surface") else None,
              # Q4.12's approximate P2 errors, read off the thesis's Figs 4.8-4.12 (spec §5, Q4.12).
              "p2_reference": pd.read_csv(inputs["p2_reference"]).astype(float)},
        "5": {"bag": tables["table_5_1"], "agg": tables["table_5_2"], "frame": read_jobs(inputs["ch5"])},
        "6": {"table_6_1": tables["table_6_1"], "table_6_2": tables["table_6_2"], "unit": unit},
    }
    # "printed": the thesis's own tables on both sides, for the tolerances claims take from them.
    printed = {"printed": {t: published[t] for t in ("table_4_2", "table_5_1", "table_5_2")}}
    reproduced["4"].update(printed)
    reproduced["5"].update(printed)
    pub = {"4": {"table_4_2": published["table_4_2"], **printed},
           "5": {"bag": published["table_5_1"], "agg": published["table_5_2"], **printed},
           "6": {"table_6_1": published["table_6_1"], "table_6_2": published["table_6_2"]}}
    return {c: (pub[c], reproduced[c]) for c in CHAPTERS}, tables


def _printed_of(evidence):
    """The ``printed`` entry of one side's evidence (the thesis's tables), or nothing."""
    return {"printed": evidence["printed"]} if "printed" in evidence else {}


def judge(chapter_evidence, resampled=None, draws=None):
    """Every claim of the three registries on both sides: one frame with a ``chapter`` column.

    ``resampled`` maps a chapter to its evidence rebuilt on draw ``b`` of ``draws``
    (:func:`.claims_noise.resampled_evidence`); a chapter without an entry has no replicates to
    resample and keeps its point verdicts.
    """
    resampled = resampled or {}
    parts = [pd.DataFrame(CHAPTERS[c][1].judge(*chapter_evidence[c], resampled=resampled.get(c),
                                               draws=draws if c in resampled else None)).assign(chapter=c)
             for c in CHAPTERS]
    return pd.concat(parts, ignore_index=True)


def judge_claims(inputs, settings, claims_config, chapter_evidence):
    """The claims judged on ``chapter_evidence`` (:func:`evidence`) and, as ``claims_config`` (the
    workflow config's ``claims``, None for point verdicts only) sets, on bootstrap draws of the
    replicates: the chapter 4 and 5 jobs' (inputs ``ch4``/``ch4_draws``, ``ch5``/``ch5_draws``) and
    Table 6.2's (``ch6_rep``), seeded by the master seed. Chapter 4's reproduced frame gains its SEs
    over the draws, for the claims' "2 combined SE"."""
    draws = draws_for(claims_config, settings["master_seed"])
    rep = read_jobs(inputs["ch6_rep"]) if inputs.get("ch6_rep") else None
    jobs = {c: (_each(inputs[c]), _each(inputs[f"{c}_draws"])) if inputs.get(f"{c}_draws") else None
            for c in ("ch4", "ch5")}
    spreads = {}
    resampled = resampled_evidence(rep, draws, **jobs, row_rule=settings["options"]["table_5_row_rule"],
                                   spreads=spreads)
    if "4" in spreads:
        reproduced4 = chapter_evidence["4"][1]
        reproduced4["frame"] = with_spread(reproduced4["frame"], spreads["4"], CH4_KEYS)
    # The thesis's printed tables, from which some claims take their tolerance, on every draw too.
    resampled = {c: (lambda b, f=f, c=c: {**f(b), **_printed_of(chapter_evidence[c][1])})
                 for c, f in resampled.items()}
    return judge(chapter_evidence, resampled, draws)
