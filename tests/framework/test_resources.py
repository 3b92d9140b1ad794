"""Cluster resources from measured job costs (mavl.reproduction.resources)."""

import pandas as pd
import pytest

from mavl.reproduction.resources import (
    FLOOR_MB,
    FLOOR_MINUTES,
    busy_cores,
    collect_costs,
    job_measurements,
    job_priority,
    job_resources,
    job_timeline,
    merge_costs,
    read_costs,
    rule_shares,
    scaled_costs,
    write_costs,
)


def _job(root, paper, path, rule, seconds, rss, scale="paper", logged_peak=None):
    log = root / paper / f"{path}.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    ended = "" if logged_peak is None else f"INFO mavl.job: finished in 60 s; peak memory {logged_peak} MB\n"
    log.write_text(f"2026-01-01 00:00:00,000 INFO mavl.job: started {rule} {{'x': '1'}}; BLAS threads 1\n"
                   + ended)
    bench = root / paper / "bench" / scale / f"{path}.tsv"
    bench.parent.mkdir(parents=True, exist_ok=True)
    bench.write_text("s\th:m:s\tmax_rss\tmax_vms\n" f"{seconds}\t0:00:01\t{rss}\t1.0\n")


def test_costs_are_the_largest_job_of_each_rule_at_the_scale(tmp_path):
    _job(tmp_path, "smith2001", "fit/a/rep0", "smith_fit", 30.0, 200.0)
    _job(tmp_path, "smith2001", "fit/a/rep1", "smith_fit", 90.0, 150.0)
    _job(tmp_path, "smith2001", "table", "smith_table", 2.0, 120.0)
    _job(tmp_path, "smith2001", "fit/a/rep2", "smith_fit", 999.0, 999.0, scale="quick")   # another scale
    costs = collect_costs(tmp_path, "paper").set_index("rule")
    assert costs.loc["smith_fit", ["jobs", "seconds", "max_rss_mb"]].tolist() == [2, 90.0, 200.0]
    assert costs.loc["smith_table", "jobs"] == 1 and set(costs["source"]) == {"measured"}


def test_the_logged_peak_counts_where_the_benchmark_sampled_below_it(tmp_path):
    _job(tmp_path, "smith2001", "fit/a/rep0", "smith_fit", 30.0, 200.0, logged_peak=6784)
    _job(tmp_path, "smith2001", "fit/a/rep1", "smith_fit", 30.0, 500.0, logged_peak=450)
    _job(tmp_path, "smith2001", "table", "smith_table", 2.0, 120.0, logged_peak=80)
    costs = collect_costs(tmp_path, "paper").set_index("rule")
    assert costs.loc["smith_fit", "max_rss_mb"] == 6784.0 and costs.loc["smith_table", "max_rss_mb"] == 120.0


def test_a_new_measurement_keeps_the_worst_seen_and_replaces_an_estimate():
    def rows(rule, scale, seconds, rss, source="measured"):
        return pd.DataFrame({"rule": rule, "scale": scale, "jobs": 2, "seconds": seconds, "max_rss_mb": rss,
                             "source": source})
    old = pd.concat([rows(["a", "b"], "paper", [415.6, 3.0], [2062.0, 200.0]),
                     rows(["a"], "full", [9000.0], [4000.0], "estimated: 9x"),
                     rows(["a"], "quick", [5.0], [150.0])])
    new = pd.concat([rows(["a", "c"], "paper", [300.0, 1.0], [5852.0, 90.0]),
                     rows(["a"], "full", [1500.0], [900.0])])
    merged = merge_costs(old, new).set_index(["rule", "scale"])
    assert merged.loc[("a", "paper"), ["seconds", "max_rss_mb"]].tolist() == [415.6, 5852.0]
    full = merged.loc[("a", "full"), ["seconds", "max_rss_mb", "source"]].tolist()
    assert full == [1500.0, 900.0, "measured"]
    assert merged.loc[("a", "quick"), "seconds"] == 5.0 and merged.loc[("c", "paper"), "jobs"] == 2
    assert len(merged) == 5
    replaced = merge_costs(old, new, replace=True).set_index(["rule", "scale"])
    assert replaced.loc[("a", "paper"), ["seconds", "max_rss_mb"]].tolist() == [300.0, 5852.0]
    assert replaced.loc[("b", "paper"), "seconds"] == 3.0 and len(replaced) == 5   # not re-run: kept


def test_a_job_asks_twice_its_cost_with_a_floor_and_doubles_at_each_retry():
    costs = pd.DataFrame({"rule": ["slow", "tiny"], "scale": "paper", "jobs": 1, "seconds": [1234.0, 1.0],
                          "max_rss_mb": [2600.0, 50.0], "source": "measured"})
    slow = job_resources(costs, "slow", "paper")
    assert slow["runtime"](None, 1) == 42 and slow["mem_mb"](None, 1) == 5200      # ceil(2·1234/60)
    assert slow["runtime"](None, 3) == 168 and slow["mem_mb"](None, 2) == 10400
    for rule, scale in (("tiny", "paper"), ("slow", "quick"), ("unknown", "paper")):
        asked = job_resources(costs, rule, scale)
        assert (asked["runtime"](None, 1), asked["mem_mb"](None, 1)) == (FLOOR_MINUTES, FLOOR_MB)


def test_estimated_rows_say_so_and_the_table_round_trips(tmp_path):
    measured = pd.DataFrame({"rule": ["a", "b"], "scale": "default", "jobs": 3, "seconds": [10.0, 20.0],
                             "max_rss_mb": [100.0, 300.0], "source": "measured"})
    full = scaled_costs(measured, "default", "full", {"a": 8.5}, 4.0, "8.5x time (sampled), 4x memory")
    assert full["seconds"].tolist() == [85.0, 20.0] and full["max_rss_mb"].tolist() == [400.0, 1200.0]
    assert full["source"].str.startswith("estimated").all()
    path = tmp_path / "costs.tsv"
    write_costs(pd.concat([full, measured]), path)
    back = read_costs(path)
    assert back["scale"].tolist() == ["default", "default", "full", "full"]
    pd.testing.assert_frame_equal(back[back["scale"] == "full"].reset_index(drop=True),
                                  full.reset_index(drop=True), check_dtype=False)


@pytest.mark.parametrize("argv", [[], ["logs"]])
def test_the_command_line_says_how_to_use_it(argv, capsys):
    from mavl.reproduction.resources import main
    assert main(argv) == 2 and "python -m mavl.reproduction.resources" in capsys.readouterr().out


def test_rule_shares_sum_each_rules_cpu_and_rank_the_largest_first(tmp_path):
    for path, rule, seconds, cpu, rss in (("fit/a/rep0", "smith_fit", 30.0, 20.0, 200.0),
                                          ("fit/a/rep1", "smith_fit", 90.0, 70.0, 150.0),
                                          ("table", "smith_table", 12.0, 10.0, 120.0)):
        _job(tmp_path, "smith2001", path, rule, seconds, rss)
        bench = tmp_path / "smith2001" / "bench" / "paper" / f"{path}.tsv"
        bench.write_text("s\th:m:s\tmax_rss\tmax_vms\tcpu_time\n" f"{seconds}\t0:00:01\t{rss}\t1.0\t{cpu}\n")
    jobs = job_measurements(tmp_path, "paper")
    assert len(jobs) == 3 and jobs["cpu_seconds"].sum() == 100.0
    shares = rule_shares(jobs)
    assert shares["rule"].tolist() == ["smith_fit", "smith_table"]
    fit = shares.iloc[0]
    columns = ["jobs", "cpu_seconds", "wall_seconds", "longest_job_seconds", "peak_mb"]
    assert fit[columns].tolist() == [2, 90.0, 120.0, 90.0, 200.0]
    assert shares["cpu_share"].tolist() == pytest.approx([0.9, 0.1])


_RUN_LOG = """Select jobs to execute...
[Thu Nov 26 21:34:56 2026]
localrule slow_fit:
    output: results/a.tsv
    jobid: 7
    wildcards: x=1
[Thu Nov 26 21:34:56 2026]
rule table:
    output: results/b.tsv
    jobid: 3
[Thu Nov 26 21:35:06 2026]
Finished jobid: 3 (Rule: table)
1 of 3 steps (33%) done
[Thu Nov 26 21:35:06 2026]
localrule table:
    jobid: 4
[Thu Nov 26 21:35:16 2026]
Finished jobid: 4 (Rule: table)
[Thu Nov 26 21:35:56 2026]
Finished jobid: 7 (Rule: slow_fit)
"""


def test_the_timeline_of_a_run_gives_each_job_its_start_and_end_and_the_idle_tail():
    timeline = job_timeline(_RUN_LOG).set_index("jobid")
    assert timeline.loc[7].tolist() == ["slow_fit", 0.0, 60.0]
    assert timeline.loc[4].tolist() == ["table", 10.0, 20.0]
    used = busy_cores(timeline, cores=2)
    # 60 s of slow_fit beside 20 s of tables: 80 of 120 core-seconds; one core idle for the last 40 s
    assert used == {"wall_seconds": 60.0, "core_seconds": 80.0, "utilisation": 80 / 120, "tail_seconds": 40.0}
    assert busy_cores(timeline, cores=1)["utilisation"] == 1.0


def test_priority_is_the_largest_measured_job_in_whole_minutes():
    costs = pd.DataFrame([("long_fit", "paper", 3, 1313.7, 800.0, "measured"),
                          ("table", "paper", 1, 12.0, 200.0, "measured"),
                          ("long_fit", "quick", 3, 20.0, 200.0, "measured")],
                         columns=["rule", "scale", "jobs", "seconds", "max_rss_mb", "source"])
    assert job_priority(costs, "long_fit", "paper") == 21
    assert job_priority(costs, "table", "paper") == 0
    assert job_priority(costs, "long_fit", "quick") == 0
    assert job_priority(costs, "unmeasured", "paper") == 0
