"""The documentation site (docs/): the API reference gives every public name of the library its own
page with a [source] link, and its index lists every estimator ``mavl`` exports; every public method
of a documented class has a docstring, every example in the library's docstrings runs, the gallery
shows every figure the papers declare with its report's caption and section and the command that
builds it, and its links resolve in the built site; each figure opens its full-size file; and, opt-in,
a real browser opens it at a phone's width and a laptop's, with nothing cut. (.ci/run builds the site
with -n -W: a reference that does not resolve fails the build.)"""

import ast
import doctest
import functools
import hashlib
import html
import importlib
import importlib.metadata
import inspect
import json
import os
import pkgutil
import re
import shutil
import subprocess
import sys
import urllib.parse
from pathlib import Path

import pytest
from sklearn.base import BaseEstimator

import mavl
from mavl.reproduction import manifest
from mavl.reproduction.layout import manifest_path
from mavl.reproduction.registry import papers
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


def rule_lines(name):
    """The lines that open rule ``name``: its own, or a step's that inherits the one script."""
    return {f"rule {name}:", f"use rule paper_step as {name} with:"}


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


ESTIMATOR_CLASSES = [cls for cls in CLASSES if issubclass(cls, BaseEstimator)]


def _function(member):
    """The function of a class member: a property's getter, an ``available_if`` method's function."""
    for wrapped in ("fget", "fn", "method", "__func__"):
        member = getattr(member, wrapped, member)
    return member


@pytest.mark.parametrize("cls", ESTIMATOR_CLASSES, ids=lambda cls: cls.__qualname__)
def test_every_public_method_of_an_estimator_says_what_it_takes_and_gives(cls):
    """numpydoc sections, as scikit-learn's pages have them: each argument of a public method in its
    Parameters section, and what it returns in Returns (Yields for the staged methods)."""
    from numpydoc.docscrape import FunctionDoc

    assert {mavl.ECOCClassifier, mavl.ArcFsClassifier, mavl.LobagClassifier} <= set(ESTIMATOR_CLASSES)
    problems = []
    for name, member in api.public_members(cls).items():
        if isinstance(member, property):
            continue
        function = _function(member)
        doc = FunctionDoc(function)
        documented = {part.strip() for entry in doc["Parameters"] for part in entry.name.split(",")}
        arguments = [arg for arg in inspect.signature(function).parameters if arg != "self"]
        if [arg for arg in arguments if arg not in documented] or not documented <= set(arguments):
            problems.append(f"{name}: Parameters {sorted(documented)}, arguments {arguments}")
        if not (doc["Returns"] or doc["Yields"]):
            problems.append(f"{name}: no Returns or Yields")
    assert problems == [], f"{cls.__qualname__}: {problems}"


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


# The landing page (docs/index.rst): the README's install line and two commands, a figure per paper.

def _bash_lines(text, block=r"```bash\n(.*?)```"):
    return [line.strip() for found in re.findall(block, text, flags=re.S) for line in found.splitlines()
            if line.strip()]


def test_the_landing_page_gives_the_readme_install_line_and_two_commands():
    readme = _bash_lines((ROOT / "README.md").read_text())
    landing = _bash_lines((DOCS / "index.rst").read_text(), r"\.\. code-block:: bash\n\n(.*?)\n\n(?! )")
    install = [line for line in readme if "pip install" in line]
    commands = [line for line in readme if line.startswith(("snakemake --cores", "python -m pytest"))]
    assert len(install) == 1 and len(commands) == 2
    assert landing == install + commands


def test_the_landing_page_shows_a_figure_of_every_paper_that_has_one_and_links_its_report():
    text = (DOCS / "index.rst").read_text()
    shown = re.findall(r"\.\. figure:: \.\./reports/(\w+)_figures/\w+\.png\n(?:.*\n)*?"
                       r"\s+:target: reports/(\w+)\.md\n\n\s+:doc:`reports/(\w+)`", text)
    assert [paper for paper, target, doc in shown if paper == target == doc] == [
        paper for paper in DECLARED if REPORT_FIGURES[paper]]
    assert ":doc:`reports/breiman1997` has tables and no figure" in text and not REPORT_FIGURES["breiman1997"]


# The gallery: each paper's declared figures, with the caption and section of its committed report.

DECLARED = gallery.declared_figures()
REPORT_FIGURES = {paper: sorted(p.stem for p in (ROOT / "reports" / f"{paper}_figures").glob("*.png"))
                  for paper in DECLARED}


def test_the_gallery_has_every_paper_in_their_declared_order():
    assert list(DECLARED) == papers()


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
        # ... the numbers it plots, beside its PNG, and the rule drawing it, in the paper's rules.
        assert row.csv == f"results/{paper}/{row.figure.name}.csv"
        assert row.rule.name.startswith(paper.partition("_")[0].rstrip("0123456789") + "_")
        assert row.rule.file.startswith(f"workflow/rules/{paper}/")
        lines = (ROOT / row.rule.file).read_text().splitlines()
        assert row.rule.line is None or lines[row.rule.line - 1] in rule_lines(row.rule.name)


def test_a_declared_figure_the_report_lacks_and_a_report_figure_nobody_declares_are_named():
    declared = [t for t in DECLARED["allwein2000"] if t.id != "figure_3"]
    declared.append(Target("figure_9", "figure", ["results/allwein2000/figure_9.png"]))
    _, rows, problems = gallery.gallery_figures("allwein2000", declared, anchor_depth=4)
    assert len(rows) == len(DECLARED["allwein2000"]) - 1
    assert problems == [
        "allwein2000: the report shows allwein2000_figures/figure_3.png, which is no declared figure",
        "allwein2000: the report shows no image of its declared figure figure_9"]


# ![label](../reports/<paper>_figures/<name>.png), then **[label](reports/<paper>.md#<anchor>)** · ...
# (the image is linked to its own file by _ext/mavl_layout.py, as the site builds).
GALLERY_ITEM = re.compile(r"^!\[(.+?)\]\(\.\./reports/(\w+)_figures/(\w+)\.png\)\n\n"
                          r"\*\*\[\1\]\(reports/(\w+)\.md#([\w-]+)\)\*\* · ", flags=re.M)


def test_the_gallery_page_links_every_figure_to_its_report_and_gives_its_command():
    text, problems = gallery.gallery_markdown(anchor_depth=4)
    assert problems == []
    items = GALLERY_ITEM.findall(text)
    assert len(items) == sum(map(len, DECLARED.values()))
    assert all(paper == page for _, paper, _, page, _ in items)
    assert ("Figure 2.3", "james1998", "figure_2_3", "james1998", "figures") in items
    assert "[![" not in text                # a click on a figure opens the figure, on its label the report
    assert text.count("· `snakemake --cores 2 valentini2003_figure_4_25`") == 1
    sources = re.findall(r'^numbers: <a class="mavl-data" href="gallery/(\w+)/(\w+)\.csv"><code>'
                         r'results/\1/\2\.csv</code></a> · rule: <a class="mavl-rule" '
                         r'href="_workflow/rules/\1/(\w+)\.html#L-\d+"><code>\w+</code></a>',
                         text, flags=re.M)
    assert [(paper, name) for paper, name, _ in sources] == [(paper, name) for _, paper, name, _, _ in items]
    assert ("james1998", "figure_2_8", "rules") in sources


# The examples gallery: the scripts of examples/, a folder per family of estimators, each run by
# sphinx-gallery as the site builds into a page with its figure and its run time; each name of the
# library a script imports lists the script on its API page ("Examples using ...").

EXAMPLES_DIR = ROOT / "examples"
#: The families of the library, each with a folder of examples (issue 63, item 2).
FAMILIES = ["output_codes", "adaboost_mo", "bagging", "arcing", "bias_variance", "svm_ensembles",
            "assessment"]
SCRIPTS = sorted(EXAMPLES_DIR.glob("*/plot_*.py"))
example_times = importlib.import_module("mavl_example_times")


def _imported_names(script):
    """The full names a script imports from the library: ``from mavl.data import p2`` is
    ``mavl.data.p2``."""
    return sorted(f"{node.module}.{alias.name}" for node in ast.walk(ast.parse(script.read_text()))
                  if isinstance(node, ast.ImportFrom) and (node.module or "").partition(".")[0] == "mavl"
                  for alias in node.names)


def test_every_family_has_examples_each_using_documented_names_only():
    import runpy

    assert len(SCRIPTS) >= 7 and sorted({script.parent.name for script in SCRIPTS}) == sorted(FAMILIES)
    assert all((EXAMPLES_DIR / folder / "README.rst").is_file() for folder in ["", *FAMILIES])
    conf = runpy.run_path(str(DOCS / "conf.py"))["sphinx_gallery_conf"]
    assert conf["subsection_order"] == [f"../examples/{family}" for family in FAMILIES]
    documented = {name for names in NAMES.values() for name in names}
    for script in SCRIPTS:
        title = ast.get_docstring(ast.parse(script.read_text())).splitlines()
        assert title[0] and set(title[1]) == {"="}, script.name          # the page's title
        names = _imported_names(script)
        assert names and set(names) <= documented, f"{script.name}: {set(names) - documented}"


def _article(page):
    text = page.read_text()
    return text[text.index("<article"):text.index("</article>")]


def test_the_built_gallery_shows_every_example_with_its_figure_and_run_time(site):
    gallery = site / example_times.GALLERY
    pages = sorted(gallery.glob("*/plot_*.html"))
    assert [page.relative_to(gallery).with_suffix("") for page in pages] == [
        script.relative_to(EXAMPLES_DIR).with_suffix("") for script in SCRIPTS]
    for script, page in zip(SCRIPTS, pages, strict=True):
        images = re.findall(r'<img [^>]*src="([^"]+)"', _article(page))
        figures = [src for src in images if re.search(rf"/sphx_glr_{script.stem}_\d{{3}}\.png$", src)]
        assert figures, f"{page.name}: no figure"
        assert all((page.parent / src).resolve().is_file() for src in images)
    # The index: a section per family in the order of FAMILIES, each linking its examples.
    index = _article(gallery / "index.html")
    assert re.findall(r'href="(\w+)/plot_\w+\.html"', index) == [
        family for family in FAMILIES for script in SCRIPTS if script.parent.name == family]
    # ... reached from the landing page's contents and from the guide's library page.
    assert 'href="auto_examples/index.html"' in (site / "index.html").read_text()
    assert 'href="../auto_examples/index.html"' in _article(site / "guide" / "library.html")
    # Each page ends with its run time, which .ci/run prints (measured there, never bounded in a test:
    # a busy machine runs them minutes long).
    times = example_times.run_times(site)
    assert list(times) == [script.relative_to(EXAMPLES_DIR).with_suffix("").as_posix() for script in SCRIPTS]
    assert all(seconds > 0 for seconds in times.values())
    assert example_times.report(times)[-1].endswith(f"the {len(SCRIPTS)} scripts of the examples gallery")


#: The section "Examples using <name>" an API page ends with, and the examples it links.
EXAMPLES_USING = re.compile(r'<section id="examples-using-[\w-]+">\s*<h2>Examples using (.*?)</section>',
                            flags=re.S)


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda script: script.stem)
def test_each_name_an_example_imports_links_back_to_it_from_its_api_page(site, script):
    """As scikit-learn's pages do: the estimator's (or function's) page lists the examples using it."""
    target = f"../../{example_times.GALLERY}/{script.parent.name}/{script.stem}.html"
    missing = []
    for name in _imported_names(script):
        section = EXAMPLES_USING.search((site / "api" / "generated" / f"{name}.html").read_text())
        if section is None or f'href="{target}"' not in section.group(1):
            missing.append(name)
    assert missing == []


def test_a_file_of_the_examples_folders_is_linked_to_its_gallery_page():
    """A guide page's link to ``examples/README.rst`` (readable on the code host) opens the gallery in
    the site (docs/_ext/mavl_links.py)."""
    links = importlib.import_module("mavl_links")
    conf = type("Config", (), {"sphinx_gallery_conf": {"examples_dirs": "../examples",
                                                       "gallery_dirs": "auto_examples"}})()
    assert links.gallery_page(conf, DOCS, EXAMPLES_DIR / "README.rst") == "auto_examples/index"
    assert links.gallery_page(conf, DOCS, SCRIPTS[0]) == (
        f"auto_examples/{SCRIPTS[0].parent.name}/{SCRIPTS[0].stem}")
    assert links.gallery_page(conf, DOCS, ROOT / "README.md") is None
    assert links.gallery_page(object(), DOCS, EXAMPLES_DIR / "README.rst") is None


# The report pages' verdicts in colour (docs/_ext/mavl_verdicts.py), for the site only.

verdicts = importlib.import_module("mavl_verdicts")


@pytest.mark.parametrize("text, verdict, published, reproduced", [
    ("31.7 ±1.20 / 26.5 ±0.89 [24.5, 28.5] ✗", "unexplained", "31.7 ±1.20", "26.5 ±0.89 [24.5, 28.5] ✗"),
    ("37.3 ±1.70 / 30.5 ±0.83 [28.2, 32.8] †", "explained", "37.3 ±1.70", "30.5 ±0.83 [28.2, 32.8] †"),
    ("0.1516 ±0.00359 / 0.1450 ±0.00135 [0.1423, 0.1476]", "agrees", "0.1516 ±0.00359",
     "0.1450 ±0.00135 [0.1423, 0.1476]"),
    ("41.5 / 40.2", "agrees", "41.5", "40.2"),                  # neither side with an SE
    ("— / -0.3 ✗", "unexplained", "—", "-0.3 ✗"),
    ("42.4 ±1.50 / n.r.", "not reproduced", "42.4 ±1.50", "n.r."),
])
def test_a_judged_cell_becomes_its_published_line_and_its_reproduced_line_with_its_verdict(
        text, verdict, published, reproduced):
    found, children = verdicts.cell_nodes(text)
    assert found == verdict
    assert [child.astext() for child in children] == [published, " / ", reproduced]
    assert "".join(child.astext() for child in children) == text      # copied, it reads as before


@pytest.mark.parametrize("text", ["1.74† / 2.52", "V40 Sub 43.1 / 1NN 43.3; V20 Sub 45.4 / 1NN 47.5",
                                  "holds", "3.900 / 4.077 margin", "26.5 ±0.89 [24.5, 28.5] ✗"])
def test_a_cell_that_is_no_judged_cell_is_left_as_it_is(text):
    assert verdicts.cell_nodes(text) is None


def _judged_marks(paper):
    """``{verdict: count}`` of the cells of a report's judged tables, read from its Markdown."""
    text = (ROOT / "reports" / f"{paper}.md").read_text()
    section = re.search(rf"^## {verdicts.JUDGED_SECTION}\n(.*?)(?=^## |\Z)", text, flags=re.S | re.M).group(1)
    cells = [cell.strip() for line in section.splitlines() if line.startswith("|") and "---" not in line
             for cell in line.strip().strip("|").split(" | ")[1:]]
    judged = [cell for cell in cells if " / " in cell]
    return {"unexplained": sum(cell.endswith(" ✗") for cell in judged),
            "explained": sum(cell.endswith(" †") for cell in judged),
            "not reproduced": sum(cell.endswith("/ *n.r.*") for cell in judged),
            "agrees": sum(not cell.endswith((" ✗", " †", "/ *n.r.*")) for cell in judged)}


@pytest.mark.parametrize("paper", list(DECLARED))
def test_each_judged_cell_of_a_built_report_page_is_coloured_by_its_mark(site, paper):
    page = (site / "reports" / f"{paper}.html").read_text()
    coloured = {verdict: page.count(f'<td class="mavl-cell {verdicts.verdict_class(verdict)}">')
                for verdict in ("agrees", "explained", "unexplained", "not reproduced")}
    assert coloured == _judged_marks(paper)
    assert coloured["agrees"] > 0 and page.count('class="mavl-key"') == 1


# The site at a phone's and a wide screen's width (docs/_ext/mavl_layout.py; the rest is CSS, which the
# browser tests below check): figures linked to their full-size files, "93.9 %" on one line.

layout = importlib.import_module("mavl_layout")


def _doctree(*children):
    from docutils.utils import new_document

    document = new_document("test")
    document.extend(children)
    return document


def test_a_number_keeps_its_per_cent_sign_on_its_line_and_code_is_left_as_it_is():
    from docutils import nodes

    document = _doctree(nodes.paragraph("", "970 (95.2 %) agree, 3 % miss; 100 % of 5 %"),
                        nodes.paragraph("", "", nodes.literal("", "printf '5 %'")),
                        nodes.literal_block("", "x = 1 % 2"),
                        nodes.paragraph("", "the 95 % interval, % alone"))
    assert layout.keep_percent_with_number(document) == 5
    texts = [node.astext() for node in document.children]
    assert texts == ["970 (95.2\u00a0%) agree, 3\u00a0% miss; 100\u00a0% of 5\u00a0%", "printf '5 %'",
                     "x = 1 % 2", "the 95\u00a0% interval, % alone"]


def test_an_image_becomes_a_link_to_its_file_unless_it_links_elsewhere():
    from docutils import nodes

    alone = nodes.image(uri="reports/a.png", candidates={"*": "reports/a.png"})
    linked = nodes.image(uri="reports/b.png", candidates={"*": "reports/b.png"})
    remote = nodes.image(uri="https://example.org/c.png", candidates={"?": "https://example.org/c.png"})
    document = _doctree(nodes.paragraph("", "", alone), nodes.reference("", "", linked, refuri="report.html"),
                        nodes.paragraph("", "", remote))
    files = {"reports/a.png": "_images/a.png", "reports/b.png": "_images/b.png"}
    assert layout.link_images_to_their_files(document, lambda image: files.get(image["uri"])) == 1
    assert isinstance(alone.parent, nodes.reference) and alone.parent["refuri"] == "_images/a.png"
    assert alone.parent["classes"] == [layout.FULL_SIZE]
    assert linked.parent["refuri"] == "report.html" and isinstance(remote.parent, nodes.paragraph)


def test_a_thumbnail_of_the_examples_gallery_is_left_to_its_card():
    """sphinx-gallery's card around a thumbnail opens its example: no link to the thumbnail's file."""
    from docutils import nodes

    thumb = nodes.image(uri="auto_examples/images/thumb/sphx_glr_plot_lobag_thumb.png")
    figure = nodes.image(uri="auto_examples/svm_ensembles/images/sphx_glr_plot_lobag_001.png")
    document = _doctree(nodes.paragraph("", "", thumb), nodes.paragraph("", "", figure))
    assert layout.link_images_to_their_files(document, lambda image: "_images/x.png") == 1
    assert isinstance(thumb.parent, nodes.paragraph) and isinstance(figure.parent, nodes.reference)


#: ``<a ... href="..."><img ... src="...">``: an image and the link around it.
LINKED_IMAGE = re.compile(r'<a ([^>]*)>\s*<img [^>]*src="([^"]+)"')


def _images_and_links(page):
    """``[(src, href of the link around it or None)]`` of each image of a built page's article."""
    text = page.read_text()
    text = text[text.index("<article"):text.index("</article>")]
    linked = {src: re.search(r'href="([^"]+)"', attrs).group(1) for attrs, src in LINKED_IMAGE.findall(text)}
    return [(src, linked.get(src)) for src in re.findall(r'<img [^>]*src="([^"]+)"', text)]


def test_every_figure_of_the_gallery_and_the_reports_links_to_its_full_size_file(site):
    """Each figure of the gallery and of each report page (the reports' own and their scales') opens
    the PNG it shows; the landing page's open their reports."""
    pages = [site / "gallery.html"] + sorted((site / "reports").glob("*.html"))
    shown = {page.relative_to(site).as_posix(): _images_and_links(page) for page in pages}
    assert sum(map(len, shown.values())) > 2 * sum(map(len, DECLARED.values()))
    assert {page: [(src, href) for src, href in images if href != src]
            for page, images in shown.items()} == {page: [] for page in shown}
    assert all((site / page).parent.joinpath(src).resolve().is_file()
               for page, images in shown.items() for src, _ in images)
    landing = _images_and_links(site / "index.html")
    assert [href for _, href in landing] == [f"reports/{paper}.html" for paper in DECLARED
                                              if REPORT_FIGURES[paper]]


def test_no_number_of_the_built_reports_is_parted_from_its_per_cent_sign(site):
    for page in [site / "reports" / "index.html", site / "reports" / "james1998.html"]:
        text = _text(page)
        assert re.findall(r"\d\s%", text) and not re.findall(r"\d[ \t\n]%", text)


# Opt-in: Debian's chromium opens the built site (MAVL_BROWSER_TEST=1, as for the HTML report of
# tests/test_workflow.py). The site is built here, with every reference resolved (docs/conf.py:
# nitpicky) and warnings as errors; into $MAVL_DOCS_SITE when that names a folder, which .ci/run then
# reads the gallery's run times from. A folder that holds a built site already is checked as it is.

BROWSER = shutil.which("chromium")
#: The windows the site is checked at: a phone's (an iPhone 12 to 15's 390 CSS px, where the gallery's
#: and the landing page's figures were cut) and a laptop's (where the old theme's column cut the
#: reports' tables, and the gallery showed its figures at 592 px).
WINDOWS = {"390px": (390, 844), "1280px": (1280, 1800)}
# Run in the page once it has loaded: what a reader sees, written into the DOM for --dump-dom.
# A table is cut when its last column reaches past the box that clips it: the window, an ancestor
# hiding its overflow, or one scrolling more than the table (the whole page column). A box of the
# table's own that scrolls (the theme's, around each table) is fine, as long as it is whole inside
# the window. The article is pydata-sphinx-theme's, or the div.body of Sphinx's basic themes.
# The page overflows when the window scrolls sideways, or the theme's article column does (it
# scrolls rather than push the outline off: then a reader sees the text cut at the column's edge);
# `wide` names the outermost elements reaching past the column or the window. A code block wider
# than its box is cut unless the box scrolls. A figure is "full size" when it is a link to its own
# file, "shrunk" when shown narrower than both its own width and its paragraph's. The outline is the
# theme's page table of contents in the right-hand sidebar, "shown" when it is on the screen (not in
# the drawer the theme keeps it in below 1200 px).
CHECK_PAGE = """<script>
window.addEventListener("load", () => {
  const article = document.querySelector("article.bd-article, div.body");
  const imgs = [...article.querySelectorAll("img")];
  const rows = [...article.querySelectorAll("table tr")].filter(r => r.getBoundingClientRect().height > 0);
  const width = document.documentElement.clientWidth;
  const scrolling = box => ["auto", "scroll"].includes(getComputedStyle(box).overflowX);
  const tables = [...article.querySelectorAll("table")].map(table => {
    const right = Math.max(0, ...[...table.rows].filter(r => r.cells.length)
      .map(r => r.cells[r.cells.length - 1].getBoundingClientRect().right));
    let own = true, edge = right, cut = false, scrolls = false;
    for (let box = table; box && box !== document.documentElement; box = box.parentElement) {
      own = own && (box === table || box.children.length === 1);
      const overflow = getComputedStyle(box).overflowX;
      if (overflow === "visible") continue;
      if ((overflow === "auto" || overflow === "scroll") && own) {
        edge = box.getBoundingClientRect().right;
        scrolls = box.scrollWidth > box.clientWidth + 1;
        break;
      }
      if (right > box.getBoundingClientRect().right + 1) { cut = true; break; }
    }
    const sections = [];
    for (let s = table.closest("section"); s; s = s.parentElement.closest("section")) sections.push(s.id);
    return {sections: sections, right: Math.round(right), scrolls: scrolls, cut: cut || edge > width + 1};
  });
  let column = article.parentElement;
  while (column !== document.body && !scrolling(column)) column = column.parentElement;
  const columnOverflows = column.scrollWidth > column.clientWidth + 1;
  const pageOverflows = document.documentElement.scrollWidth > width + 1;
  const wide = [];
  const walk = (el, limit) => {
    if (el.getBoundingClientRect().right > limit + 1) {
      wide.push(`${el.tagName.toLowerCase()}.${[...el.classList].join(".")} to ` +
                `${Math.round(el.getBoundingClientRect().right)} px: ${el.textContent.trim().slice(0, 60)}`);
    } else if (!scrolling(el)) {
      [...el.children].forEach(child => walk(child, limit));
    }
  };
  if (columnOverflows) [...article.children].forEach(el => walk(el, column.getBoundingClientRect().right));
  if (pageOverflows) [...document.body.children].forEach(el => walk(el, width));
  const pres = [...article.querySelectorAll("pre")].filter(p => p.scrollWidth > p.clientWidth + 1);
  const fullSize = i => { const a = i.closest("a"); return a !== null && a.href === i.src; };
  const toc = document.querySelector(".bd-sidebar-secondary nav.page-toc");
  const tocShown = toc !== null && toc.getBoundingClientRect().width > 0 &&
    getComputedStyle(toc.closest(".bd-sidebar-secondary")).visibility === "visible" &&
    toc.getBoundingClientRect().left >= article.getBoundingClientRect().right - 1 &&
    toc.getBoundingClientRect().right <= width + 1;
  const tocLinks = toc ? [...toc.querySelectorAll("a[href^='#']")].map(a => a.getAttribute("href")) : [];
  const missing = h => !document.getElementById(decodeURIComponent(h.slice(1)));
  const out = document.createElement("div");
  out.id = "mavl-check";
  out.textContent = JSON.stringify({
    title: article.querySelector("h1").firstChild.textContent,
    width: width,
    page_overflows: pageOverflows,
    column_overflows: columnOverflows,
    wide: wide.slice(0, 10),
    images: imgs.map(i => i.getAttribute("src")),
    broken: imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.getAttribute("src")),
    full_size: imgs.filter(fullSize).length,
    not_full_size: imgs.filter(i => !fullSize(i)).map(i => i.getAttribute("src")),
    shrunk: imgs.filter(fullSize).filter(i => i.getBoundingClientRect().width + 2 <
                                         Math.min(i.naturalWidth, i.closest("p, div").clientWidth))
      .map(i => `${i.getAttribute("src")}: ${Math.round(i.getBoundingClientRect().width)} px`),
    widest_image: Math.round(Math.max(0, ...imgs.map(i => i.getBoundingClientRect().width))),
    figure_column: Math.max(0, ...imgs.filter(fullSize).map(i => i.closest("p, div").clientWidth)),
    visible_rows: rows.length,
    tables: tables,
    code_cut: pres.filter(p => !scrolling(p)).map(p => p.textContent.slice(0, 80)),
    code_scrolls: pres.filter(scrolling).map(p => p.textContent.slice(0, 80)),
    coloured: article.querySelectorAll("td.mavl-cell").length,
    links: [...article.querySelectorAll("a.reference.internal")].map(a => a.getAttribute("href")),
    dangling: [...article.querySelectorAll("a[href^='#']")].map(a => a.getAttribute("href")).filter(missing),
    toc_shown: tocShown,
    toc_links: tocLinks.length,
    toc_dangling: tocLinks.filter(missing),
    ids: [...article.querySelectorAll("dt[id]")].map(dt => dt.id),
    source_links: article.querySelectorAll(".viewcode-link").length,
  });
  document.body.appendChild(out);
  if (window.parent !== window) window.parent.postMessage(out.textContent, "*");
});
</script>"""
# A page is opened in a frame of the window's size, which is the page's viewport: chromium keeps its
# own window at least 500 px wide. The frame's page posts what CHECK_PAGE read (file:// pages are
# each of their own origin) and the frame's holder writes it into its DOM.
FRAME = """<!DOCTYPE html>
<html><body style="margin: 0">
<iframe src="{src}" width="{width}" height="{height}" style="border: 0; display: block"></iframe>
<script>
window.addEventListener("message", event => {{
  const out = document.createElement("div");
  out.id = "mavl-check";
  out.textContent = event.data;
  document.body.appendChild(out);
}});
</script>
</body></html>
"""


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    named = os.environ.get("MAVL_DOCS_SITE")
    if named and (Path(named) / "index.html").is_file():
        return Path(named)
    out = Path(named) if named else tmp_path_factory.mktemp("site") / "html"
    build = subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
                            str(DOCS), str(out)], capture_output=True, text=True)
    assert build.returncode == 0, build.stderr[-3000:]
    return out


def test_every_link_and_image_of_the_built_gallery_resolves(site):
    """Each figure's link opens its report page at an element of that id, each image is a file."""
    page = (site / "gallery.html").read_text()
    links = re.findall(r'<a class="reference internal" href="(reports/[\w.]+\.html)#([\w-]+)"', page)
    images = re.findall(r'<img alt="[^"]*" src="([^"]+)"', page)
    assert len(images) == sum(map(len, DECLARED.values())) and len(links) == len(images)
    assert all((site / src).is_file() for src in images)
    pages = {target: (site / target).read_text() for target, _ in links}
    assert [(t, anchor) for t, anchor in links if f'id="{anchor}"' not in pages[t]] == []


#: An object's entry on an API page: its id and what its signature line holds.
SIGNATURE = re.compile(r'<dt class="sig sig-object py" id="([^"]+)">(.*?)</dt>', flags=re.S)
#: Its [source] link: <a class="reference internal" href="../../_modules/mavl/ensemble/boosting.html#
#: BoostingEngine.fit"><span class="viewcode-link">
SOURCE_LINK = re.compile(r'<a class="reference internal" href="([^"#]+)#([^"]+)">'
                         r'<span class="viewcode-link">')


def test_every_object_of_the_api_pages_has_a_source_link_to_its_definition(site):
    """Each public name has its page, and each object on it (the class, every method it shows,
    those it inherits from mavl's private bases included, its properties, a constant) links to the
    lines that define it on the highlighted page of its module ([source]: sphinx.ext.viewcode, with
    docs/_ext/mavl_source.py for what viewcode leaves out): the link opens that page at the
    definition, an element of that id."""
    pages = {name: site / "api" / "generated" / f"{name}.html" for names in NAMES.values() for name in names}
    assert [name for name, page in pages.items() if not page.is_file()] == []
    missing, entries = [], 0
    for page in pages.values():
        for anchor, signature in SIGNATURE.findall(page.read_text()):
            entries += 1
            found = SOURCE_LINK.search(signature)
            if not found or f'id="{found.group(2)}"' not in (page.parent / found.group(1)).read_text():
                missing.append(anchor)
    assert missing == [] and entries > 300
    # An inherited method opens its definer's lines: ArcFsClassifier.fit is BoostingEngine.fit.
    arc_fs = (site / "api" / "generated" / "mavl.ArcFsClassifier.html").read_text()
    fit = dict(SIGNATURE.findall(arc_fs))["mavl.ArcFsClassifier.fit"]
    assert SOURCE_LINK.search(fit).groups() == ("../../_modules/mavl/ensemble/boosting.html",
                                                "BoostingEngine.fit")


@functools.cache
def _ids(page):
    """The ids of a built page's elements."""
    return {html.unescape(found) for found in re.findall(r'\bid="([^"]*)"', page.read_text())}


def test_every_in_site_link_to_an_anchor_finds_it(site):
    """Every ``href="...#id"`` of the API pages (and of every other built page: the guide, the
    indices, the highlighted code whose [docs] links lead back) that points into the site opens a
    page that has an element of that id: no link lands at the top of a page instead."""
    dangling, checked = [], 0
    pages = sorted(site.rglob("*.html"))
    assert any(page.parent.name == "generated" for page in pages)
    for page in pages:
        for href in re.findall(r'href="([^"]*#[^"]*)"', page.read_text()):
            href = html.unescape(href)
            path, _, anchor = href.partition("#")
            if "://" in path or path.startswith("mailto:") or not anchor:
                continue
            target = (page.parent / path).resolve() if path else page
            checked += 1
            if not target.is_file() or urllib.parse.unquote(anchor) not in _ids(target):
                dangling.append(f"{page.relative_to(site)}: {href}")
    assert dangling == [] and checked > 1000


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


def test_the_built_gallery_offers_each_figures_numbers_as_the_manifest_lists_them_and_its_rule(site):
    """Each CSV link opens the committed table (the manifest's checksum), each rule link the line
    ``rule <name>:`` of its rule file's page."""
    page = (site / "gallery.html").read_text()
    data = re.findall(r'<a class="mavl-data" href="(gallery/(\w+)/(\w+)\.csv)">', page)
    rules = re.findall(r'<a class="mavl-rule" href="(_workflow/[\w/]+\.html)#(L-(\d+))"><code>(\w+)</code>',
                       page)
    assert len(data) == len(rules) == sum(map(len, DECLARED.values()))
    listed, _ = manifest.read(ROOT / manifest_path())
    checksums = {csv: hashlib.sha256((site / csv).read_bytes()).hexdigest() for csv, _, _ in data}
    assert [csv for csv, paper, name in data if checksums[csv] != listed[f"results/{paper}/{name}.csv"]] == []
    for target, anchor, line, name in set(rules):
        rule_page = (site / target).read_text()
        assert f'id="{anchor}"' in rule_page
        source = ROOT / "workflow" / Path(target).relative_to("_workflow").with_suffix(".smk")
        assert source.read_text().splitlines()[int(line) - 1] in rule_lines(name)


# The version, the changelog and the citation: the package's version in every page's navbar,
# CHANGELOG.md included whole (docs/changelog.md), CITATION.cff made into BibTeX and APA entries
# (docs/citing.rst, _ext/mavl_citation.py).

citation = importlib.import_module("mavl_citation")


def test_the_site_takes_its_version_from_the_installed_package():
    import runpy

    conf = runpy.run_path(str(DOCS / "conf.py"))
    assert conf["release"] == importlib.metadata.version("mavl") == mavl.__version__
    assert conf["html_theme_options"]["logo"]["text"] == f"mavl {conf['release']}"


def test_the_citation_entries_are_made_from_citation_cff():
    cff = citation.read_citation()
    works = citation.works(cff)
    entries = [citation.bibtex(work) for work in works]
    assert [re.match(r"@(\w+)\{(\w+),", entry).groups() for entry in entries] == [
        ("software", "mavl"), ("phdthesis", "james1998"), ("article", "allwein2000"),
        ("techreport", "breiman1997"), ("inbook", "zaki2020"), ("phdthesis", "valentini2003")]
    assert all(f"title = {{{work['title']}}}" in entry for work, entry in zip(works, entries, strict=True))
    assert f"version = {{{cff['version']}}}" in entries[0]
    assert "Meira, Jr., Wagner" in entries[4] and "pages = {113--141}" in entries[2]
    apa = ["".join(text for text, _ in citation.apa(work)) for work in works]
    assert apa[0] == (f"The mavl developers. ({cff['date-released'][:4]}). {cff['title']} "
                      f"(Version {cff['version']}) [Computer software].")
    assert apa[2].startswith("Allwein, E. L., Schapire, R. E., & Singer, Y. (2000). Reducing")
    assert apa[4].startswith("Zaki, M. J., & Meira, W., Jr. (2020). ")


def _text(page):
    body = page.read_text()
    body = body[body.index("<article"):body.index("</article>")]
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def test_the_built_site_shows_the_version_the_changelog_and_the_citation(site):
    release = importlib.metadata.version("mavl")
    for page in ("index.html", "guide/choosing.html", "api/index.html"):
        assert f'<p class="title logo__title">mavl {release}</p>' in (site / page).read_text()
    index = (site / "index.html").read_text()
    assert 'href="changelog.html"' in index and 'href="citing.html"' in index
    changelog = _text(site / "changelog.html")
    assert re.findall(r"^## (.*)$", (ROOT / "CHANGELOG.md").read_text(), flags=re.M) == re.findall(
        r"^(\[.*?\](?: - [\d-]+)?)#$", changelog, flags=re.M)
    citing = _text(site / "citing.html")
    works = citation.works(citation.read_citation())
    assert all(citation.bibtex(work) in citing for work in works)
    assert all("".join(text for text, _ in citation.apa(work)) in citing for work in works)


def _chromium(*args, window=WINDOWS["1280px"]):
    return subprocess.run([BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                           "--virtual-time-budget=20000", "--window-size={},{}".format(*window), *args],
                          capture_output=True, text=True, timeout=180)


def _open(page, window):
    """What the browser shows of a built page in a window of this size, read by CHECK_PAGE."""
    checked = page.with_name(f".checked.{page.name}")
    frame = page.with_name(f".frame.{page.name}")
    checked.write_text(page.read_text().replace("</body>", CHECK_PAGE + "</body>"))
    frame.write_text(FRAME.format(src=checked.name, width=window[0], height=window[1]))
    try:
        dom = _chromium("--dump-dom", frame.as_uri(), window=(max(window[0], 500), window[1])).stdout
    finally:
        checked.unlink()
        frame.unlink()
    found = re.search(r'<div id="mavl-check"[^>]*>(.*?)</div>', dom, flags=re.S)
    assert found, f"{page}: the page did not load"
    return json.loads(html.unescape(found.group(1)))


def _screenshot_has_content(page, shot):
    from PIL import Image

    _chromium(f"--screenshot={shot}", page.as_uri())
    # Not a blank page: text, tables and figures in many colours.
    return len(Image.open(shot).convert("RGB").getcolors(maxcolors=1 << 24)) > 50


def browser_test(test):
    """Opt-in: MAVL_BROWSER_TEST=1 and Debian's chromium."""
    opted_in = os.environ.get("MAVL_BROWSER_TEST") and BROWSER is not None
    return pytest.mark.slow(pytest.mark.skipif(not opted_in, reason=browser_test.__doc__)(test))


#: The pages the browser opens: the landing page, the reports' index and a report, the gallery, the
#: API index of a module and a class's page (its signature and parameter lists).
BROWSED = ["index.html", "reports/index.html", "reports/james1998.html", "gallery.html",
           "api/output_codes.html", "api/generated/mavl.ECOCClassifier.html"]
#: The long pages, with their outline beside them on a wide screen.
OUTLINED = ["reports/james1998.html", "gallery.html"]


@pytest.fixture(scope="module")
def browsed(site):
    """``{(page, window): what CHECK_PAGE read}`` of each of BROWSED in each of WINDOWS, each opened
    once per window (twelve runs of chromium)."""
    return {(page, name): _open(site / page, window) for name, window in WINDOWS.items() for page in BROWSED}


def _each_page_at_each_width(test):
    return pytest.mark.parametrize("window", list(WINDOWS))(pytest.mark.parametrize("page", BROWSED)(test))


@browser_test
@_each_page_at_each_width
def test_at_390_and_1280_px_nothing_is_cut_and_no_page_is_wider_than_the_window(browsed, page, window):
    """A table or a code line wider than its column scrolls in its own box, and none reaches past what
    clips it; nothing else is wider than the column, and the page does not scroll sideways."""
    shown = browsed[page, window]
    assert shown["width"] == WINDOWS[window][0]
    assert [table for table in shown["tables"] if table["cut"]] == []
    assert shown["code_cut"] == []
    assert shown["wide"] == [], "\n".join(shown["wide"])
    assert not shown["page_overflows"] and not shown["column_overflows"]


@browser_test
@_each_page_at_each_width
def test_at_390_and_1280_px_every_image_loads_and_every_in_page_link_has_its_anchor(browsed, page, window):
    shown = browsed[page, window]
    assert shown["broken"] == []
    assert shown["dangling"] == [] and shown["toc_dangling"] == []


@browser_test
@pytest.mark.parametrize("window", list(WINDOWS))
@pytest.mark.parametrize("page", ["reports/james1998.html", "gallery.html"])
def test_each_figure_opens_at_full_size_and_is_shown_at_its_size_up_to_the_columns(browsed, page, window):
    """The figures of a report and of the gallery link to their own files, each shown as wide as it
    was drawn or, if wider, as its column: at 1280 px a column much wider than the gallery's former
    592 px and the reports' 832 px, and within a phone's screen at 390 px."""
    shown = browsed[page, window]
    assert shown["images"] and shown["full_size"] == len(shown["images"]) and shown["not_full_size"] == []
    assert shown["shrunk"] == []
    column = {"390px": (300, 390), "1280px": (900, 1280)}[window]
    assert column[0] < shown["figure_column"] <= column[1] and shown["widest_image"] <= shown["figure_column"]


@browser_test
@pytest.mark.parametrize("window", list(WINDOWS))
def test_the_long_pages_have_their_outline_beside_them_on_a_wide_screen_only(browsed, window):
    """The reports and the gallery show their table of contents on the right at 1280 px, every entry
    an anchor of the page; at 390 px it waits behind the theme's button, leaving the screen to the
    text. The short pages have none."""
    for page in OUTLINED:
        shown = browsed[page, window]
        assert shown["toc_links"] >= 5 and shown["toc_dangling"] == []
        assert shown["toc_shown"] == (window == "1280px")
    assert [page for page in BROWSED if page not in OUTLINED and browsed[page, window]["toc_links"]] == []


@browser_test
def test_a_real_browser_opens_the_landing_page_whole(site, browsed, tmp_path):
    index = browsed["index.html", "1280px"]
    assert index["title"] == "mavl"
    assert {"guide/index.html", "reports/index.html", "gallery.html", "api/index.html"} <= set(index["links"])
    assert {f"reports/{paper}.html" for paper in DECLARED} <= set(index["links"])
    assert len(index["images"]) == sum(bool(figures) for figures in REPORT_FIGURES.values())
    assert index["broken"] == []
    # The install line and the two commands, whole at 1280 px; on a phone they scroll in their box.
    assert index["code_cut"] == index["code_scrolls"] == []
    assert browsed["index.html", "390px"]["code_cut"] == []
    assert _screenshot_has_content(site / "index.html", tmp_path / "index.png")


@browser_test
def test_a_real_browser_opens_james_report_its_tables_whole_and_coloured(site, browsed, tmp_path):
    report = browsed["reports/james1998.html", "1280px"]
    assert report["title"].startswith("James (1998)")
    assert len(report["images"]) == len(REPORT_FIGURES["james1998"]) and report["broken"] == []
    assert all((site / "reports" / src).resolve().is_file() for src in report["images"])
    assert report["visible_rows"] > 300                     # every table and claim, cell by cell
    assert report["coloured"] == sum(_judged_marks("james1998").values())
    # The tables the old theme's column hid in part fit the window whole now, without scrolling:
    # the reports index's, James's summary and its claims (their "values" columns last).
    whole = [t for t in report["tables"] if {"summary", "claims"} & set(t["sections"])]
    whole += browsed["reports/index.html", "1280px"]["tables"]
    assert len(whole) >= 4 and [table for table in whole if table["scrolls"] or table["cut"]] == []
    assert sum(link.startswith("#") for link in report["links"]) >= 8 and report["dangling"] == []  # Contents
    assert _screenshot_has_content(site / "reports" / "james1998.html", tmp_path / "report.png")


@browser_test
def test_a_real_browser_opens_the_gallery_and_an_api_page(browsed):
    shown = browsed["gallery.html", "1280px"]
    assert len(shown["images"]) == sum(map(len, DECLARED.values())) and shown["broken"] == []
    _, rows, _ = gallery.gallery_figures("james1998", DECLARED["james1998"], anchor_depth=4)
    assert {f"reports/james1998.html#{row.figure.anchor}" for row in rows} <= set(shown["links"])

    page = browsed["api/generated/mavl.ECOCClassifier.html", "1280px"]
    for method in ("predict_prefixes", "decode_prefixes", "column_outputs"):
        assert f"mavl.ECOCClassifier.{method}" in page["ids"]
    assert "mavl.ECOCClassifier.get_params" not in page["ids"]
    assert page["source_links"] > 0
    assert browsed["api/output_codes.html", "1280px"]["title"].startswith("Output codes")
