"""The citation page (docs/citing.rst): BibTeX and APA entries made from CITATION.cff.

CITATION.cff is the one source, which the code host reads too. The directive ``.. mavl-citation::``
writes, from it, its message (``message``), a BibTeX entry (``bibtex``) or an APA reference
(``apa``) for the software and for each document listed under its ``references``. A field the file
lacks is left out, never filled in; the page is rebuilt whenever the file changes."""

import re
from pathlib import Path

import yaml
from docutils import nodes
from docutils.parsers.rst import Directive

ROOT = Path(__file__).resolve().parents[2]
CITATION = ROOT / "CITATION.cff"

#: BibTeX entry types of the CFF types the file uses (GitHub's "Cite this repository" writes
#: software as ``@software``, which biblatex knows).
BIBTEX_TYPES = {"software": "software", "article": "article", "thesis": "phdthesis",
                "report": "techreport", "book": "inbook"}


def read_citation(path=CITATION):
    return yaml.safe_load(Path(path).read_text(encoding="utf-8"))


def _people(work):
    """``[(family, given, suffix)]`` of a work's authors; an entity (``name``) is its family name."""
    return [(a.get("family-names") or a.get("name"), a.get("given-names"), a.get("name-suffix"))
            for a in work.get("authors", [])]


def _year(work):
    return str(work.get("year") or str(work.get("date-released", ""))[:4])


def _name(entry):
    value = entry.get("name") if isinstance(entry, dict) else entry
    return str(value) if value else None


def _key(work):
    """``mavl`` for the software (its title's first word), ``<family><year>`` for a document."""
    if work.get("type") == "software":
        return re.sub(r"\W", "", work["title"].split(":")[0]).lower()
    return re.sub(r"\W", "", _people(work)[0][0]).lower() + _year(work)


def bibtex(work):
    """One BibTeX entry of a CFF work (the file itself, or one of its references)."""
    kind = BIBTEX_TYPES.get(work.get("type"), "misc")
    authors = []
    for family, given, suffix in _people(work):
        if given is None:
            authors.append("{" + family + "}")          # an entity: one name, not split by BibTeX
        else:
            authors.append(", ".join(part for part in (family, suffix, given) if part))
    fields = [("author", " and ".join(authors)), ("title", work.get("title")), ("year", _year(work))]
    if work.get("type") == "software":
        fields += [("version", work.get("version")), ("license", work.get("license"))]
    fields += [("journal", work.get("journal")), ("volume", work.get("volume"))]
    if work.get("start") and work.get("end"):
        fields.append(("pages", f"{work['start']}--{work['end']}"))
    fields += [("chapter", work.get("section")), ("edition", work.get("edition")),
               ("publisher", _name(work.get("publisher", {}))), ("number", work.get("number")),
               ("type", work.get("thesis-type"))]
    place = _name(work.get("institution", {}))
    fields.append(("school" if kind == "phdthesis" else "institution", place))
    lines = [f"  {name} = {{{value}}}," for name, value in fields if value not in (None, "")]
    return "\n".join([f"@{kind}{{{_key(work)},", *lines, "}"])


def _initials(given):
    return " ".join(f"{part[0]}." for part in re.split(r"[\s.]+", given) if part)


def _apa_authors(work):
    names = []
    for family, given, suffix in _people(work):
        name = family if given is None else f"{family}, {_initials(given)}"
        names.append(f"{name}, {suffix}" if suffix else name)
    return ", ".join(names[:-1] + [f"& {names[-1]}"]) if len(names) > 1 else names[0]


def apa(work):
    """``[(text, emphasised)]``: the runs of one APA reference of a CFF work."""
    author = _apa_authors(work)
    head = f"{author}{'' if author.endswith('.') else '.'} ({_year(work)}). "
    kind, title = work.get("type"), work.get("title")
    if kind == "software":
        return [(head, False), (title, True),
                (f" (Version {work.get('version')}) [Computer software].", False)]
    if kind == "article":
        pages = f", {work['start']}–{work['end']}" if work.get("start") else ""
        return [(head + f"{title}. ", False), (work.get("journal"), True), (", ", False),
                (str(work.get("volume")), True), (f"{pages}.", False)]
    if kind == "thesis":
        return [(head, False), (title, True),
                (f" [{work.get('thesis-type')}, {_name(work.get('institution', {}))}].", False)]
    if kind == "report":
        return [(head, False), (title, True),
                (f" (Report No. {work.get('number')}). {_name(work.get('institution', {}))}.", False)]
    if kind == "book":
        parts = [f"{work['edition']} ed." if work.get("edition") else "",
                 f"chapter {work['section']}" if work.get("section") else ""]
        detail = ", ".join(part for part in parts if part)
        return [(head, False), (title, True),
                (f"{f' ({detail})' if detail else ''}. {_name(work.get('publisher', {}))}.", False)]
    return [(head, False), (title, True), (".", False)]


def works(citation):
    """The software, then each document it lists."""
    return [citation, *citation.get("references", [])]


class CitationDirective(Directive):
    """``.. mavl-citation:: message|bibtex|apa``: CITATION.cff's message, its BibTeX entries (one
    code block) or its APA references (a list)."""

    required_arguments = 1
    has_content = False

    def run(self):
        self.state.document.settings.env.note_dependency(str(CITATION))
        citation = read_citation()
        form = self.arguments[0]
        if form == "message":
            return [nodes.paragraph(text=" ".join(citation["message"].split()))]
        if form == "bibtex":
            text = "\n\n".join(bibtex(work) for work in works(citation))
            return [nodes.literal_block(text, text, language="bibtex")]
        if form == "apa":
            references = nodes.bullet_list()
            for work in works(citation):
                paragraph = nodes.paragraph()
                for text, emphasised in apa(work):
                    paragraph += nodes.emphasis(text=text) if emphasised else nodes.Text(text)
                references += nodes.list_item("", paragraph)
            return [references]
        raise self.error(f"mavl-citation: unknown form {form!r} (message, bibtex or apa)")


def setup(app):
    app.add_directive("mavl-citation", CitationDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
