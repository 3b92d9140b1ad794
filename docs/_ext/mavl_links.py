"""Links of the reST pages that read on a code host and in the site alike.

The guide's pages are read in two places: this site, and the code host, which renders reST with
plain docutils and so knows none of Sphinx's roles (``:doc:``, ``:ref:``, ``:func:``). The pages
therefore write only what docutils knows, and this extension makes it link in the site:

- a relative link to a file, ``reading_a_report.rst`` or ``performance.rst#whole-runs``, goes to
  the page the site makes of it: the document itself, or the one page that includes the file
  (``reports/james1998.md`` is included by ``docs/reports/james1998.md``), or the page the
  examples gallery makes of a file of ``examples/`` (``examples/README.rst`` is the gallery's
  index). A fragment names a section by the id docutils gives its title, the same on the code host
  and here. A link to a file or section that does not exist is a warning (so ``-W`` fails); a link
  to a file the site shows on no page (``README.md``, a ``.tsv``) keeps its text without the link,
  since the site has no copy;
- an inline literal that is a name the API reference documents, ``mavl.svm.pooled.fit_group``,
  links to its entry; one that names an entry of another project's inventory, read by intersphinx
  from docs/_inventories/ and named by its package (``sklearn.svm.SVC``, ``numpy.random.Generator``),
  links to that project's page; any other literal stays as it is.

Only reST documents are touched: MyST resolves the Markdown pages' links itself.
"""

import re
from pathlib import Path
from urllib.parse import urlsplit

from docutils import nodes
from sphinx import addnodes
from sphinx.ext.intersphinx import inventory_exists, resolve_reference_in_inventory
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util import logging
from sphinx.util.nodes import make_refnode

logger = logging.getLogger(__name__)

#: An inline literal that may name an object of the API reference.
API_NAME = re.compile(r"mavl(?:\.\w+)+")
#: An inline literal that may name an object of another project: its first part names the
#: intersphinx inventory (docs/conf.py names each by its package: sklearn, numpy, scipy, pandas).
OTHER_NAME = re.compile(r"(?P<project>[a-z]\w*)(?:\.\w+)+")


def relative_target(refuri):
    """``(path, fragment)`` of a link to a file given relative to its page; None for a URL, an
    absolute path or a link within the page."""
    parts = urlsplit(refuri)
    if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
        return None
    return parts.path, parts.fragment


def gallery_page(config, srcdir, filename):
    """The document sphinx-gallery makes of a file of its examples' folders (docs/conf.py): a
    folder's ``README.rst`` becomes its ``index``, ``plot_x.py`` the page ``plot_x``, under the
    gallery's folder. None for any other file, or without sphinx-gallery."""
    conf = getattr(config, "sphinx_gallery_conf", None) or {}
    examples, galleries = conf.get("examples_dirs", []), conf.get("gallery_dirs", [])
    examples, galleries = ([d] if isinstance(d, str) else list(d) for d in (examples, galleries))
    for examples_dir, gallery_dir in zip(examples, galleries, strict=True):
        try:
            relative = Path(filename).resolve().relative_to((Path(srcdir) / examples_dir).resolve())
        except ValueError:
            continue
        relative = relative.with_name("index") if relative.name == "README.rst" else relative.with_suffix("")
        return (Path(gallery_dir) / relative).as_posix()
    return None


class RelativeLinks(SphinxPostTransform):
    """Resolve a reST page's relative links and API names into the site's internal links."""

    # Before Sphinx's own reference resolver (10): the nodes made here are final references.
    default_priority = 5

    def run(self, **kwargs):
        docname = self.env.docname
        if self.env.doc2path(docname).suffix != ".rst":
            return
        self._ids = {docname: self._section_ids(self.document, docname)}
        for reference in list(self.document.findall(nodes.reference)):
            target = relative_target(reference.get("refuri", ""))
            if target and not reference.get("internal"):
                self._resolve_link(reference, docname, *target)
        for literal in list(self.document.findall(nodes.literal)):
            # A literal that is a link already, or the text of a cross-reference that Sphinx resolves
            # after this transform (a role, an autosummary entry, numpydoc's See Also), stays as it is.
            if isinstance(literal.parent, (nodes.reference, addnodes.pending_xref)):
                continue
            if API_NAME.fullmatch(literal.astext()):
                self._link_api_name(literal, docname)
            elif (other := OTHER_NAME.fullmatch(literal.astext())) and self._has_inventory(other["project"]):
                self._link_other_name(literal, other["project"])

    def _resolve_link(self, reference, docname, path, fragment):
        _, filename = self.env.relfn2path(path, docname)
        filename = Path(filename)
        if not filename.exists():
            logger.warning("link to a file that does not exist: %s", path, location=reference)
            return
        page = self._page_showing(filename)
        if page is None:                # no page of the site shows the file: its text, unlinked
            reference.replace_self(reference.children)
            return
        if fragment and fragment not in self._target_ids(page):
            logger.warning("link to a section that %s does not have: #%s", path, fragment,
                           location=reference)
            return
        reference.replace_self(make_refnode(self.app.builder, docname, page, fragment or None,
                                            reference.children))

    def _page_showing(self, filename):
        """The document that is ``filename``, or else the one document that includes it, or else the
        page the examples gallery makes of it."""
        page = self.env.path2doc(filename)
        if page in self.env.all_docs:
            return page
        included = getattr(self.env, INCLUDED, {})
        including = [doc for doc, files in included.items() if str(filename) in files]
        if len(including) == 1:
            return including[0]
        page = gallery_page(self.config, self.env.srcdir, filename)
        return page if page in self.env.all_docs else None

    def _target_ids(self, page):
        if page not in self._ids:
            self._ids[page] = self._section_ids(self.env.get_doctree(page), page)
        return self._ids[page]

    def _section_ids(self, doctree, page):
        """The ids a link may name in ``page``: its sections' ids, and MyST's heading slugs."""
        ids = {id_ for section in doctree.findall(nodes.section) for id_ in section["ids"]}
        return ids | set(self.env.metadata.get(page, {}).get("myst_slugs", {}))

    def _link_api_name(self, literal, docname):
        python = self.env.get_domain("py")
        entry = python.objects.get(literal.astext()) or python.modules.get(literal.astext())
        if entry is not None:
            literal.replace_self(make_refnode(self.app.builder, docname, entry.docname, entry.node_id,
                                              literal.deepcopy(), title=literal.astext()))

    def _has_inventory(self, project):
        return "sphinx.ext.intersphinx" in self.app.extensions and inventory_exists(self.env, project)

    def _link_other_name(self, literal, project):
        """Link ``literal`` to its entry of ``project``'s inventory, of any Python object type."""
        xref = addnodes.pending_xref("", refdomain="py", reftype="obj", reftarget=literal.astext(),
                                    refexplicit=True)        # the literal as written
        found = resolve_reference_in_inventory(self.env, project, xref, literal.deepcopy())
        if found is not None:
            literal.replace_self(found)


# Which files each document includes, from the include directives of reST and MyST alike (both emit
# ``include-read``). Not the documents' dependencies: a page that only reads a file, as the gallery
# reads the reports, does not show it.
INCLUDED = "mavl_links_included"


def _note_include(app, relative_path, parent_docname, content):
    # The document being read: MyST names the parent by its file's stem alone.
    included = (Path(app.env.srcdir) / relative_path).resolve()
    getattr(app.env, INCLUDED).setdefault(app.env.docname, set()).add(str(included))


def _start(app, env, docnames):
    if not hasattr(env, INCLUDED):
        setattr(env, INCLUDED, {})


def _purge(app, env, docname):
    getattr(env, INCLUDED, {}).pop(docname, None)


def _merge(app, env, docnames, other):
    included = getattr(other, INCLUDED, {})
    getattr(env, INCLUDED).update({doc: included[doc] for doc in docnames if doc in included})


def setup(app):
    app.add_post_transform(RelativeLinks)
    app.connect("env-before-read-docs", _start)
    app.connect("include-read", _note_include)
    app.connect("env-purge-doc", _purge)
    app.connect("env-merge-info", _merge)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
