"""The one list of the papers: read from the packages' own declarations, in their declared order."""

import sys
import types
from pathlib import Path

import pytest

from mavl.reproduction import registry

PAPERS_DIR = Path(registry.__file__).resolve().parents[1] / "papers"


def _fake_papers(monkeypatch, **declared):
    """Packages ``mavl.papers.<name>`` with the given declarations, the only ones the registry finds."""
    for name, attributes in declared.items():
        package = types.ModuleType(f"mavl.papers.{name}")
        for key, value in attributes.items():
            setattr(package, key, value)
        monkeypatch.setitem(sys.modules, package.__name__, package)
    monkeypatch.setattr(registry, "_package_names", lambda: sorted(declared))


def _paper(name, order, prefix, **more):
    return {"PAPER": name, "TITLE": f"{name}, a document", "ORDER": order, "RULE_PREFIX": prefix,
            "settings": lambda config: config[name], **more}


def test_the_list_is_every_paper_package_in_its_declared_order():
    folders = {p.name for p in PAPERS_DIR.iterdir() if (p / "__init__.py").is_file()}
    found = registry.declarations()
    assert {paper.name for paper in found} == folders
    assert [paper.order for paper in found] == sorted(paper.order for paper in found)
    assert registry.papers() == [paper.name for paper in found]
    # A paper's own scales are those its config section's `scale` picks from.
    assert registry.declaration("valentini2003").scales == ("smoke", "default", "full")


def test_the_declared_order_not_the_name_orders_the_list(monkeypatch):
    _fake_papers(monkeypatch, aa=_paper("aa", 3, "a_"), bb=_paper("bb", 1, "b_", SCALES=("small",)),
                 cc=_paper("cc", 2, "c_"))
    assert registry.papers() == ["bb", "cc", "aa"]
    assert registry.declaration("bb") == registry.Paper("bb", "bb, a document", 1, "b_", ("small",))
    assert registry.declaration("aa").scales == ()


def test_a_declaration_missing_a_name_is_refused_with_what_a_paper_declares(monkeypatch):
    incomplete = _paper("aa", 1, "a_")
    del incomplete["ORDER"], incomplete["TITLE"]
    _fake_papers(monkeypatch, aa=incomplete)
    with pytest.raises(LookupError, match=r"mavl.papers.aa does not declare TITLE, ORDER: .*PAPER, TITLE"):
        registry.papers()


def test_a_paper_named_unlike_its_folder_is_refused(monkeypatch):
    _fake_papers(monkeypatch, aa=_paper("bb", 1, "a_"))
    with pytest.raises(LookupError, match=r"PAPER = 'bb': it must be its folder's name"):
        registry.papers()


def test_two_papers_whose_rule_prefixes_overlap_are_refused(monkeypatch):
    # Rule james_x could not say whether it is paper aa's step or bb's.
    _fake_papers(monkeypatch, aa=_paper("aa", 1, "james_"), bb=_paper("bb", 2, "james_more_"))
    with pytest.raises(LookupError, match="RULE_PREFIX 'james_' is a prefix of, or prefixed by, that of bb"):
        registry.papers()


def test_an_unknown_paper_is_named_with_the_papers_there_are(monkeypatch):
    _fake_papers(monkeypatch, aa=_paper("aa", 1, "a_"), bb=_paper("bb", 2, "b_"))
    with pytest.raises(LookupError, match="no paper 'zz': the papers are aa, bb"):
        registry.declaration("zz")


def test_a_rule_of_no_paper_finds_no_step_and_is_told_the_prefixes(monkeypatch):
    # Rule paper_step, which every step inherits, runs no step of its own (workflow/rules/templates/).
    from mavl.reproduction.steps import step_function
    _fake_papers(monkeypatch, aa=_paper("aa", 1, "a_"), bb=_paper("bb", 2, "b_"))
    with pytest.raises(LookupError, match=r"rule .paper_step. names no single paper .*prefixes are a_, b_"):
        step_function("paper_step")
