"""The documentation site (docs/): the API reference gives every public name of the library its own
page with a [source] link, and its index lists every estimator ``mavl`` exports; every public method
of a documented class has a docstring, every example in the library's docstrings runs, the gallery
shows every figure the papers declare with its report's caption and section and the command that
builds it, and its links resolve in the built site; and, opt-in, a real browser opens it. (.ci/run
builds the site with -n -W: a reference that does not resolve fails the build.)"""

import doctest
import html
import importlib
import inspect
import json
import os
import pkgutil
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import mavl
from mavl.reproduction.layout import papers
from mavl.reproduction.targets import Target

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
sys.path.insert(0, str(DOCS / "_ext"))        # the docs' extensions, as docs/conf.py imports them

api = importlib.import_module("mavl_api")
gallery = importlib.import_module("mavl_gallery")
spec_ids = importlib.import_module("mavl_spec_ids")
NAMES = api.documented_names()                  # {page: [full name, ...]}, each name its own page
PAGES = api.documented_classes()
CLASSES = sorted({cls for classes in PAGES.values() for cls in classes}, key=lambda cls: cls.__qualname__)

# The library's public modules (the API reference's scope; the framework and the papers are not
# in it), and what each makes public: its __all__, or else the functions and classes it defines.
PUBLIC_MODULES = ["mavl"] + [m.name for m in pkgutil.walk_packages(mavl.__path__, "mavl.")
                             if not m.name.startswith(("mavl.papers", "mavl.reproduction"))
                             and not any(part.startswith("_") for part in m.name.split("."))]


def _public_names(module_name):
    module = importlib.import_module(module_name)
    if hasattr(module, "__all__"):
        return list(module.__all__)
    return [name for name, obj in vars(module).items() if not name.startswith("_")
            and (inspect.isfunction(obj) or inspect.isclass(obj)) and obj.__module__ == module_name]


def test_the_api_index_lists_every_estimator_mavl_exports_and_nothing_else():
    listed = api.autosummary_names((DOCS / "api" / "index.rst").read_text())
    assert sorted(listed) == sorted(f"mavl.{name}" for name in mavl.__all__)
    documented = {name for names in NAMES.values() for name in names}
    assert set(listed) <= documented            # each links to the page a module page generates


def test_every_public_name_of_the_library_has_one_page():
    """Every name in the __all__ of a public library module (or, without one, every function and
    class it defines) is documented, once: a name a package re-exports shares its module's page."""
    pages = [name for names in NAMES.values() for name in names]
    assert len(pages) == len(set(pages))
    objects = {}
    for name in pages:
        objects.setdefault(id(api.resolve(name)), []).append(name)
    assert [names for names in objects.values() if len(names) > 1] == []
    missing = [f"{module}.{name}" for module in PUBLIC_MODULES for name in _public_names(module)
               if id(getattr(importlib.import_module(module), name)) not in objects]
    assert missing == []


def test_every_constant_is_documented_where_its_doc_comment_is():
    """autodoc reads a constant's ``#:`` comment from the module it is documented in; documented
    under a package that re-exports it, a constant would show its type's docstring instead."""
    from sphinx.pycode import ModuleAnalyzer

    constants = [name for names in NAMES.values() for name in names
                 if not callable(api.resolve(name)) and not inspect.ismodule(api.resolve(name))]
    undocumented = [name for name in constants
                    if ("", name.rpartition(".")[2]) not in
                    ModuleAnalyzer.for_module(name.rpartition(".")[0]).find_attr_docs()]
    assert len(constants) > 20 and undocumented == []


def test_intersphinx_reads_only_the_committed_inventories():
    """CI has no network: each project's inventory is a file of docs/_inventories/, never a URL."""
    import runpy

    from sphinx.util.inventory import InventoryFile

    mapping = runpy.run_path(str(DOCS / "conf.py"))["intersphinx_mapping"]
    assert {"python", "numpy", "scipy", "sklearn"} <= set(mapping)
    for url, locations in mapping.values():
        assert [location for location in locations if location is None or "://" in location] == []
        for location in locations:
            inventory = InventoryFile.loads((DOCS / location).read_bytes(), uri=url)
            assert len(inventory.data) > 5        # object types: py:class, py:function, std:term, ...


def test_the_api_pages_list_the_estimators_and_their_own_methods_not_scikit_learns():
    pages = {page.stem for page in (DOCS / "api").glob("*.rst")} - {"index", "spec_ids"}
    assert set(NAMES) == pages
    assert {mavl.ECOCClassifier, mavl.AdaBoostM1Classifier, mavl.LobagClassifier} <= set(CLASSES)
    ecoc, boost = api.public_members(mavl.ECOCClassifier), api.public_members(mavl.AdaBoostM1Classifier)
    # Inherited from mavl's private bases and mixins, so listed; scikit-learn's own are not.
    assert {"predict_prefixes", "decode_prefixes", "column_outputs", "staged_predict_proba"} <= set(ecoc)
    assert {"predict_prefixes", "staged_edges", "staged_decision_function"} <= set(boost)
    assert not {"get_params", "set_params", "score", "set_fit_request"} & (set(ecoc) | set(boost))


def _own_docstring(member):
    for wrapped in ("fget", "fn", "__func__"):      # property, available_if method, classmethod
        member = getattr(member, wrapped, member)
    return (member.__doc__ or "").strip()


@pytest.mark.parametrize("cls", CLASSES, ids=lambda cls: cls.__qualname__)
def test_every_public_method_of_a_documented_class_has_its_own_docstring(cls):
    """autodoc leaves out a member without a docstring (``undoc-members`` is off), and a docstring
    inherited from scikit-learn would describe scikit-learn's method: each needs its own."""
    missing = [name for name, member in api.public_members(cls).items() if not _own_docstring(member)]
    assert missing == [], f"{cls.__qualname__}: no docstring for {missing}"


# The examples of the public estimators (mavl.__all__) run in tests/library/test_estimator_face.py,
# with its own checks; here every other example of the library's docstrings runs.
LIBRARY = ["mavl"] + [m.name for m in pkgutil.walk_packages(mavl.__path__, "mavl.")
                      if not m.name.startswith(("mavl.papers", "mavl.reproduction"))]
ESTIMATORS = {f"{getattr(mavl, name).__module__}.{name}" for name in mavl.__all__}


def _examples(module):
    found = doctest.DocTestFinder(exclude_empty=True).find(importlib.import_module(module))
    return [test for test in found if test.examples and test.name not in ESTIMATORS]


EXAMPLES = [test for module in LIBRARY for test in _examples(module)]


def test_the_library_has_examples_beyond_the_estimators():
    names = {test.name for test in EXAMPLES}
    assert {"mavl.svm.regions.rbf_regions", "mavl.assess.bayes.NaiveBayesClassifier"} <= names
    assert not names & ESTIMATORS


@pytest.mark.parametrize("test", EXAMPLES, ids=lambda test: test.name)
def test_every_example_of_the_library_docstrings_runs(test, run_doctest):
    result, report = run_doctest(test)
    assert result.failed == 0, report


# The gallery: each paper's declared figures, with the caption and section of its committed report.

DECLARED = gallery.declared_figures()
REPORT_FIGURES = {paper: sorted(p.stem for p in (ROOT / "reports" / f"{paper}_figures").glob("*.png"))
                  for paper in DECLARED}


def test_the_gallery_has_every_paper_in_the_order_of_the_report_index():
    assert list(DECLARED) == ["james1998", "zaki_ch22", "breiman1997", "allwein2000", "valentini2003"]
    assert set(DECLARED) == set(papers())


@pytest.mark.parametrize("paper", list(DECLARED))
def test_the_gallery_shows_each_declared_figure_of_a_paper_once_with_its_caption_and_section(paper):
    title, rows, problems = gallery.gallery_figures(paper, DECLARED[paper], anchor_depth=4)
    assert problems == []
    assert title.startswith(paper.partition("_")[0].rstrip("0123456789").capitalize())
    assert sorted(row.id for row in rows) == sorted(target.id for target in DECLARED[paper])
    # ... and the figures the committed report copied beside it are those (breiman1997: none).
    assert sorted(row.figure.name for row in rows) == REPORT_FIGURES[paper]
    for row in rows:
        assert (ROOT / "reports" / row.figure.image).is_file()
        assert row.figure.caption and not row.figure.caption.startswith(f"*{row.figure.label}")
        assert row.figure.anchor
        assert row.command == f"snakemake --cores 2 {paper}_{row.id}"


def test_a_declared_figure_the_report_lacks_and_a_report_figure_nobody_declares_are_named():
    declared = [t for t in DECLARED["allwein2000"] if t.id != "figure_3"]
    declared.append(Target("figure_9", "figure", ["results/allwein2000/figure_9.png"]))
    _, rows, problems = gallery.gallery_figures("allwein2000", declared, anchor_depth=4)
    assert len(rows) == len(DECLARED["allwein2000"]) - 1
    assert problems == [
        "allwein2000: the report shows allwein2000_figures/figure_3.png, which is no declared figure",
        "allwein2000: the report shows no image of its declared figure figure_9"]


# [![label](../reports/<paper>_figures/<name>.png)](reports/<paper>.md#<anchor>)
GALLERY_ITEM = re.compile(r"^\[!\[(.+?)\]\(\.\./reports/(\w+)_figures/(\w+)\.png\)\]"
                          r"\(reports/(\w+)\.md#([\w-]+)\)$", flags=re.M)


def test_the_gallery_page_links_every_figure_to_its_report_and_gives_its_command():
    text, problems = gallery.gallery_markdown(anchor_depth=4)
    assert problems == []
    items = GALLERY_ITEM.findall(text)
    assert len(items) == sum(map(len, DECLARED.values()))
    assert all(paper == page for _, paper, _, page, _ in items)
    assert ("Figure 2.3", "james1998", "figure_2_3", "james1998", "figures") in items
    assert text.count("· `snakemake --cores 2 valentini2003_figure_4_25`") == 1


# Opt-in: Debian's chromium opens the built site (MAVL_BROWSER_TEST=1, as for the HTML report of
# tests/test_workflow.py). $MAVL_DOCS_SITE names a finished `sphinx-build -b html docs <dir>` to check;
# else the site is built here, with warnings as errors as CI builds it.

BROWSER = shutil.which("chromium")
# Run in the page once it has loaded: what a reader sees, written into the DOM for --dump-dom.
CHECK_PAGE = """<script>
window.addEventListener("load", () => {
  const imgs = [...document.querySelectorAll("div.body img")];
  const rows = [...document.querySelectorAll("div.body table tr")]
    .filter(r => r.getBoundingClientRect().height > 0);
  const out = document.createElement("pre");
  out.id = "mavl-check";
  out.textContent = JSON.stringify({
    title: document.querySelector("div.body h1").textContent,
    images: imgs.map(i => i.getAttribute("src")),
    broken: imgs.filter(i => !(i.complete && i.naturalWidth > 0)).length,
    visible_rows: rows.length,
    links: [...document.querySelectorAll("div.body a.reference.internal")].map(a => a.getAttribute("href")),
    dangling: [...document.querySelectorAll("div.body a[href^='#']")].map(a => a.getAttribute("href"))
      .filter(h => !document.getElementById(decodeURIComponent(h.slice(1)))),
  });
  document.body.appendChild(out);
});
</script>"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    if os.environ.get("MAVL_DOCS_SITE"):
        return Path(os.environ["MAVL_DOCS_SITE"])
    out = tmp_path_factory.mktemp("site") / "html"
    build = subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
                            str(DOCS), str(out)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-3000:]
    return out


def test_every_link_and_image_of_the_built_gallery_resolves(site):
    """Each figure's link opens its report page at an element of that id, each image is a file."""
    page = (site / "gallery.html").read_text()
    links = re.findall(r'<a class="reference internal" href="(reports/[\w.]+\.html)#([\w-]+)"', page)
    images = re.findall(r'<img alt="[^"]*" src="([^"]+)"', page)
    assert len(images) == sum(map(len, DECLARED.values())) and len(links) == 2 * len(images)
    assert all((site / src).is_file() for src in images)
    pages = {target: (site / target).read_text() for target, _ in links}
    assert [(t, anchor) for t, anchor in links if f'id="{anchor}"' not in pages[t]] == []


def test_every_public_name_has_its_page_in_the_built_site_with_a_source_link(site):
    """Each function and class page links its highlighted source ([source], sphinx.ext.viewcode),
    and the link opens the module's page at that definition; a constant's page has no [source]."""
    pages = {name: site / "api" / "generated" / f"{name}.html" for names in NAMES.values() for name in names}
    assert [name for name, page in pages.items() if not page.is_file()] == []
    missing = []
    for name, page in pages.items():
        if not callable(api.resolve(name)):
            continue
        text = page.read_text()
        # <a class="reference internal" href="../../_modules/mavl/output_codes/ecoc.html#ECOCClassifier">
        found = re.search(r'<a class="reference internal" href="([^"#]+)#([^"]+)">'
                          r'<span class="viewcode-link">', text)
        if not found or f'id="{found.group(2)}"' not in (page.parent / found.group(1)).read_text():
            missing.append(name)
    assert missing == []


def test_every_spec_id_in_the_api_pages_links_to_its_entry(site):
    """The docstrings cite the specs by id (AMB-15, R2, A15, decision 5): outside code, each links to
    its entry on the spec-id page (docs/_ext/mavl_spec_ids.py links them; an id with no entry fails the
    build), whose anchors are there."""
    entries = (site / "api" / "spec_ids.html").read_text()
    linked, bare = set(), []
    for page in sorted((site / "api").rglob("*.html")):
        if page.name == "spec_ids.html" or page.parent.name == "_modules":
            continue
        text = page.read_text()
        linked |= set(re.findall(r'href="(?:\.\./)?spec_ids\.html#([\w-]+)"', text))
        text = re.sub(r'<a [^>]*href="(?:\.\./)?spec_ids\.html#[^"]*"[^>]*>.*?</a>', "", text, flags=re.S)
        text = re.sub(r"<(code|pre)\b.*?</\1>|<[^>]+>", " ", text, flags=re.S)
        bare += [f"{page.name}: {m['id']}" for m in spec_ids.SPEC_ID.finditer(html.unescape(text)) if m["id"]]
    assert bare == []
    assert {"term-AMB-15", "term-R2", "term-A15", "term-decision-5", "spec-ids-specs"} <= linked
    assert [anchor for anchor in linked if f'id="{anchor}"' not in entries] == []


def _chromium(*args):
    return subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--virtual-time-budget=20000", *args], capture_output=True, text=True, timeout=180)


def _open(page):
    """What the browser shows of a built page, read by CHECK_PAGE."""
    checked = page.with_name(f".checked.{page.name}")
    checked.write_text(page.read_text().replace("</body>", CHECK_PAGE + "</body>"))
    try:
        dom = _chromium("--dump-dom", checked.as_uri()).stdout
    finally:
        checked.unlink()
    found = re.search(r'<pre id="mavl-check">(.*?)</pre>', dom, flags=re.S)
    assert found, f"{page}: the page did not load"
    return json.loads(html.unescape(found.group(1)))


def _screenshot_has_content(page, shot):
    from PIL import Image

    _chromium(f"--screenshot={shot}", "--window-size=1200,1800", page.as_uri())
    # Not a blank page: text, tables and figures in many colours.
    return len(Image.open(shot).convert("RGB").getcolors(maxcolors=1 << 24)) > 50


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("MAVL_BROWSER_TEST") or BROWSER is None,
                    reason="opt-in: MAVL_BROWSER_TEST=1 and Debian's chromium")
def test_a_real_browser_opens_the_site_index_a_report_the_gallery_and_an_api_page(site, tmp_path):
    index = _open(site / "index.html")
    assert index["title"].startswith("mavl")
    assert {"guide/index.html", "reports/index.html", "gallery.html", "api/index.html"} <= set(index["links"])
    assert _screenshot_has_content(site / "index.html", tmp_path / "index.png")

    report = _open(site / "reports" / "allwein2000.html")
    assert report["title"].startswith("Allwein, Schapire & Singer (2000)")
    assert len(report["images"]) == len(REPORT_FIGURES["allwein2000"]) and report["broken"] == 0
    assert all((site / "reports" / src).resolve().is_file() for src in report["images"])
    assert report["visible_rows"] > 100                     # Tables 1–3 and the claims, cell by cell
    assert sum(link.startswith("#") for link in report["links"]) >= 8 and report["dangling"] == []  # Contents
    assert _screenshot_has_content(site / "reports" / "allwein2000.html", tmp_path / "report.png")

    shown = _open(site / "gallery.html")
    assert len(shown["images"]) == sum(map(len, DECLARED.values())) and shown["broken"] == 0
    assert "reports/james1998.html#figure-2-3" in shown["links"]

    dom = _chromium("--dump-dom", (site / "api" / "generated" / "mavl.ECOCClassifier.html").as_uri()).stdout
    for method in ("predict_prefixes", "decode_prefixes", "column_outputs"):
        assert f'id="mavl.ECOCClassifier.{method}"' in dom
    assert 'id="mavl.ECOCClassifier.get_params"' not in dom
    assert "viewcode-link" in dom
