"""Valentini (2003)'s part of the workflow config, resolved for one run, and the jobs of a scale.

The workflow config holds the shared ``master_seed`` and ``scale`` at its top level and this paper's
keys in its ``valentini2003`` section. The section has three scales of its own (spec §6.3): its
``scale`` key picks one when the shared scale is ``paper``, and the shared ``scale: quick`` (tests,
CI) always runs ``smoke``. :func:`settings` joins the two and applies the scale, so every step
function of this package reads one plain dict; :func:`jobs` lists the jobs of one experiment
family, one per data set and kernel, so that Snakemake can spread them over cores or nodes.
"""

__all__ = ["DISPLAY", "FAMILIES", "KERNEL_DISPLAY", "PAPER", "SCALES", "SHARED_SCALE", "grid",
           "job_files", "job_path", "jobs", "resolve_scale", "settings", "svm_options"]

PAPER = "valentini2003"

#: This paper's scales, smallest first (spec §6.3).
SCALES = ("smoke", "default", "full")

#: The shared top-level scales that fix this paper's scale; ``paper`` defers to the section's ``scale``.
SHARED_SCALE = {"quick": "smoke"}

#: Experiment families split per (data set, kernel) (spec §4.0): chapter-4 single-SVM grids (F1-F3),
#: the P2 discriminant surfaces (F4), bagging (F5), random aggregating (F6), Tables 6.1 (F7) and 6.2 (F8).
FAMILIES = ("ch4", "ch4_p2_surface", "ch5_bag", "ch5_ra", "ch6_lobag_pair", "ch6_lobag_rep")

#: How the published tables name each data set (``dataset`` column of resources/published/valentini2003).
DISPLAY = {"p2": "P2", "waveform": "Waveform", "grey_landsat": "Grey-Landsat", "letter_two": "Letter-Two",
           "letter_two_noise": "Letter-Two with added noise", "spam": "Spam", "musk": "Musk"}

#: How each table names the kernels: Tables 4.2, 5.1 and 5.2; Table 6.1; Table 6.2.
KERNEL_DISPLAY = {
    "table_4_2": {"rbf": "RBF-SVM", "poly": "Poly-SVM", "linear": "D-prod SVM"},
    "table_6_1": {"rbf": "Gauss.", "poly": "Polyn.", "linear": "Linear"},
    "table_6_2": {"rbf": "Gaussian", "poly": "Polynomial", "linear": "Linear"},
}

#: The scale entry each family reads its grid from.
_FAMILY_BLOCK = {"ch4": "chapter4", "ch5_bag": "chapter5", "ch5_ra": "chapter5",
                 "ch6_lobag_pair": "lobag_pair", "ch6_lobag_rep": "lobag_rep"}


def resolve_scale(config):
    """This paper's scale for the whole config: ``smoke`` under the shared ``quick``, else the section's."""
    shared = config["scale"]
    return SHARED_SCALE.get(shared, config[PAPER]["scale"])


def _named_grid(section, scale, block):
    name = section["scales"][scale][block]["grid"]
    if name not in section["grids"]:
        raise ValueError(f"{PAPER}.scales.{scale}.{block}.grid: unknown grid {name!r}; "
                         f"known: {sorted(section['grids'])}")
    return name, section["grids"][name]


def settings(config):
    """The ``valentini2003`` section with ``master_seed`` and the resolved scale applied (a plain dict).

    Keys added or replaced: ``master_seed``; ``scale`` (the resolved smoke/default/full) and
    ``shared_scale``; ``run_data_sets`` (the sets this scale runs, in Table 4.1's order),
    ``max_train``, ``max_test``, ``synthetic_test_size``; ``svm`` (its ``max_iter`` replaced by the
    scale's, if it sets one); ``chapter4`` (``n_samples`` per data set,
    ``grid_name``, ``grid``), ``chapter5`` (``n_ensembles``, ``n_members``, ``grid_name``, ``grid``),
    ``lobag_pair`` (``B``, …) and ``lobag_rep`` (``replicates``, ``B``, …), each grid a dict per kernel.
    """
    section = config[PAPER]
    scale = resolve_scale(config)
    if scale not in SCALES:
        raise ValueError(f"{PAPER}.scale must be one of {SCALES}; got {scale!r}")
    caps = section["scales"][scale]
    out = {**section, "master_seed": config["master_seed"], "scale": scale, "shared_scale": config["scale"]}
    wanted = caps["data_sets"] or section["data_sets"]
    out["run_data_sets"] = [d for d in section["data_sets"] if d in wanted]
    for key in ("max_train", "max_test", "synthetic_test_size"):
        out[key] = caps[key]
    if caps.get("max_iter") is not None:
        out["svm"] = {**section["svm"], "max_iter": caps["max_iter"]}
    for block in ("chapter4", "chapter5", "lobag_pair", "lobag_rep"):
        name, values = _named_grid(section, scale, block)
        out[block] = {**caps[block], "grid_name": name, "grid": values}
    n_samples = caps["chapter4"]["n_samples"]
    out["chapter4"]["n_samples"] = {d: n_samples["p2"] if d == "p2" else n_samples["others"]
                                    for d in section["data_sets"]}
    return out


def svm_options(cfg):
    """libsvm's ``tol``, ``max_iter`` and ``cache_size`` at the resolved scale (spec §3.2, A25)."""
    return {key: cfg["svm"][key] for key in ("tol", "max_iter", "cache_size")}


def grid(cfg, family, kernel):
    """``{"C": [...], "sigma" or "degree": [...]}`` of one family and kernel at the resolved scale."""
    if family == "ch4_p2_surface":
        pairs = cfg["p2_surface"]["settings"] + cfg["p2_surface"]["checks"]
        return {"sigma": [s for s, _ in pairs], "C": [c for _, c in pairs]}
    return cfg[_FAMILY_BLOCK[family]]["grid"][kernel]


def jobs(cfg, family):
    """``[(data_set, kernel), …]`` of one family at this scale, in Table 4.1's and ``kernels`` order.

    ``ch4_p2_surface`` is the single job ``("p2", "rbf")``; Lobag's families leave out
    ``options.lobag_skip`` (A16: no dot-product on P2, 20 cases in the thesis).
    """
    if family not in FAMILIES:
        raise ValueError(f"unknown family {family!r}; known: {FAMILIES}")
    if family == "ch4_p2_surface":
        return [("p2", "rbf")] if "p2" in cfg["run_data_sets"] else []
    skip = cfg["options"]["lobag_skip"] if family.startswith("ch6_lobag") else {}
    return [(d, k) for d in cfg["run_data_sets"] for k in cfg["kernels"] if k not in skip.get(d, [])]


def job_path(family, data_set, kernel, suffix=".tsv"):
    """Raw-result path of one job: ``results/valentini2003/raw/{family}/{data_set}/{kernel}{suffix}``."""
    return f"results/{PAPER}/raw/{family}/{data_set}/{kernel}{suffix}"


def job_files(cfg, *families, suffix=".tsv"):
    """The raw files of every job of ``families`` at this scale, family by family (a rule's input)."""
    return [job_path(family, d, k, suffix) for family in families for d, k in jobs(cfg, family)]
