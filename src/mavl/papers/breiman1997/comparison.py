"""Every published cell of Breiman (1997)'s Tables 1, 3, 4 and 5 beside its reproduction, judged by
the framework's one rule (:mod:`mavl.reproduction.comparison`): ``results/breiman1997/comparison.csv``.

The headline cells are those of the default tree rule, the first of the config's ``tree_rules``
(chosen by spec decision 5 over the whole table, :mod:`.decision`); the other rules are sensitivity
readings (:mod:`.sensitivity`), not a second set of cells. Per cell:

* **reproduced**: the mean over the runs of the table (Table 1: 10 new training and test sets;
  Tables 3 and 5: 10 random hold-outs) with its SE over those runs. Table 4 is one run on the
  designated split: its test error's SE is the binomial SE on its test points (nothing else
  varies), and its top(c) has no SE that can be derived from one run;
* **published**: a test error carries the binomial SE of the published mean on the test points it
  rests on (runs × test size: 10 × 3000 for Table 1, 10 × round(N/10) for Tables 3 and 5, one
  designated test set for Table 4); this is the test-sampling part only, since the spread over
  training sets of the report's runs is not printed. A top(c) carries the half-width of its printed
  rounding. Both are floors: every cell is a mean over the report's stated runs with no SE printed
  (10, 10 and 1 run: :data:`PUBLISHED_RUNS`), so by decision 8 the framework gives it the SE of such
  a mean from our spread over runs, s_ours/√n_pub, where that is larger;
* Table 5's 100-step columns re-print the arc-u2 runs of Table 3: each is marked ``repeat_of`` the
  Table 3 cell, so the headline counts each run once; heart's cells are *not reproduced* (the data
  are not available);
* every top(c) cell carries the measurement of :mod:`.reach` (the trees' error, Eq. 7.3 at it, the
  error the published value implies, the bottom edge of the trees); a top(c) miss it shows out of
  reach of the trees the rule grows is explained by it.
"""

from pathlib import Path

import numpy as np
import pandas as pd

from ...reproduction.comparison import binomial_se, cell_frame, rounding_half_width
from ...reproduction.loop import Comparison
from .claims import judge_claims, read_tables
from .reach import reach_table
from .settings import DISPLAY, PAPER, SLUG, max_rows, tree_rules
from .tables import UNAVAILABLE, columns_of, read_runs, step_of
from .targets import TABLES

__all__ = ["comparison_cells", "comparison_parts", "n_test_points", "reproduced_cells"]

#: The report's runs behind each group's printed means, as §8 states them (decision 8: each such
#: cell carries ``published_replicates``, the report printing no SE): Table 1, "The runs were repeated
#: 10 times with newly generated data ... averaged over the 10 repetitions"; Table 3, "ten runs were
#: made ... The results in Table 3 are the averages over the 10 runs"; Table 4, "based on single runs
#: of 100 steps for each algorithm". Table 5 (§9) states no count of its own: its 100-step columns
#: re-print Table 3's arc-u2 means of the same moderate sets, so its cells are the same 10 runs.
PUBLISHED_RUNS = {"synthetic": 10, "moderate": 10, "larger": 1}


def n_test_points(config, data_summary):
    """Test points per run of each data set (display name): ``{name: (published, reproduced)}``.

    ``data_summary`` is ``results/breiman1997/table_2.csv`` (published and loaded sizes); the
    synthetic sets use the config's test size for both; a larger set's reproduced size is capped
    by the scale's ``max_rows``.
    """
    sizes = {DISPLAY[d]: (config["synthetic"]["n_test"],) * 2 for d in config["synthetic"]["data_sets"]}
    cap = max_rows(config)
    for r in data_summary.itertuples():
        loaded = float(r.n_test) if pd.notna(r.n_test) else np.nan
        if r.group == "larger" and cap is not None and np.isfinite(loaded):
            loaded = min(loaded, cap)
        sizes[r.data_set] = (int(r.published_n_test), loaded)
    return sizes


def reproduced_cells(config, runs, rule, sizes, targets=TABLES, columns=None):
    """The reproduced side of every cell of ``targets`` from a runs frame (:data:`.runs.RUN_COLUMNS`)
    under tree rule ``rule``: dicts with ``target, row, column, reproduced, reproduced_se,
    reproduced_se_source, n_replicates``; a data set without runs gives NaN.

    ``columns`` (optional) keeps only those published columns.
    """
    rows = []
    runs = runs[runs["tree_rule"] == rule] if len(runs) else runs
    for target in targets:
        group = TABLES[target]
        for data_set in [*config[group]["data_sets"], *config[group].get("unavailable", [])]:
            name = DISPLAY[data_set]
            for column, (algorithm, key, metric) in columns_of(target).items():
                if columns is not None and column not in columns:
                    continue
                cell = runs[(runs["data_set"] == data_set) & (runs["algorithm"] == algorithm)
                            & (runs["step"] == step_of(config, key))] if len(runs) else runs
                values = cell.sort_values("run")[metric].to_numpy(dtype=float) if len(cell) else np.array([])
                rows.append({"target": target, "row": name, "column": column,
                             **_reproduced(values, metric, group, sizes.get(name, (np.nan, np.nan))[1])})
    return rows


def _reproduced(values, metric, group, n_test):
    n = values.size
    if n == 0:
        return {"reproduced": np.nan, "reproduced_se": np.nan, "reproduced_se_source": "",
                "n_replicates": 0}
    mean = float(values.mean())
    if n > 1:
        what = "new training and test sets" if group == "synthetic" else "random hold-outs"
        return {"reproduced": mean, "reproduced_se": float(values.std(ddof=1) / np.sqrt(n)),
                "reproduced_se_source": f"SE over {n} runs ({what})", "n_replicates": n}
    if metric == "test_error":
        where = "one run on the designated split" if group == "larger" else "one run"
        return {"reproduced": mean, "reproduced_se": float(binomial_se(mean, n_test)),
                "reproduced_se_source": f"{where}: binomial SE of the test error on its {n_test:.0f} "
                                        "test points", "n_replicates": 1}
    return {"reproduced": mean, "reproduced_se": np.nan,
            "reproduced_se_source": "one run: no SE can be derived for top(c)", "n_replicates": 1}


def _published(printed, metric, group, n_test):
    """The published fields of one cell: the printed value, the SE derived from its printing (a
    top(c): the half-width of its rounding; a test error: the binomial SE on its test points) and,
    by decision 8, the report's runs behind the mean (:data:`PUBLISHED_RUNS`), from which the
    framework estimates the mean's own sampling SE with that SE as its floor."""
    value, runs = float(printed), PUBLISHED_RUNS[group]
    if metric == "top_c":
        se, source = rounding_half_width(printed), "half-width of the printed rounding"
    else:
        points = f"{runs} × {n_test}" if runs > 1 else f"{n_test}"
        se = float(binomial_se(value, runs * n_test))
        source = f"binomial SE of the published mean error on its {points} test points (test sampling only)"
    return {"published": value, "published_se": se, "published_se_source": source,
            "published_replicates": runs}


def comparison_cells(config, runs, published, data_summary, reach=None, rule=None):
    """The cell frame (:func:`mavl.reproduction.comparison.cell_frame`) of Tables 1, 3, 4 and 5
    under tree rule ``rule`` (default: the default rule), from the runs, the published tables as
    printed (by target) and Table 2 (the test sizes). ``reach`` (:func:`.reach.reach_table` of the
    same rule), if given, goes to each top(c) cell's ``measurement``, and to its ``reason`` where it
    shows the published value out of reach.
    """
    rule = rule or tree_rules(config)[0]
    runs = runs[runs["tree_rule"] == rule] if len(runs) else runs
    sizes = n_test_points(config, data_summary)
    reproduced = {(r["target"], r["row"], r["column"]): r
                  for r in reproduced_cells(config, runs, rule, sizes)}
    unavailable = set(config["moderate"]["unavailable"])
    available = set(runs["data_set"]) if len(runs) else set()      # an unloadable set has no runs
    measured = {}
    for r in (reach.itertuples() if reach is not None else ()):
        # The judge keeps a reason only on a miss, so a cell that agrees drops it again.
        measured[(r.target, r.row, r.column)] = {"measurement": r.measurement,
                                                  "reason": r.measurement if r.out_of_reach else ""}
    rows = []
    for target, group in TABLES.items():
        for _, pub in published[target].iterrows():
            name = pub["data_set"]
            for column, (_, key, metric) in columns_of(target).items():
                cell = {"target": target, "row": name, "column": column,
                        **_published(pub[column], metric, group, sizes[name][0])}
                if target == "table_5" and key == 1:
                    cell["repeat_of"] = f"table_3/{name}/arc_u2_{metric}"
                if SLUG[name] in unavailable or SLUG[name] not in available:
                    cell["status"] = UNAVAILABLE
                else:
                    mine = reproduced[(target, name, column)]
                    cell.update({k: v for k, v in mine.items() if k not in ("target", "row", "column")})
                    cell.update(measured.get((target, name, column), {}))
                rows.append(cell)
    return cell_frame(PAPER, rows)


def comparison_parts(inputs, settings, claims_config):
    """The hook of the framework's comparison (:mod:`mavl.reproduction.loop`): the cells of the
    default tree rule (``inputs["runs"]``) with the top(c) measurement (file ``reach``), and the
    claims on every tree rule, judged against the noise of every rule's runs
    (``inputs["all_runs"]``) as ``claims_config`` (the workflow config's ``claims``) sets; the
    summary counts the default rule's. ``inputs["data_summary"]`` is Table 2 (the test sizes).
    """
    published_paths = {Path(p).stem: p for p in inputs["published"]}
    published = {t: pd.read_csv(published_paths[t], dtype=str) for t in TABLES}
    runs = read_runs(inputs["runs"])
    rules = tree_rules(settings)
    reach = reach_table(settings, runs, published, rules[0])
    cells = comparison_cells(settings, runs, published, pd.read_csv(inputs["data_summary"]), reach)
    eq_7_3 = pd.read_csv(inputs["eq_7_3"], dtype={"printed": str}, keep_default_na=False)
    every_run = read_runs(inputs["all_runs"])
    claims = judge_claims(settings, rules, read_tables(inputs["tables"]), eq_7_3, every_run, claims_config)
    return Comparison(cells, claims, counted=claims[claims["tree_rule"] == rules[0]], files={"reach": reach})
