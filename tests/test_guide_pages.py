"""The guide's pages read well where the README sends a reader: on the code host, which renders reST
with plain docutils (GitHub's rest2html: report level 5, so an unknown role or a failed directive
vanishes or shows as raw text without a word), and in the site, where docs/_ext/mavl_links.py
turns the same links into the site's own.

On the code host: no Sphinx role, nothing docutils cannot render, every relative link to a file
that exists and every section fragment to a title's id. In the site: a small project built with
the extension, whose links resolve and whose broken ones fail the build."""

import importlib
import re
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from docutils import nodes
from docutils.core import publish_doctree

ROOT = Path(__file__).resolve().parents[1]
GUIDE = ROOT / "docs" / "guide"
PAGES = sorted(GUIDE.glob("*.rst"))
sys.path.insert(0, str(ROOT / "docs" / "_ext"))        # the docs' extensions, as docs/conf.py imports them
links = importlib.import_module("mavl_links")

#: rest2html's settings that change what a page shows (github/markup, lib/github/commands/rest2html).
CODE_HOST = {"report_level": 5, "halt_level": 5, "file_insertion_enabled": False, "raw_enabled": True,
             "doctitle_xform": True, "initial_header_level": 2}


def code_host_doctree(page):
    return publish_doctree(page.read_text(encoding="utf-8"), source_path=str(page),
                           settings_overrides=CODE_HOST)


def relative_links(doctree):
    """``[(path, fragment)]`` of every link of the page to a file given relative to it."""
    return [target for ref in doctree.findall(nodes.reference)
            if (target := links.relative_target(ref.get("refuri", "")))]


def not_shown_on_the_code_host(doctree):
    """What docutils reports it could not render, as the code host would drop or garble it.

    Two reports are what the page means: an unknown directive (Sphinx's ``toctree``) after a
    ``.. github display off`` comment, which rest2html then hides, and a ``csv-table`` read from a
    file (rest2html reads no file) when the page links that file, which the code host shows as a
    table of its own."""
    linked = {path for path, _ in relative_links(doctree)}
    hidden, found = False, []
    for node in doctree.findall(lambda n: isinstance(n, (nodes.comment, nodes.system_message))):
        if isinstance(node, nodes.comment):
            switch = re.fullmatch(r"github display (on|off)", node.astext().strip())
            hidden = switch.group(1) == "off" if switch else hidden
            continue
        message = node.children[0].astext() if node.children else ""
        if node["level"] < 2:
            continue
        if message.startswith("Unknown directive type") and hidden:
            continue
        file = re.search(r"^\s+:file: (\S+)", node.astext(), flags=re.M)
        if message.startswith("File and URL access deactivated") and file and file.group(1) in linked:
            continue
        found.append(f"line {node.get('line')}: {message}")
    return found


def section_anchors(page):
    """The anchors the code host gives a page's sections: the first id of each (rest2html writes
    ``<a name="...">`` for it alone)."""
    return {section["ids"][0] for section in code_host_doctree(page).findall(nodes.section)}


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_the_code_host_shows_every_guide_page_without_raw_roles_or_dropped_parts(page):
    doctree = code_host_doctree(page)
    raw = [node.astext() for node in doctree.findall(nodes.problematic)]
    assert raw == [], f"{page.name}: shown raw on the code host (a Sphinx role, an unknown target)"
    assert not_shown_on_the_code_host(doctree) == []


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.name)
def test_every_relative_link_of_a_guide_page_opens_a_file_and_a_section_of_it(page):
    broken = []
    for path, fragment in relative_links(code_host_doctree(page)):
        target = (page.parent / path).resolve()
        if ROOT not in target.parents or not target.is_file():
            broken.append(f"{path}: no such file in the project")
        elif fragment and (target.suffix != ".rst" or fragment not in section_anchors(target)):
            broken.append(f"{path}#{fragment}: no section of that id")
    assert broken == []


def test_the_guide_index_links_every_page_of_the_guide():
    """On the code host the site's table of contents is hidden: the index's own list leads on."""
    index = {path for path, _ in relative_links(code_host_doctree(GUIDE / "index.rst"))}
    assert index == {page.name for page in PAGES} - {"index.rst"}


def _api_object(name):
    """The object a dotted ``mavl.…`` name names: its longest importable module, then attributes."""
    parts = name.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            obj = getattr(obj, attr)
        return obj
    raise ImportError(name)


def test_every_api_name_of_the_guide_names_an_object_of_the_library():
    """The site links an API name only where the API reference documents it, and leaves any other
    literal as it is: so a misspelt name would stay unlinked without a warning. Each must exist."""
    names = {literal.astext() for page in PAGES for literal in code_host_doctree(page).findall(nodes.literal)
             if links.API_NAME.fullmatch(literal.astext())}
    assert {"mavl.svm.pooled.fit_group", "mavl.AdaBoostMOClassifier.staged_column_outputs"} <= names
    missing = []
    for name in sorted(names):
        try:
            _api_object(name)
        except (ImportError, AttributeError):
            missing.append(name)
    assert missing == []


def _inventories():
    """``{project: {name, ...}}`` of the Python objects of each committed intersphinx inventory."""
    import runpy

    from sphinx.util.inventory import InventoryFile

    mapping = runpy.run_path(str(ROOT / "docs" / "conf.py"))["intersphinx_mapping"]
    found = {}
    for project, (url, locations) in mapping.items():
        for location in locations:
            inventory = InventoryFile.loads((ROOT / "docs" / location).read_bytes(), uri=url)
            found[project] = {name for kind, names in inventory.data.items() if kind.startswith("py:")
                              for name in names}
    return found


def test_every_other_projects_name_of_the_guide_is_in_its_committed_inventory():
    """A literal naming another project's object by its package (``sklearn.svm.SVC``) links to that
    project's page in the site; a misspelt one would stay a literal without a warning."""
    inventories = _inventories()
    names = {literal.astext() for page in PAGES for literal in code_host_doctree(page).findall(nodes.literal)
             if (other := links.OTHER_NAME.fullmatch(literal.astext())) and other["project"] in inventories}
    assert {"sklearn.svm.SVC", "sklearn.utils.estimator_checks.check_estimator"} <= names
    assert sorted(name for name in names if name not in inventories[name.split(".")[0]]) == []


# The site: a small project built with the extension.

def _build(project, pages, outside, conf=""):
    """Build ``pages`` (``{name: reST}``) under ``project/docs`` with the extension (and ``conf``
    added to its conf.py), next to the files ``outside`` (``{name: text}``) in ``project``; return the
    finished process."""
    docs = project / "docs"
    (docs / "guide").mkdir(parents=True)
    (docs / "conf.py").write_text(f"import sys\nsys.path.insert(0, {str(ROOT / 'docs' / '_ext')!r})\n"
                                  "extensions = ['mavl_links']\n" + conf)
    for name, text in {**pages, **{f"../{k}": v for k, v in outside.items()}}.items():
        (docs / name).write_text(textwrap.dedent(text))
    return subprocess.run([sys.executable, "-m", "sphinx", "-E", "-W", "--keep-going", "-q", "-b", "html",
                           str(docs), str(project / "html")], capture_output=True, text=True)


PAGES_OF_THE_SMALL_SITE = {
    "index.rst": """\
        Home
        ====

        .. toctree::

           guide/a
           b
           shown
        """,
    "b.rst": """\
        Page B
        ======

        Second section
        --------------

        .. py:function:: mavl.thing()
        """,
    "shown.rst": """\
        Shown
        =====

        .. include:: ../shown_whole.rst
        """,
}
PAGE_A = """\
    Page A
    ======

    To `page B <../b.rst>`__, `its section <../b.rst#second-section>`__, `a file the site shows
    <../../shown_whole.rst>`__, `one it does not <../../README.md>`__, `a section here`_;
    ``mavl.thing`` and ``mavl.other``.

    A section here
    --------------
    """


def test_the_site_turns_relative_links_and_api_names_into_its_own_links(tmp_path):
    pages = {**PAGES_OF_THE_SMALL_SITE, "guide/a.rst": PAGE_A}
    built = _build(tmp_path, pages, {"README.md": "# Outside\n", "shown_whole.rst": "Included text.\n"})
    assert built.returncode == 0, built.stderr
    html = (tmp_path / "html" / "guide" / "a.html").read_text()
    body = html[html.index('<div class="body"'):html.index('<div class="sphinxsidebar"')]
    hrefs = re.findall(r'<a class="reference internal" href="([^"]+)"', body)
    assert hrefs == ["../b.html", "../b.html#second-section", "../shown.html", "#a-section-here",
                     "../b.html#mavl.thing"]
    assert "one it does not" in body and "README.md" not in body
    assert "<code" in body and "mavl.other" in body                # an undocumented name: a literal


def test_a_name_that_is_a_cross_reference_already_is_linked_once(tmp_path):
    """The API pages and the examples gallery write Sphinx roles (and autosummary and numpydoc make
    them): their text is left to Sphinx, not wrapped in a second link."""
    page = "Page A\n======\n\n:py:obj:`mavl.thing` and :py:func:`the thing <mavl.thing>`.\n"
    pages = {**PAGES_OF_THE_SMALL_SITE, "guide/a.rst": page}
    built = _build(tmp_path, pages, {"shown_whole.rst": "Included text.\n"})
    assert built.returncode == 0, built.stderr
    html = (tmp_path / "html" / "guide" / "a.html").read_text()
    body = html[html.index('<div class="body"'):html.index('<div class="sphinxsidebar"')]
    assert re.findall(r'<a class="reference internal" href="([^"]+)"', body) == ["../b.html#mavl.thing"] * 2
    assert not re.search(r"<a [^>]*>(?:(?!</a>).)*<a ", body, flags=re.S)


def test_the_site_links_another_projects_name_through_its_inventory(tmp_path):
    """With intersphinx and a committed inventory, a name it lists links to that project's page; a
    name it does not list, or one of a project with no inventory, stays a literal."""
    page = "Page A\n======\n\n``sklearn.svm.SVC``, ``sklearn.svm.NoSuchThing`` and ``results.csv``.\n"
    pages = {**PAGES_OF_THE_SMALL_SITE, "guide/a.rst": page}
    inventory = str(ROOT / "docs" / "_inventories" / "sklearn.inv")
    conf = ("\nextensions.append('sphinx.ext.intersphinx')\nintersphinx_mapping = "
            f"{{'sklearn': ('https://scikit-learn.org/stable/', ({inventory!r},))}}\n")
    built = _build(tmp_path, pages, {"shown_whole.rst": "Included text.\n"}, conf=conf)
    assert built.returncode == 0, built.stderr
    html = (tmp_path / "html" / "guide" / "a.html").read_text()
    body = html[html.index('<div class="body"'):html.index('<div class="sphinxsidebar"')]
    assert re.findall(r'<a class="reference external" href="([^"]+)"', body) == [
        "https://scikit-learn.org/stable/modules/generated/sklearn.svm.SVC.html#sklearn.svm.SVC"]
    assert "sklearn.svm.NoSuchThing" in body and "results.csv" in body


@pytest.mark.parametrize("link, warning", [
    ("`missing <../c.rst>`__", "link to a file that does not exist: ../c.rst"),
    ("`missing section <../b.rst#third-section>`__",
     "link to a section that ../b.rst does not have: #third-section"),
])
def test_a_link_to_a_missing_page_or_section_fails_the_site_build(tmp_path, link, warning):
    pages = {**PAGES_OF_THE_SMALL_SITE, "guide/a.rst": f"Page A\n======\n\n{link}\n"}
    built = _build(tmp_path, pages, {"shown_whole.rst": "Included text.\n"})
    assert built.returncode != 0 and warning in built.stderr, built.stderr
