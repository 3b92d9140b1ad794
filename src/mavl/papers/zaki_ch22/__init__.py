"""Zaki & Meira, *Data Mining and Machine Learning*, Chapter 22 (classification assessment).

The chapter has no worked examples, so every algorithm box and text-only topic is a deterministic
demonstration on Iris, judged by the chapter's own identities (spec zaki-ch22 §3-§5). The measures
and procedures are the library's (:mod:`mavl.assess`); this package only runs and reports them:

* :mod:`.common`: Iris-PC2, split S, the seeded generators and the form of a check.
* :mod:`.measures`, :mod:`.resampling`, :mod:`.ensembles`: the demonstrations by section.
* :mod:`.targets`: the demonstrations declared as the paper's targets.
* :mod:`.comparison`, :mod:`.claims`: the chapter's printed numbers as cells, its identities as claims.
* :mod:`.report`: ``reports/zaki_ch22.md``; :mod:`.steps`: one step per rule ``zaki_<step>``.
"""

PAPER = "zaki_ch22"
#: Every rule of this paper is named ``zaki_<step>`` and runs ``steps.<step>``.
RULE_PREFIX = "zaki_"
#: The document, as the reports and the site name it.
TITLE = ("M. J. Zaki and W. Meira Jr., *Data Mining and Machine Learning*, "
         "Chapter 22: Classification Assessment")
#: Its place in the reports' index, the site and ``rule all``.
ORDER = 2

__all__ = ["ORDER", "PAPER", "RULE_PREFIX", "TITLE", "settings"]


def settings(config):
    """The ``zaki_ch22`` section of the workflow config with the shared ``master_seed`` and ``scale``."""
    return {**config[PAPER], "master_seed": config["master_seed"], "scale": config["scale"]}
