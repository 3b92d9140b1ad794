"""The framework's loop (mavl.reproduction.loop) on a paper's hooks: the comparison judges the
paper's cells, its own sweep rows with those of every sweep file, counts the claims it is told to,
writes the paper's other files; the report reads back what was judged and writes its own files."""

from types import SimpleNamespace

import pandas as pd

from mavl.reproduction import loop
from mavl.reproduction.assembly import ClaimSet
from mavl.reproduction.claims import ClaimRegistry
from mavl.reproduction.comparison import cell_frame
from mavl.reproduction.io import read_json, write_table


def _cells():
    return cell_frame("toy", [
        {"target": "t", "row": "a", "column": "B=2", "published": 10.0, "published_se": 1.0,
         "reproduced": 20.0, "reproduced_se": 1.0, "n_replicates": 5},
        {"target": "u", "row": "b", "column": "B=2", "published": 10.0, "published_se": 1.0,
         "reproduced": 20.0, "reproduced_se": 1.0, "n_replicates": 5}])


def _sweep(group, target, value):
    return pd.DataFrame([{"group": group, "reading": name, "description": name, "target": target,
                          "row": row, "column": "B=2", "reproduced": v, "reproduced_se": 1.0,
                          "n_replicates": 5}
                         for name, v in (("default", 20.0), ("other", value)) for row in ("a", "b")])


CLAIMS = ClaimRegistry()


@CLAIMS.claim("C1", "The value is above 5")
def _above_5(evidence):
    return evidence["value"] > 5, f"{evidence['value']:.1f}"


def _claims(reproduced):
    """C1 judged on a published value of 8 and ``reproduced``."""
    return pd.DataFrame(CLAIMS.judge({"value": 8.0}, {"value": reproduced}))


def _hooks(comparison=None, report=None):
    return SimpleNamespace(comparison_parts=lambda inputs, settings, claims_config: comparison,
                           report_parts=lambda inputs, settings, judged: report(judged))


def test_the_comparison_judges_its_own_sweep_first_and_counts_what_it_is_told(step_job, tmp_path):
    write_table(_sweep("g2", "u", 30.0), tmp_path / "g2.csv")              # a file: u's miss stays
    own = _sweep("g1", "t", 11.0)                                          # computed: t's miss explained
    headline, other = _claims(9.0), _claims(1.0)
    extra = pd.DataFrame({"x": [1.5]})
    parts = loop.Comparison(_cells(), pd.concat([headline, other], ignore_index=True), counted=headline,
                            files={"extra": extra}, sweeps=own)
    names = ("comparison", "claims", "readings", "extra")
    outputs = {name: tmp_path / "out" / f"{name}.csv" for name in names}
    outputs["summary"] = tmp_path / "out" / "summary.json"
    judged, readings, _ = loop.comparison(
        step_job({"sweeps": [tmp_path / "g2.csv"]}, outputs, settings={}, claims={}), _hooks(parts))
    assert judged.set_index("target")["verdict"].to_dict() == {"t": "explained", "u": "unexplained"}
    written = pd.read_csv(outputs["readings"])
    assert list(dict.fromkeys(written["group"])) == ["g1", "g2"]           # its own rows first
    assert written.set_index(["group", "reading"])["chosen"].to_dict()[("g1", "other")]
    assert len(pd.read_csv(outputs["claims"])) == 2                        # every claim written ...
    counts = read_json(outputs["summary"])
    assert counts["explained"] == 1                                        # ... the headline counted
    assert counts["claims_reproduced_judged"] == 1 and counts["claims_reproduced_holding"] == 1
    pd.testing.assert_frame_equal(pd.read_csv(outputs["extra"]), extra)


def test_the_report_reads_back_what_was_judged_and_writes_the_papers_files(step_job, tmp_path):
    outputs = {name: tmp_path / f"{name}.csv" for name in ("comparison", "claims", "readings")}
    outputs["summary"] = tmp_path / "summary.json"
    write_table(_sweep("g1", "t", 11.0), tmp_path / "g1.csv")
    loop.comparison(step_job({"sweeps": [tmp_path / "g1.csv"]}, outputs, settings={}, claims={}),
                    _hooks(loop.Comparison(_cells(), _claims(9.0))))
    seen, paired = {}, pd.DataFrame({"p": [0.25]})

    def report(judged):
        seen["judged"] = judged
        return loop.Report("Toy: reproduction report", ["Opening."],
                           claims=[ClaimSet(judged.claims, "Shown")], readings=judged.readings.iloc[:0],
                           files={"paired": paired})

    written = {"report": tmp_path / "report.md", "figures": tmp_path / "figures",
               "paired": tmp_path / "p.csv"}
    job = step_job({**outputs, "figures": []}, written, settings={}, captions={})
    loop.report(job, _hooks(report=report))
    judged = seen["judged"]
    assert judged.counts["explained"] == 1 and list(judged.claims["claim_id"]) == ["C1"]
    assert set(judged.readings["group"]) == {"g1"}                         # read back from readings.csv
    text = (tmp_path / "report.md").read_text()
    assert text.startswith("# Toy: reproduction report") and "Shown" in text
    pd.testing.assert_frame_equal(pd.read_csv(tmp_path / "p.csv"), paired)
