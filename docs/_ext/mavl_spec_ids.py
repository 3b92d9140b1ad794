"""The spec ids of the API pages as links: every id a docstring cites (AMB-15, R2, A15, decision 5,
"spec allwein2000") links to its entry on docs/api/spec_ids.rst, and an id with no entry there
fails the build (each is a glossary term; an undefined term warns)."""

import re

from docutils import nodes
from sphinx import addnodes

SPECS = ("james-ch3-4", "james-ch2", "zaki-ch22", "breiman1997", "allwein2000", "valentini2003")
#: A spec id as the docstrings cite it: "spec <name>" (or a bare "spec" before a section sign), an
#: ambiguity (AMB-nn, An, Rn, Z-An) or a "decision n" of the spec README.
SPEC_ID = re.compile(rf"\bspec (?P<spec>{'|'.join(SPECS)}|README)\b"
                     r"|\bspec(?= §)"
                     r"|\b(?P<id>AMB-\d+|Z-A\d+|A\d+b?|R\d+|[Dd]ecision \d)\b")
SPEC_PAGE = "api/spec_ids"
#: Where an id stays plain text: code, signatures, titles, and text that already links somewhere.
#: (Not comments either, but autosummary's tables are comment nodes until they are rendered.)
_NOT_LINKED = (nodes.literal, nodes.literal_block, nodes.doctest_block, nodes.math, nodes.math_block,
               nodes.raw, nodes.target, nodes.title, nodes.reference, addnodes.pending_xref,
               addnodes.desc_signature)


def _entry(match):
    """``(reftype, target)`` of a :data:`SPEC_ID` match: a glossary term of the spec page, or the
    page's list of the specs for a bare "spec"."""
    if match["spec"]:
        return "term", "spec README" if match["spec"] == "README" else match["spec"]
    if match["id"]:
        return "term", match["id"].lower() if match["id"].startswith(("D", "d")) else match["id"]
    return "ref", "spec-ids-specs"


def link_spec_ids(app, doctree):
    """In the API pages (but the spec page), each id of the text becomes a reference to its entry."""
    docname = app.env.current_document.docname
    if not docname.startswith("api/") or docname == SPEC_PAGE:
        return
    for text in list(doctree.findall(nodes.Text)):
        if any(isinstance(node, _NOT_LINKED) or type(node) is nodes.comment for node in _ancestors(text)):
            continue
        source, pieces, start = text.astext(), [], 0
        for match in SPEC_ID.finditer(source):
            reftype, target = _entry(match)
            link = addnodes.pending_xref("", nodes.Text(match.group()), refdomain="std", reftype=reftype,
                                         reftarget=target, refexplicit=True, refwarn=True, refdoc=docname)
            pieces += [nodes.Text(source[start:match.start()]), link]
            start = match.end()
        if pieces:
            text.parent.replace(text, [*pieces, nodes.Text(source[start:])])


def _ancestors(node):
    node = node.parent
    while node is not None:
        yield node
        node = node.parent


def setup(app):
    app.connect("doctree-read", link_spec_ids)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
