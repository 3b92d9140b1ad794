"""``reports/breiman1997.md``, in the framework's order (:func:`mavl.reproduction.assembly.assemble`):
Tables 1 and 3-5 beside the published numbers, the claims of spec §6 under each tree rule with the
paired tests between AdaBoost and arc-u2, the misses explained by the sweeps (and what the sweeps show
across groups); then the known departures, every top(c) cell against what the trees allow, the tables
under the other tree rules, Table 2, Eq. 7.3 and the bottom-edge check."""

from pathlib import Path

import numpy as np
import pandas as pd

from ...reproduction.assembly import ClaimSet, Section, Table
from ...reproduction.comparison import K_SE, read_sweeps
from ...reproduction.loop import Report
from ...reproduction.paired import paired_comparisons
from ...reproduction.report import fmt, gap_notes, paired_test_lines
from .claims import read_tables
from .sensitivity import full_cost, rule_readings, sweep_readings
from .settings import (
    DISPLAY,
    TREE_RULES,
    max_rows,
    n_runs,
    reading_data_sets,
    reading_of,
    sweep_data_sets,
    sweep_runs,
    tree_rules,
)
from .tables import read_runs

__all__ = ["closest_lines", "misses_notes", "paired_tests", "report_parts"]

#: Each table's caption: what the report calls it, and what its cells rest on.
CAPTIONS = {
    "table_1": "Table 1: synthetic data, AdaBoost against arc-u2 after {steps} steps. Reproduced: mean and "
               "SE over the runs (new training and test sets). Published: the binomial SE of the error on "
               "10 × 3000 test points; top(c) ± half its printed rounding.",
    "table_3": "Table 3: moderate-size data, AdaBoost against arc-u2 after {steps} steps. Reproduced: mean "
               "and SE over the random hold-outs. Published: the binomial SE of the error on 10 × "
               "round(N/10) test points; top(c) ± half its printed rounding.",
    "table_4": "Table 4: larger data, one run on the designated split: the errors carry the binomial SE on "
               "the test set (reproduced and published alike); a top(c) from one run has no SE that can be "
               "derived, so only the printed rounding counts.",
    "table_5": "Table 5: arc-u2 after 50 and 100 steps (the runs of Table 3). The 100-step columns re-print "
               "the runs of Table 3's arc-u2 columns (glass's top(c) is printed 30.0 here and 30.6 there): "
               "they are judged, but counted once, under Table 3.",
}
LABELS = {"adaboost_test_error": "AdaBoost error", "adaboost_top_c": "AdaBoost top(c)",
          "arc_u2_test_error": "arc-u2 error", "arc_u2_top_c": "arc-u2 top(c)",
          "steps50_test_error": "50 steps error", "steps50_top_c": "50 steps top(c)",
          "steps100_test_error": "100 steps error", "steps100_top_c": "100 steps top(c)"}


def paired_tests(run_paths, steps):
    """AdaBoost against arc-u2 over the runs both share, for each data set and tree rule: the test
    error (K-2 says AdaBoost's is lower) and top(c) (K-1 says arc-u2's is lower)."""
    runs = read_runs(run_paths)
    runs = runs[runs["algorithm"] != "bottom_edge"].assign(
        experiment=lambda f: f["data_set"].map(DISPLAY) + " (" + f["tree_rule"] + ")",
        replicate=lambda f: f["run"], method=lambda f: f["algorithm"], B=lambda f: f["step"])
    experiments = list(dict.fromkeys(runs["experiment"]))
    largest = dict.fromkeys(experiments, steps)
    out = []
    for metric, claim, better, worse in (("test_error", "K-2", "adaboost", "arc_u2"),
                                         ("top_c", "K-1", "arc_u2", "adaboost")):
        comparisons = [(claim, e, (better, "max"), (worse, "max")) for e in experiments]
        out.append(paired_comparisons(runs.assign(err=runs[metric]), comparisons, largest))
    return pd.concat(out, ignore_index=True)


def report_parts(inputs, settings, judged):
    """The hook of the framework's report (:mod:`mavl.reproduction.loop`): the report's parts from
    the finished results and what was judged (:class:`~mavl.reproduction.loop.Judged`), and its
    paired tests (file ``paired``).

    ``inputs``: the rule's named inputs, ``tables`` (Tables 1, 3, 4, 5), ``data_summary`` (Table 2),
    ``eq_7_3``, ``bottom_edge``, ``runs`` (every raw run), ``gaps`` (known_gaps.csv),
    ``comparison``, ``reach``, ``sweeps`` and ``decision`` and ``decision_cells`` (every tree rule's
    counts and cells, :mod:`.decision`).
    """
    config = settings
    tree = Path(inputs["comparison"]).parent.as_posix()          # this scale's result folder
    rules = tree_rules(config)
    cells = judged.cells
    paired = paired_tests(inputs["runs"], config["steps"])
    gaps = pd.read_csv(inputs["gaps"]).set_index("claim_or_target")["reason"]
    others = (f"the tables also ran under {', '.join(f'`{r}`' for r in rules[1:])}, shown below as a "
              "sensitivity reading, not a second set of cells" if len(rules) > 1 else
              "no other tree rule runs at this scale")
    opening = [f"Generated by the mavl workflow (scale `{config['scale']}`, master seed "
               f"{config['master_seed']}). Every number comes from `{tree}/`; the published "
               "values from `resources/published/breiman1997/`. AdaBoost is `ArcFsClassifier` and arc-u2 "
               f"`ArcU2Classifier` (b = {config['arc_u2']['b_cap']}, δ = {config['arc_u2']['delta']}), "
               f"{config['steps']} steps each on CART trees grown on the weighted points with minimum node "
               f"size {config['min_node_size']}. The headline cells are those of tree rule `{rules[0]}` "
               "(chosen by spec decision 5: *Where the reproduction departs from the report*); "
               f"{others}. Every cell is in `{tree}/comparison.csv`."]
    claims = []
    for rule, rows in judged.claims.groupby("tree_rule", sort=False):
        claims.append(ClaimSet(rows, f"Tree rule `{rule}` (spec breiman1997 §6)", gap_notes(rows, gaps)))
    sweeps = read_sweeps(inputs["sweeps"])
    readings, notes = misses_notes(judged.readings, sweeps, Path(inputs["gaps"]).parent, tree)
    tables, reach = read_tables(inputs["tables"]), pd.read_csv(inputs["reach"])
    decision = pd.read_csv(inputs["decision"]).set_index("tree_rule")
    rule_cells = pd.read_csv(inputs["decision_cells"])
    departures = [f"- **{key}.** {reason}" for key, reason in gaps.items() if not key.startswith("K-")]
    sections = [Section("Where the reproduction departs from the report",
                        departures + _decision_lines(decision, tree, _full_cost(config))
                        + _readings_lines(config, decision) + _rule_table(config, decision)),
                Section("Readings closest to each unexplained cell",
                        closest_lines(cells, rule_cells, sweeps, rules[0])),
                Section("top(c) against what the trees allow", _reach_lines(reach, cells, config))]
    sections += [Section(f"The tables under tree rule `{rule}` (sensitivity)",
                         [f"{_what(config, rule, rule_cells)}Every run of every table under this "
                          f"rule (decision 5): {_counts(decision.loc[rule])}. Each cell: *published / "
                          "reproduced mean ±SE over runs*.", "",
                          *[line for target in CAPTIONS
                            for line in _rule_lines(target, tables[target], rule)]])
                 for rule in rules[1:]]
    sections += [Section("breiman1997/table_2: the data sets",
                         _summary_lines(pd.read_csv(inputs["data_summary"], keep_default_na=False))),
                 Section("breiman1997/eq_7_3: the limit AdaBoost's edges reach (Eq. 7.3)",
                         _eq_lines(pd.read_csv(inputs["eq_7_3"], dtype={"printed": str},
                                               keep_default_na=False))),
                 Section("Bottom edge of each run's trees (check)",
                         _edge_lines(pd.read_csv(inputs["bottom_edge"])))]
    return Report("Breiman (1997), Arcing the Edge: reproduction report", opening,
                  tables=[Table(t, 1, "data set", text.format(**config)) for t, text in CAPTIONS.items()],
                  claims=claims, sections=sections, claims_notes=paired_test_lines(paired),
                  misses_notes=notes + _sweep_note(config), column_labels=LABELS,
                  # The summary counts the default (first) tree rule's claims; the answer lists those.
                  counted_claims=claims[0].judged if claims else None, known_gaps=gaps,
                  readings=readings, files={"paired": paired})


def misses_notes(readings, sweeps, published_dir, tree):
    """The readings of the groups that have misses under the default reading (the framework's
    section shows them), and the notes that close it: the groups swept without any, each reading
    over every group, and the top(c) gap check."""
    missed = readings.groupby("group")["default_misses"].transform("max") > 0 if len(readings) else []
    clean = list(dict.fromkeys(readings.loc[~missed, "group"])) if len(readings) else []
    notes = [f"Swept although none of their cells misses under the default reading (to show what each "
             f"reading does to cells that agree): {', '.join(clean)}; their rows are in "
             f"`{tree}/sensitivity/`.", ""] if clean else []
    shown = readings[missed] if len(readings) else readings
    return shown, notes + _across_lines(readings) + _gap_lines(sweeps, published_dir)


def _full_cost(config):
    """Whether this scale runs every run of every table on every row (the paper scale does)."""
    every_run = (n_runs(config, "synthetic") == config["synthetic"]["repetitions"]
                 and n_runs(config, "moderate") == config["moderate"]["runs"])
    return every_run and max_rows(config) is None


def _counts(row):
    return (f"{row['agrees']} of {row['compared']} compared cells agree, {row['explained']} explained by "
            f"the top(c) measurement of its trees, {row['unexplained']} unexplained")


def _decision_lines(decision, tree, full_cost=True):
    """The default tree rule, decided by spec decision 5 on every compared cell (:mod:`.decision`);
    ``full_cost``: whether this scale runs every run on every row (else it says the scale is reduced)."""
    default = decision.index[decision["default"]][0]
    ranked = decision.sort_values("agrees", ascending=False, kind="stable")
    best = [rule for rule in ranked.index if ranked.loc[rule, "fits_best"]]
    each = "; ".join(f"`{rule}` {r.agrees} / {r.explained} / {r.unexplained}"
                     for rule, r in ranked.iterrows())
    if len(ranked) == 1:
        verdict = (f"Only the default `{default}` runs at this scale: the rules are compared, and the "
                   "default decided, at the paper scale")
    elif default in best:
        tied = ", ".join(f"`{rule}`" for rule in best if rule != default)
        verdict = (f"`{default}` agrees on the most cells{f' (tied with {tied})' if tied else ''}, so by "
                   "decision 5 it is the default for the whole table (never per column or table); the others "
                   "are shown as sensitivity below")
    else:
        verdict = (f"The configured default `{default}` agrees on fewer cells than `{best[0]}`: by "
                   f"decision 5 the default should be `{best[0]}`")
    cost = ("every run at full cost (Letter, satellite and DNA included)" if full_cost else
            "every run of this scale (fewer runs and rows than the paper's)")
    return [f"- **tree rule, decided (spec decision 5).** All {int(decision['compared'].max())} compared "
            f"cells of Tables 1, 3, 4 and 5 judged under each tree rule by the same 3-SE rule, {cost}; "
            f"agree / explained / unexplained: {each}. {verdict}. Here a miss is explained only by the "
            "top(c) measurement of the rule's own trees, alike for every rule; the summary's counts add the "
            f"sweeps, read against the default. Every cell under every rule: `{tree}/tree_rule_cells.csv`."]


#: The command that runs decision 7's readings, and where their report goes.
READINGS_COMMAND = 'snakemake --cores 2 breiman1997 --config "breiman1997={scale: readings}"'


def _what(config, rule, rule_cells):
    """What a decision-7 reading changes, with the cells it leaves to its tree rule ("" for a tree rule)."""
    reading = reading_of(config, rule)
    if reading is None:
        return ""
    changed = reading_data_sets(config, rule)
    every = reading_data_sets(config, reading["tree_rule"])
    same = ""
    if len(changed) < len(every):
        mine = rule_cells[(rule_cells["tree_rule"] == rule) & rule_cells["repeat_of"].fillna("").eq("")
                          & (rule_cells["verdict"] != "not reproduced")]
        kept = int((~mine["row"].isin([DISPLAY[d] for d in changed])).sum())
        same = (f" Only {', '.join(DISPLAY[d] for d in changed)} changes: on the other sets its runs are "
                f"`{reading['tree_rule']}`'s, so {kept} of its {len(mine)} compared cells are "
                f"`{reading['tree_rule']}`'s, cell for cell.")
    return f"Decision 7's reading: {reading['description']}.{same} "


def _readings_lines(config, decision):
    """Where decision 7's readings come from: this run (a scale that lists them among its tree rules)
    or the readings scale's run, its own report."""
    listed = [r for r in decision.index if reading_of(config, r) is not None]
    if listed:
        return [f"- **decision 7's readings.** {', '.join(f'`{r}`' for r in listed)} (and `weighted_leaf` at "
                "full cost) run in this run, at scale `readings`, each judged as a tree rule of its own "
                "beside the others above; their runs share their tree rule's seeds, so each differs from it "
                "by the reading only. They run together at this scale, not in the main command (CART's "
                "pruning by cross-validation fits ten more trees for each tree, too much for the main "
                f"command's time), so the table of eight comes from one run: `{READINGS_COMMAND}` (this "
                "report)."]
    if config["scale"] != "paper":
        return []
    return [f"- **decision 7's readings.** CART's pruning chosen by cross-validation (`pruned_cv`), multiway "
            "splits on DNA's 60 nucleotide variables (`dna_multiway`), all 100 steps always taken "
            "(`all_steps`) and `weighted_leaf` at full cost run together at scale `readings` "
            f"(`{READINGS_COMMAND}`), not in the main command (the pruning fits ten more trees for each "
            "tree, too much for its time); that run's report, `reports/breiman1997.readings.md`, holds the "
            "tree-rule table with all eight and decides the default over them. The four rules below come "
            "from this run."]


def _rule_table(config, decision):
    """The tree-rule table (decision 5, with decision 7's readings where the scale runs them): each
    rule's counts over the whole table, best first."""
    if len(decision) < 2:
        return []
    ranked = decision.sort_values("agrees", ascending=False, kind="stable")
    lines = ["", "| tree rule | what it reads | agree | explained | unexplained | mean abs. difference | "
             "fits best |", "|---|---|---|---|---|---|---|"]
    for rule, r in ranked.iterrows():
        reading = reading_of(config, rule)
        what = TREE_RULES[rule] if reading is None else reading["description"]
        mark = " (default)" if r["default"] else ""
        lines.append(f"| `{rule}`{mark} | {what} | {r.agrees} | {r.explained} | {r.unexplained} | "
                     f"{r.mean_abs_difference:.3f} | {'yes' if r.fits_best else ''} |")
    return lines + [""]


def closest_lines(cells, rule_cells, sweeps, default, top=3):
    """For every unexplained cell of the headline, the readings whose reproduction lies closest to
    the published value: every tree rule of the scale (``rule_cells``, :mod:`.decision`) and every
    sweep reading (``sweeps``; at reduced cost unless full cost), each with its mean ±SE, its
    difference and how many combined SE apart; one line per cell."""
    missed = cells[(cells["verdict"] == "unexplained") & cells["repeat_of"].fillna("").eq("")]
    if missed.empty:
        return ["No cell is left unexplained."]
    key = ["target", "row", "column"]
    columns = [*key, "reading", "reproduced", "reproduced_se", "n_replicates"]
    rules = rule_cells.rename(columns={"tree_rule": "reading"})[columns]
    swept = pd.DataFrame(columns=rules.columns) if sweeps is None or sweeps.empty else sweeps[
        ~sweeps["reading"].isin([*rules["reading"].unique(), "default", "default_full"])][rules.columns]
    readings = pd.concat([rules, swept.drop_duplicates(key + ["reading"])], ignore_index=True).astype(
        {"reproduced": float, "reproduced_se": float, "n_replicates": float})
    lines = [f"Every unexplained cell of the headline (tree rule `{default}`) beside the readings whose "
             "mean lies closest to the published value: every tree rule of this run, then the sweeps' "
             "readings (a sweep at reduced cost averages fewer runs, marked *n*). Each: reproduced ±SE "
             "(difference; combined SE apart). A reading within 3 combined SE measures how close the text's "
             "readings come; it explains the miss only where the framework's rule does (*Misses, "
             "explained*: a group's one chosen reading, against its own same-cost default run).", ""]
    for cell in missed.itertuples():
        head = (f"- **{cell.target}, {cell.row}, {LABELS.get(cell.column, cell.column)}**: published "
                f"{cell.published:g}, `{default}` {cell.reproduced:.1f}")
        mine = readings[(readings["target"] == cell.target) & (readings["row"] == cell.row)
                        & (readings["column"] == cell.column) & (readings["reading"] != default)
                        & readings["reproduced"].notna()].copy()
        mine["difference"] = mine["reproduced"] - cell.published
        se = np.sqrt(float(cell.published_se) ** 2 + mine["reproduced_se"].fillna(0.0) ** 2)
        mine["apart"] = mine["difference"].abs() / se
        mine = mine.sort_values(["difference"], key=abs, kind="stable").head(top)
        if mine.empty:
            lines.append(f"{head}; no other reading ran on this cell at this scale.")
            continue
        shown = "; ".join(_closest(r, cell.n_replicates) for r in mine.itertuples())
        within = [r.reading for r in mine.itertuples() if r.apart <= K_SE]
        verdict = (f"within {K_SE:g} combined SE: {', '.join(f'`{r}`' for r in within)}" if within
                   else f"none within {K_SE:g} combined SE")
        lines.append(f"{head}; closest {shown}; {verdict}.")
    return lines + [""]


def _closest(reading, n_headline):
    """One reading beside an unexplained cell: mean ±SE (difference; SE apart[, its runs])."""
    se = f" ±{fmt(reading.reproduced_se, 2)}" if pd.notna(reading.reproduced_se) else ""
    fewer = "" if reading.n_replicates >= n_headline else f", n = {reading.n_replicates:.0f}"
    return (f"`{reading.reading}` {reading.reproduced:.1f}{se} ({reading.difference:+.1f}; "
            f"{reading.apart:.1f} SE{fewer})")


def _cell(row, digits=1):
    if row["note"]:
        return f"{row['printed']} / —"
    shown = f"{row['printed']} / {row['reproduced']:.{digits}f}"
    if row["runs"] > 1:
        shown += f" ±{fmt(row['se'], 2)}"
    return shown


def _rule_lines(target, long, rule):
    """One table under a tree rule other than the default (a sensitivity reading on every run)."""
    long = long[long["tree_rule"] == rule]
    columns = list(dict.fromkeys(long["column"]))
    lines = [f"**{target}**, tree rule `{rule}`", "",
             "| data set | " + " | ".join(LABELS[c] for c in columns) + " |", "|---|" + "---|" * len(columns)]
    for data_set, rows in long.groupby("data_set", sort=False):
        cells = rows.set_index("column")
        lines.append(f"| {data_set} | " + " | ".join(_cell(cells.loc[c]) for c in columns) + " |")
    return lines + [""]


def _gap_lines(sweeps, published_dir):
    """AdaBoost's top(c) minus arc-u2's on each swept set of Tables 1, 3 and 4, by reading, beside
    the published gap on the same sets: a reading that reproduces both top(c) columns must
    reproduce this gap."""
    if sweeps is None or sweeps.empty:
        return []
    tables = ("table_1", "table_3", "table_4")
    top = sweeps[sweeps["target"].isin(tables) & sweeps["column"].isin(["adaboost_top_c", "arc_u2_top_c"])]
    if top.empty:
        return []
    wide = top.pivot_table(index=["reading", "row"], columns="column", values="reproduced", sort=False)
    gap = (wide["adaboost_top_c"] - wide["arc_u2_top_c"]).dropna()
    published = pd.concat([pd.read_csv(published_dir / f"{t}.csv") for t in tables]).set_index("data_set")
    printed = (published["adaboost_top_c"] - published["arc_u2_top_c"]).reindex(
        list(dict.fromkeys(gap.index.get_level_values("row"))))
    lines = ["### The top(c) gap between the two algorithms", "",
             "AdaBoost's top(c) minus arc-u2's, on the swept sets of Tables 1, 3 and 4 (points): a reading "
             "that reproduced both top(c) columns would reproduce this gap.", "",
             "| | mean | smallest | largest |", "|---|---|---|---|",
             f"| published | {printed.mean():.1f} | {printed.min():.1f} | {printed.max():.1f} |"]
    for reading, values in gap.groupby(level="reading", sort=False):
        lines.append(f"| {reading} | {values.mean():.1f} | {values.min():.1f} | {values.max():.1f} |")
    return lines + [""]


def _across_lines(readings):
    """Each reading over every group at once: a reading that explains one group's misses may
    break another's, and only one that holds for the whole table could replace the default."""
    if readings.empty:
        return []
    total = readings.groupby("reading", sort=False)[["cells", "agree", "default_misses",
                                                     "misses_now_agreeing"]].sum()
    lines = ["### Every group at once", "",
             "| reading | cells swept | agree | default misses now agreeing |", "|---|---|---|---|"]
    lines += [f"| {name} | {r.cells} | {r.agree} | {r.misses_now_agreeing} of {r.default_misses} |"
              for name, r in total.iterrows()]
    return lines + [""]


def _sweep_note(config):
    sets = ", ".join(DISPLAY[d] for d in sweep_data_sets(config))
    full = [r for r in sweep_readings(config) if full_cost(config, r)]
    rules = rule_readings(config)
    note = [f"The sweeps run at reduced cost: the first {sweep_runs(config)} runs of each synthetic and "
            f"moderate set (Table 4: its one run), on {sets}; a reading's cells are means over those runs, "
            "judged against the published values by the same 3-SE rule (fewer runs give a wider SE). The "
            "`default` rows are the same runs of the main build."]
    if rules:
        note.append(f"The readings {', '.join(f'`{r}`' for r in rules)} are the main build's runs under "
                    "those tree rules, every run (nothing fitted again), judged beside `default_full`.")
    if full:
        note.append(f"The readings {', '.join(f'`{r}`' for r in full)} run at full cost (every run of those "
                    "sets) and are judged beside `default_full`, the main build's runs whole.")
    return [" ".join(note), ""]


def _reach_lines(reach, cells, config):
    """Every top(c) cell of the default rule with what its trees allow (issue 33, item 2)."""
    if reach.empty:
        return []
    verdict = cells.set_index(["target", "row", "column"])["verdict"]
    lines = [f"For every top(c) cell under tree rule `{tree_rules(config)[0]}`: ε̄, the mean weighted "
             "training error of the algorithm's trees up to the cell's step (SE over runs; Table 4: over its "
             "trees); Eq. 7.3 at ε̄ (×100); the tree error the published value implies through Eq. 7.3; "
             "φ*, the lowest top(c) of any vote over the run's trees (the bottom-edge LP, ×100). A "
             "published value is *out of reach* when it lies more than 3 SE below φ*, or (AdaBoost) when "
             f"ours follows Eq. 7.3 at ε̄ within {config['reach']['bound_tolerance']:g} points and the "
             "published value implies trees more than 3 SE of ε̄ away; only then does the measurement explain "
             "a top(c) miss.",
             "", "| table | data set | column | published | reproduced | ε̄ | Eq. 7.3 at ε̄ | implied ε | φ* | "
             "out of reach | verdict |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in reach.itertuples():
        implied = f"{r.implied_tree_error:.4f}" if pd.notna(r.implied_tree_error) else "—"
        lines.append(f"| {r.target} | {r.row} | {r.column} | {r.published:.1f} | {r.reproduced:.1f} | "
                     f"{r.tree_error:.4f} ±{r.tree_error_se:.4f} | {r.bound:.1f} | {implied} | "
                     f"{r.phi_star:.1f} | {'yes' if r.out_of_reach else 'no'} | "
                     f"{verdict.get((r.target, r.row, r.column), '')} |")
    return lines + [""]


def _summary_lines(summary):
    lines = ["| data set | group | training (pub / ours) | test | variables | classes | note |",
             "|---|---|---|---|---|---|---|"]
    for r in summary.itertuples():
        pair = [f"{getattr(r, 'published_' + c)} / {getattr(r, c) or '—'}"
                for c in ("n_training", "n_test", "n_variables", "n_classes")]
        lines.append(f"| {r.data_set} | {r.group} | " + " | ".join(pair) + f" | {r.note} |")
    return lines + ["", "For the moderate sets the training count is the whole data set and the test "
                    "count the round(N/10) held out in each run, as in the report.", ""]


def _eq_lines(eq_7_3):
    rows = [f"| {r.phi_star:.2f} | {r.phi_ab:.4f} | {r.printed} |" for r in eq_7_3.itertuples()]
    return ["| φ* | φ_AB(φ*) | printed |", "|---|---|---|", *rows, ""]


def _edge_lines(edges):
    held = int(edges["holds"].sum())
    per_rule = []
    for rule, rows in edges.groupby("tree_rule", sort=False):
        means = rows.groupby("data_set", sort=False)["phi_star_pool"].mean()
        per_rule.append(f"`{rule}`: " + ", ".join(f"{DISPLAY.get(d, d)} {v:.1f}" for d, v in means.items()))
    return [f"φ* of the pool of both algorithms' trees, solved as a linear programme, is at most the "
            f"top(c) each algorithm reached in {held} of {len(edges)} runs (it must be in all: the LP "
            f"minimises over that pool, so no vote over those trees has a lower top(c)). Mean 100·φ* by "
            f"tree rule: {'; '.join(per_rule)}.", ""]
