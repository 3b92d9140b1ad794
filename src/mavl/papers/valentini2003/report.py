"""``reports/valentini2003.md``: Tables 4.1-6.5 beside the published ones, the claims Q4.x, Q5.x and
Q6.x of spec §5 judged on published and reproduced numbers, the figures and the departures."""

import re
from pathlib import Path

import pandas as pd

from ...reproduction.comparison import LEGEND, misses_lines, render_table, summary_lines, write_comparison
from ...reproduction.io import read_json, write_table
from ...reproduction.report import claims_rows, copy_figures, figure_lines, write_markdown
from . import chapter4_claims, chapter5_claims, chapter6_claims
from .claims_noise import draws_for, resampled_evidence
from .comparison import cell_frame_valentini
from .report_notes import departures, solver_note
from .report_tables import FLAG_LEGEND, beside_lines, flag_notes, reference_lines, table_4_1_lines
from .sensitivity import group_cost
from .settings import DISPLAY

__all__ = ["build_report", "comparison_cells", "evidence", "judge"]

PUBLISHED = ("table_4_2", "table_5_1", "table_5_2", "table_6_1", "table_6_2")
CHAPTERS = {"4": ("Chapter 4: single SVMs", chapter4_claims.CLAIMS),
            "5": ("Chapter 5: bagged and random-aggregated SVMs", chapter5_claims.CLAIMS),
            "6": ("Chapter 6: Lobag", chapter6_claims.CLAIMS)}
SCALE_NOTE = {
    "smoke": "**Smoke scale: a few samples, toy grids and capped data sets, to check that every target "
             "builds. Its numbers are not comparable to the thesis's and its verdicts mean nothing.**",
    "default": "**Default scale: the thesis's data and grids with fewer samples, ensembles and Lobag "
               "replicates (spec §6.3); shapes should match, single cells carry more noise.**",
    "full": "**Full scale: the thesis's counts (spec §6.2), with the libsvm iteration cap the config sets "
            "(see *libsvm stop* below for the cap and the fits that hit it).**",
}


def _each(paths):
    return [pd.read_csv(p, sep="\t") for p in paths]


def _frames(paths):
    # copy(): one block per dtype (the concatenation leaves one per column), see claims_noise.
    return pd.concat(_each(paths), ignore_index=True).copy()


def _published(paths):
    """The published tables by name, as numbers (for the claims) and as printed strings (for display)."""
    named = {Path(p).stem: p for p in paths}
    numbers = {t: pd.read_csv(named[t]) for t in PUBLISHED}
    printed = {t: pd.read_csv(named[t], dtype=str, keep_default_na=False) for t in PUBLISHED}
    return numbers, printed


def evidence(inputs, published, unit=None):
    """``{chapter: (published evidence, reproduced evidence)}`` in the shape each registry documents."""
    tables = {t: pd.read_csv(inputs[t]) for t in PUBLISHED}
    reproduced = {
        "4": {"frame": _frames(inputs["ch4"]), "table_4_2": tables["table_4_2"],
              "p2_errors": pd.read_csv(inputs["p2_errors"], sep="\t"),
              "p2_surface": pd.read_csv(inputs["p2_surface"], sep="\t") if inputs.get("p2_surface") else None,
              # Q4.12's approximate P2 errors, read off the thesis's Figs 4.8-4.12 (spec §5, Q4.12).
              "p2_reference": pd.read_csv(inputs["p2_reference"]).astype(float)},
        "5": {"bag": tables["table_5_1"], "agg": tables["table_5_2"], "frame": _frames(inputs["ch5"])},
        "6": {"table_6_1": tables["table_6_1"], "table_6_2": tables["table_6_2"], "unit": unit},
    }
    pub = {"4": {"table_4_2": published["table_4_2"]},
           "5": {"bag": published["table_5_1"], "agg": published["table_5_2"]},
           "6": {"table_6_1": published["table_6_1"], "table_6_2": published["table_6_2"]}}
    return {c: (pub[c], reproduced[c]) for c in CHAPTERS}, tables


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


SETTING_LABELS = {"sigma": "σ", "degree": "degree", "C": "C"}


def _settings(prefix):
    def text(row):
        parts = [f"{label}={row[f'{prefix}_{name}']:g}" for name, label in SETTING_LABELS.items()
                 if pd.notna(row.get(f"{prefix}_{name}"))]
        return ", ".join(parts) or "—"
    return text


def _err(digits=4):
    return lambda name: (name, name, name, digits)


SE_NOTE = ("Uncertainties: reproduced, the SD over this run's training samples, ensembles or replicates "
           "over √n (Table 6.1: one training set, see `table_6_1_se` in the CSV's source column); "
           "published, the binomial SE of the printed error on the thesis's test set (Table 4.1), or "
           "Table 6.2's printed SD over √30. Every cell's source is in `comparison.csv`.")


def _cells_lines(cells, table_id, digits=4):
    return render_table(cells, f"valentini2003/{table_id}", digits=digits, row_header="data set, kernel")


def _table_lines(printed, tables, inconsistent, cells):
    e, p = _err(4), _err(2)
    lines = ["## Table 4.2: best single SVM per data set and kernel", "",
             "The reproduced row is the argmin of the average error over this scale's chapter-4 grid, so its "
             "C, σ and degree can only be grid values. Average error:", ""]
    lines += _cells_lines(cells, "table_4_2")
    lines += ["Selected setting and decomposition (published / reproduced):", ""]
    cols_4 = [("C", "C", "C", None), ("σ", "sigma", "sigma", None), ("degree", "degree", "degree", None),
              e("bias"), ("V_u", "var_unbiased", "var_unbiased", 4), ("V_b", "var_biased", "var_biased", 4),
              ("V_n", "net_var", "net_var", 4)]
    lines += beside_lines(printed["table_4_2"], tables["table_4_2"], cols_4)
    for table_id, method in (("table_5_1", "bagged"), ("table_5_2", "random-aggregated")):
        number = table_id[-3:].replace("_", ".")
        lines += [f"## Table {number}: single against {method} SVMs", "", "Errors:", ""]
        lines += _cells_lines(cells, table_id)
        lines += ["Reductions in % (published / reproduced) and the reproduced settings. " + FLAG_LEGEND, ""]
        cols = [p("pct_error_reduction"), p("pct_bias_reduction"), p("pct_netvar_reduction"),
                p("pct_unbvar_reduction")]
        cols = [(h.replace("pct_", "% ").replace("_reduction", " red."), *rest) for h, *rest in cols]
        extra = ("reproduced settings (single → ensemble)",
                 lambda r: f"{_settings('single')(r)} → {_settings('ensemble')(r)}")
        lines += beside_lines(printed[table_id], tables[table_id], cols, table_id, inconsistent, extra)
        lines += flag_notes(inconsistent, table_id, f"Table {number}")
    lines += ["## Table 6.1: Lobag, bagging and single SVM on one 𝒟/𝒯 pair", "", "Test errors:", ""]
    lines += _cells_lines(cells, "table_6_1")
    lines += ["McNemar confidence levels (published / reproduced; 1: not significant at 0.1):", ""]
    cols = [(f"conf {c[5:].replace('_', '/')}", c, c, None) for c in ("conf_L_B", "conf_L_S", "conf_B_S")]
    extra = ("α_B = α_L", lambda r: "yes" if str(r.get("same_setting")).lower() in ("true", "1") else "no")
    lines += beside_lines(printed["table_6_1"], tables["table_6_1"], cols, extra=extra)
    lines += ["## Table 6.2: out-of-bag errors over replicates", "", "Mean errors (the SE is the SD over the "
              "replicates over √replicates):", ""]
    lines += _cells_lines(cells, "table_6_2")
    lines += ["SD over the replicates and r.e.r. in % from the means (published / reproduced):", ""]
    cols = [(f"sd {n}", f"{n}_sd", f"{n}_sd", 4) for n in ("E_lobag", "E_bag", "E_SVM")]
    cols += [("r.e.r. L/S", "rer_L_S", "rer_L_S", 2), ("r.e.r. B/S", "rer_B_S", "rer_B_S", 2)]
    lines += beside_lines(printed["table_6_2"], tables["table_6_2"], cols)
    lines += _ttest_line(tables["table_6_2"])
    return lines


def _ttest_line(table):
    tests = [c for c in ("reject_L_S", "reject_B_S", "reject_L_B") if c in table]
    if not tests or table[tests].isna().all().all():
        return ["Resampled paired t-tests: not computable with fewer than 2 replicates.", ""]
    counts = ", ".join(f"{c[7:].replace('_', '/')} {int(table[c].astype(float).fillna(0).sum())}"
                       for c in tests)
    return [f"Reproduced differences significant at 0.01 (resampled paired t-test, of {len(table)} cases): "
            f"{counts}. The thesis: all significant except Lobag/bagging with the linear kernel on "
            "Waveform, Grey-Landsat and Musk, and Grey-Landsat polynomial at 0.05 only.", ""]


def _claim_lines(claims):
    shown = claims.assign(**{c: claims[c].astype(str).str.replace("|", "\\|", regex=False)
                             for c in ("statement", "values_published", "values_reproduced")})
    lines = ["## Claims (spec §5)", "",
             "Each claim is checked by the same code on the published tables and on the reproduced results. "
             "Most chapter-4 and chapter-5 claims read curves the thesis only drew, so their published side "
             "reads \"no numbers published\". Against noise, every claim is re-judged on the same bootstrap "
             "draws of its replicates: chapter 4's training samples and chapter 5's ensembles (each draw "
             "re-decides the whole decomposition, since bias is a vote over the samples, not a mean of "
             "per-sample numbers; Tables 4.2, 5.1 and 5.2 are rebuilt on it) and Table 6.2's Lobag "
             "replicates. Claims on one training set keep their point verdict: the P2 surface (Q4.12) and "
             "Table 6.1 (Q6.1, Q6.3, Q6.4). The published side keeps its point verdict: the thesis prints "
             "no replicates.", ""]
    for chapter, (title, _) in CHAPTERS.items():
        lines += [f"### {title}", ""] + claims_rows(shown[shown["chapter"] == chapter])
    return lines


def _figure_key(stem):
    return tuple(int(n) for n in re.findall(r"\d+", stem))


def _figure_lines(links, captions, scale, tree):
    lines = ["## Figures", "", "Drawn from this run's results (their CSVs are beside them in "
             f"`{tree}/`); Figures 4.3, 4.4, 5.1-5.3, 5.13 and 5.14 are the thesis's "
             "pseudo-code listings.", ""]
    for chapter in sorted({_figure_key(s)[0] for s in links}):
        lines += [f"### Chapter {chapter}", ""]
        for stem in sorted((s for s in links if _figure_key(s)[0] == chapter), key=_figure_key):
            name = "Figure " + ".".join(map(str, _figure_key(stem)))
            lines += [f"#### {name}", "", *figure_lines(name, links[stem], captions.get(stem, ""), scale)]
    return lines


def _summary(claims):
    def counts(side):
        parts = []
        for chapter in CHAPTERS:
            rows = claims.loc[claims["chapter"] == chapter, f"holds_{side}"]
            parts.append(f"Q{chapter}.x {int(rows.eq(True).sum())} of {int(rows.notna().sum())}")
        return "; ".join(parts)
    return (f"**Claims that hold, of those judged** (details under *Claims*): on the reproduced numbers "
            f"{counts('reproduced')}; on the published numbers {counts('published')}.")


def comparison_cells(inputs, numbers, tables, cfg):
    """The error cells of Tables 4.2-6.2 beside their reproduction (:mod:`.comparison`), not yet judged."""
    return cell_frame_valentini(numbers, tables, pd.read_csv(inputs["published_table_4_1"]),
                                cfg["options"]["table_6_1_se"])


def _sweeps(paths):
    frames = [pd.read_csv(p) for p in paths or []]
    return pd.concat(frames, ignore_index=True) if frames else None


def build_report(inputs, outputs, cfg, captions, unit=None, claims_cfg=None):
    """Write the report, the claims CSV and ``comparison.csv`` with its summary JSON.

    ``inputs`` maps the rule's names: the reproduced tables (``table_4_1`` … ``table_6_5``), the raw
    jobs (``ch4``, ``ch5`` lists, ``p2_errors``, ``p2_surface``), ``published`` (the published CSVs),
    ``published_table_4_1`` (test-set sizes), ``inconsistent``, ``figures`` (PNGs), and optionally
    ``sensitivity`` (the sweeps' CSVs) and ``calibration`` (the RBF width calibration's JSON).
    ``outputs``: ``report``, ``claims``, ``comparison`` and ``summary``; ``captions`` maps each figure
    target to its caption. ``unit`` is Q6.3/Q6.4's
    evidence; computed when None. ``claims_cfg`` is the workflow config's ``claims`` section: the
    claims are also judged on that many bootstrap draws of the replicates (the chapter 4 and 5 jobs'
    ``ch4_draws`` and ``ch5_draws``, Table 6.2's ``ch6_rep``; :mod:`.claims_noise`), seeded by the
    master seed; None judges the point verdicts only.
    """
    numbers, printed = _published(inputs["published"])
    unit = chapter6_claims.unit_evidence(seed=cfg["master_seed"]) if unit is None else unit
    chapter_evidence, tables = evidence(inputs, numbers, unit)
    draws = draws_for(claims_cfg, cfg["master_seed"])
    rep = _frames(inputs["ch6_rep"]) if inputs.get("ch6_rep") else None
    jobs = {c: (_each(inputs[c]), _each(inputs[f"{c}_draws"])) if inputs.get(f"{c}_draws") else None
            for c in ("ch4", "ch5")}
    claims = judge(chapter_evidence, resampled_evidence(rep, draws, **jobs,
                                                        row_rule=cfg["options"]["table_5_row_rule"]), draws)
    write_table(claims, outputs["claims"])
    sweeps = _sweeps(inputs.get("sensitivity"))
    cells, readings, counts = write_comparison(
        comparison_cells(inputs, numbers, tables, cfg), outputs["comparison"],
        sweeps=sweeps, claims=claims, summary_path=outputs["summary"])
    calibration = read_json(inputs["calibration"]) if inputs.get("calibration") else None
    inconsistent = pd.read_csv(inputs["inconsistent"])
    report = Path(outputs["report"])
    links = copy_figures(inputs["figures"], report.with_suffix("").as_posix() + "_figures", report.parent)
    scale, tree = cfg["scale"], Path(outputs["comparison"]).parent.as_posix()
    lines = [f"# Valentini (2003): reproduction report — {scale.upper()} scale", "",
             "G. Valentini, *Ensemble methods based on bias–variance analysis*, PhD thesis DISI-TH-2003-04, "
             "Università di Genova, 2003. Generated by `snakemake valentini2003`; every reproduced number is "
             f"read from `{tree}/`.", "", "## Summary", ""]
    lines += summary_lines(counts)
    lines += [f"The {counts['compared']} compared cells are the error cells of Tables 4.2, 5.1, 5.2, 6.1 and "
              f"6.2 (`{tree}/comparison.csv`); Table 5.2's E_SVM re-prints Table 5.1's runs.",
              "",
              f"> {SCALE_NOTE[scale]}", "", _summary(claims), "", "## Departures from the thesis", ""]
    lines += [f"- {d}" for d in departures(cfg, cells, calibration, sweeps)
              + [solver_note(cfg, chapter_evidence)]] + [""]
    lines += ["## Table 4.1: data sets", "", "Each cell: published / this run's data pipeline.", ""]
    lines += table_4_1_lines(pd.read_csv(inputs["table_4_1"], dtype=str, keep_default_na=False))
    lines += ["## Published beside reproduced", "", LEGEND, "", SE_NOTE, ""]
    lines += _table_lines(printed, tables, inconsistent, cells)
    lines += ["## Tables 6.3-6.5: GCM (reference only)", "",
              "**Not reproduced: data unavailable.** The printed values, for reference; nothing here is "
              "compared. " + FLAG_LEGEND, ""]
    for table_id in ("table_6_3", "table_6_4", "table_6_5"):
        number = table_id[-3:].replace("_", ".")
        frame = pd.read_csv(inputs[table_id], dtype=str, keep_default_na=False)
        lines += [f"**Table {number}**", ""] + reference_lines(frame, table_id, inconsistent)
        lines += flag_notes(inconsistent, table_id, f"Table {number}")
    lines += _claim_lines(claims) + _figure_lines(links, captions, cfg['scale'], tree)
    lines += misses_lines(cells, readings) + _miss_groups(cells, cfg)
    write_markdown(lines, report)


def _miss_groups(cells, cfg):
    """The compared cells that miss, grouped by table and data set, and what the sweeps cover."""
    head = cells[~cells["substitute"].astype(bool) & (cells["repeat_of"] == "")]
    misses = head[head["verdict"].isin(["explained", "unexplained"])]
    groups = cfg["sensitivity"]["groups"]
    swept = "; ".join(f"`{g}`: {DISPLAY[s['data_set']]} ({', '.join(s['kernels'])}), "
                      f"{group_cost(cfg, g)[2]} training samples" for g, s in groups.items())
    lines = [f"The sweeps re-run Table 4.2's cells of one data set per group ({swept}) "
             "on this scale's chapter-4 grid (the reduced cost), the `default` reading "
             "included; a reading explains a miss only where it brings that cell within 3 combined SE. "
             "Misses by table and data set:", ""]
    if misses.empty:
        return lines + ["None.", ""]
    by = misses.assign(table=misses["target"].str.removeprefix("valentini2003/"),
                       data_set=misses["row"].str.rsplit(", ", n=1).str[0])
    lines += ["| table | data set | misses | explained | mean reproduced − published |",
              "|---|---|---|---|---|"]
    for (table, data_set), g in by.groupby(["table", "data_set"], sort=False):
        lines.append(f"| {table} | {data_set} | {len(g)} | {int((g['verdict'] == 'explained').sum())} | "
                     f"{g['difference'].mean():+.4f} |")
    return lines + [""]
