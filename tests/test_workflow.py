"""End to end: the quick profile in a temporary copy of the project (spec james-ch2 §0)."""

import html
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from PIL import Image

from mavl.reproduction.layout import copy_workflow
from mavl.reproduction.registry import papers

ROOT = Path(__file__).resolve().parents[1]
SNAKEMAKE = [sys.executable, "-m", "snakemake"]


def run(cwd, *args):
    return subprocess.run(SNAKEMAKE + list(args), cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONHASHSEED": "0"})


@pytest.fixture(scope="module")
def quick_runs(tmp_path_factory):
    """One run of the quick profile on 2 cores, keyed by its core count.

    The committed quick manifest is written from a ``--cores 1`` run (docs/guide/reproducibility.rst), so
    matching it checks that the core count does not change a byte, without a second run in CI;
    the acceptance check ``determinism`` runs both.
    """
    # MAVL_QUICK_RUN: a finished quick-profile run to check instead (docs/guide/reproducing.rst)
    if os.environ.get("MAVL_QUICK_RUN"):
        return {2: Path(os.environ["MAVL_QUICK_RUN"])}
    project = copy_workflow(ROOT, tmp_path_factory.mktemp("run") / "project")
    done = run(project, "--profile", "workflow/profiles/quick", "--cores", "2")
    assert done.returncode == 0, done.stderr[-3000:]
    return {2: project}


@pytest.mark.slow
def test_quick_profile_builds_every_chapter_2_target(quick_runs):
    results = quick_runs[2] / "results" / "quick" / "james1998"
    for n in range(3, 20):
        for suffix in (".csv", ".published.csv", ".compare.csv"):
            assert (results / f"table_2_{n}{suffix}").stat().st_size > 0
    for n in (2, 7, 8, 9, 10, 11, 12):
        for suffix in (".png", ".pdf", ".csv"):
            assert (results / f"figure_2_{n}{suffix}").stat().st_size > 0
    report = (quick_runs[2] / "reports" / "james1998.quick.md").read_text()
    assert "## Summary" in report and "## Misses, explained" in report and "CL-23" in report


@pytest.mark.slow
def test_quick_profile_builds_the_other_thesis_targets(quick_runs):
    results = quick_runs[2] / "results" / "quick" / "james1998"
    for table in ("table_2_1", "table_2_2", "table_3_1", "table_3_2", "table_sec_3_4"):
        assert (results / f"{table}.csv").stat().st_size > 0
    for figure in ("1_1", "2_1", "2_3", "2_4", "2_5", "2_6", "3_1", "4_1", "4_2", "4_3", "4_4"):
        for suffix in (".png", ".pdf", ".csv"):
            assert (results / f"figure_{figure}{suffix}").stat().st_size > 0
    report = (quick_runs[2] / "reports" / "james1998.quick.md").read_text()
    for claim in ("C3.1a", "C3.2f", "C3.4e", "C4d", "CL-03", "CL-04", "CL-08"):
        assert f"| {claim} |" in report
    zaki = (quick_runs[2] / "reports" / "zaki_ch22.quick.md").read_text()
    assert "14 of 14 claims judged on the reproduced numbers hold" in zaki
    breiman = (quick_runs[2] / "reports" / "breiman1997.quick.md").read_text()
    assert "| K-4 |" in breiman and "not reproduced: data unavailable" in breiman


@pytest.mark.slow
def test_quick_profile_builds_every_allwein_target(quick_runs):
    results = quick_runs[2] / "results" / "quick" / "allwein2000"
    for n in (1, 2, 3):
        assert (results / f"table_{n}.csv").stat().st_size > 0
    for n in range(1, 8):
        for suffix in (".csv", ".png"):
            assert (results / f"figure_{n}{suffix}").stat().st_size > 0
    bounds = (results / "extra_bound_check.csv").read_text().splitlines()
    assert len(bounds) > 1 and all(line.endswith(",True") for line in bounds[1:])
    report = (quick_runs[2] / "reports" / "allwein2000.quick.md").read_text()
    assert "| D-1 |" in report and "| F3-1 |" in report and "not reproduced: data unavailable" in report


@pytest.mark.slow
def test_quick_profile_builds_every_valentini_target_at_smoke_scale(quick_runs):
    dry = run(quick_runs[2], "valentini2003", "-n", "--cores", "1", "--config", "scale=quick")
    assert dry.returncode == 0 and "Nothing to be done" in dry.stdout + dry.stderr
    results = quick_runs[2] / "results" / "quick" / "valentini2003"
    tables = ("table_4_1", "table_4_2", "table_5_1", "table_5_2", "table_6_1", "table_6_2", "table_6_3")
    figures = [f"figure_4_{n}" for n in range(5, 26)] + ["figure_5_4", "figure_5_25", "figure_6_1"]
    for target in tables + tuple(figures):
        frame = pd.read_csv(results / f"{target}.csv")
        assert len(frame) > 0 and set(frame["scale"]) == {"smoke"}, target
        assert (results / f"{target}.png").exists() or target.startswith("table_"), target
    report = (quick_runs[2] / "reports" / "valentini2003.quick.md").read_text()
    assert "SMOKE scale" in report and "| Q6.1 |" in report and "Musk1 substitute" in report


@pytest.mark.slow
def test_a_paper_scale_run_beside_the_quick_run_leaves_both_trees_whole(quick_runs):
    """Quick, then Zaki at the paper scale, then both dry runs again: each scale has its own tree,
    neither run touches the other's files, and Snakemake finds nothing to do for either."""
    project = quick_runs[2]
    quick_tree = sorted(p for p in (project / "results" / "quick").rglob("*") if p.is_file())
    before = {p: p.stat().st_mtime_ns for p in quick_tree}
    done = run(project, "zaki_ch22", "--cores", "2")
    assert done.returncode == 0, done.stderr[-3000:]
    assert (project / "results" / "zaki_ch22" / "comparison.csv").is_file()
    assert (project / "reports" / "zaki_ch22.md").is_file()
    assert {p: p.stat().st_mtime_ns for p in quick_tree} == before
    for args in (["zaki_ch22"], ["--profile", "workflow/profiles/quick"]):
        dry = run(project, "-n", "--cores", "1", *args)
        assert dry.returncode == 0 and "Nothing to be done" in dry.stdout + dry.stderr, args


@pytest.mark.slow
def test_every_job_of_the_quick_build_logs_its_start_and_end_and_the_loops_their_progress(quick_runs):
    logs = sorted((quick_runs[2] / "logs").rglob("*.log"))
    assert len(logs) > 100
    silent = [str(p.relative_to(quick_runs[2])) for p in logs if "finished in" not in p.read_text()]
    assert silent == []
    text = "\n".join(p.read_text() for p in logs)
    assert re.search(r"runs: \d+/\d+ \(\d+ %\), elapsed [\d.]+ s", text)          # Breiman's runs
    assert re.search(r"code \(\d+ columns\): folds: \d+/\d+", text)              # Allwein's folds


@pytest.mark.slow
def test_committed_quick_manifest_of_a_cores_1_run_matches_this_cores_2_run(quick_runs):
    """Byte for byte where this machine's software, BLAS kernels and SIMD are the manifest's;
    elsewhere every number within one unit of its sixth decimal and every verdict unchanged."""
    from mavl.reproduction.manifest import check

    result = check(ROOT / "reports" / "manifest.quick.sha256", quick_runs[2], rtol=1e-9, atol=2e-6)
    assert result.problems == []
    if not result.environment:
        assert result.tolerated == {}


PAPERS = papers()


@pytest.fixture(scope="module")
def html_report(quick_runs):
    """``snakemake --report`` of the whole quick run: one self-contained HTML file."""
    done = run(quick_runs[2], "--profile", "workflow/profiles/quick", "--report", "report.html")
    assert done.returncode == 0, done.stderr[-3000:]
    return quick_runs[2] / "report.html"


@pytest.mark.slow
def test_html_report_holds_every_figure_with_its_own_caption_and_every_paper_as_pages(html_report):
    text = html_report.read_text()
    project = html_report.parent
    for paper in PAPERS:
        assert (project / "results" / "quick" / paper / "pages" / "report.html").stat().st_size > 10_000
        for page in (project / "results" / "quick" / paper / "pages" / "tables").glob("*.html"):
            assert page.name in text, f"{paper}: table page {page.name} not in the HTML report"
    for caption in sorted((ROOT / "workflow" / "report").glob("*/figures/*.rst")):
        png = project / "results" / "quick" / caption.parent.parent.name / f"{caption.stem}.png"
        assert png.name in text
        # The caption's opening words, as Snakemake renders them (HTML-escaped, inside JSON).
        words = " ".join(caption.read_text().split()[:4])
        assert html.escape(words, quote=False) in text or json.dumps(html.escape(words))[1:-1] in text, \
            f"the caption of {caption.parent.parent.name}/{caption.stem} is not in the HTML report"


BROWSER = shutil.which("chromium")
CHECK_PAGE = """<script>
window.addEventListener("load", () => {
  const imgs = [...document.images];
  const shown = i => i.complete && i.naturalWidth > 0 && i.getBoundingClientRect().height > 0;
  const broken = imgs.filter(i => !shown(i));
  const rows = [...document.querySelectorAll("table tr")].filter(r => r.getBoundingClientRect().height > 0);
  const out = document.createElement("pre");
  out.id = "mavl-check";
  out.textContent = JSON.stringify({images: imgs.length, broken: broken.length, visible_rows: rows.length});
  document.body.appendChild(out);
});
</script>"""


def _chromium(*args):
    return subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--virtual-time-budget=20000", *args], capture_output=True, text=True, timeout=180)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("MAVL_BROWSER_TEST") or BROWSER is None,
                    reason="opt-in: MAVL_BROWSER_TEST=1 and Debian's chromium (docs/guide/reproducing.rst)")
def test_html_report_and_pages_show_their_figures_and_tables_in_a_real_browser(html_report):
    """Screenshots go to $MAVL_BROWSER_TEST_SHOTS (default: beside the quick run)."""
    project = html_report.parent
    shots = Path(os.environ.get("MAVL_BROWSER_TEST_SHOTS", project / "screenshots"))
    shots.mkdir(parents=True, exist_ok=True)
    # The Snakemake report is a JavaScript app: once it has run, its DOM lists every paper.
    dom = _chromium("--dump-dom", html_report.as_uri()).stdout
    for paper in PAPERS:
        assert paper in dom, f"{paper} is not listed by the rendered HTML report"
    _chromium(f"--screenshot={shots / 'snakemake_report.png'}", "--window-size=1400,1000",
              html_report.as_uri())
    for paper in PAPERS:
        pages = [project / "results" / "quick" / paper / "pages" / "report.html",
                 *sorted((project / "results" / "quick" / paper / "pages" / "tables").glob("*.html"))[:2]]
        for page in pages:
            checked = page.with_name(f".checked.{page.name}")
            checked.write_text(page.read_text().replace("</body>", CHECK_PAGE + "</body>"))
            dom = _chromium("--dump-dom", checked.as_uri()).stdout
            found = re.search(r'<pre id="mavl-check">(.*?)</pre>', dom)
            assert found, f"{page}: the page did not load"
            state = json.loads(html.unescape(found.group(1)))
            assert state["broken"] == 0, f"{page}: {state['broken']} of {state['images']} figures not shown"
            assert state["visible_rows"] > 0, f"{page}: no table row is visible"
            if page.name == "report.html":
                assert state["images"] > 0 or paper == "breiman1997", f"{page}: no figure"
        shot = shots / f"{paper}.png"
        _chromium(f"--screenshot={shot}", "--window-size=1200,2400", pages[0].as_uri())
        # Not a blank page: a rendered report has text, tables and figures in many colours.
        colours = Image.open(shot).convert("RGB").getcolors(maxcolors=1 << 24)
        assert len(colours) > 50, f"{shot}: blank screenshot"
