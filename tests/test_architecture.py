"""The package's layers: the library, the reproduction framework, one package per paper.

Walks every import statement under ``src/mavl`` (module level and inside functions) and fails on an
import circle, on the library importing the framework or a paper, on the framework importing a
paper, and on one paper importing another. That is what the design needs of a module; its length is
not: a module holds one concept, however long (scikit-learn's do).
"""

import ast
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[1] / "src"
FRAMEWORK, PAPERS = "mavl.reproduction", "mavl.papers"


def module_names(root):
    """``{dotted module name: path}`` of every module under ``root``."""
    names = {}
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        names[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return names


def import_graph(root):
    """``{module: set of modules it imports}``, restricted to the modules under ``root``."""
    files = module_names(root)
    graph = {name: set() for name in files}
    for name, path in files.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(anchor + ([node.module] if node.module else []))
                targets = [base] + [f"{base}.{alias.name}" for alias in node.names]
            else:
                continue
            for target in targets:
                while target and target not in files:    # a name imported from a module
                    target = target.rpartition(".")[0]
                if target and target != name:
                    graph[name].add(target)
    return graph


def cycles(graph):
    """Every set of modules that import each other in a circle (strongly connected, size > 1)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return found


def layer(module):
    """``("paper", name)``, ``("framework", None)`` or ``("library", None)``."""
    if module == PAPERS or module.startswith(PAPERS + "."):
        parts = module.split(".")
        return ("paper", parts[2] if len(parts) > 2 else None)
    if module == FRAMEWORK or module.startswith(FRAMEWORK + "."):
        return ("framework", None)
    return ("library", None)


def layer_violations(graph):
    """Imports that go up a layer or sideways between papers."""
    rank = {"library": 0, "framework": 1, "paper": 2}
    bad = []
    for module, imports in graph.items():
        (kind, paper) = layer(module)
        for target in imports:
            (target_kind, target_paper) = layer(target)
            if rank[target_kind] > rank[kind]:
                bad.append(f"{module} ({kind}) imports {target} ({target_kind})")
            elif kind == target_kind == "paper" and None not in (paper, target_paper) \
                    and paper != target_paper:
                bad.append(f"paper {paper} imports paper {target_paper}: {module} -> {target}")
    return sorted(bad)


@pytest.fixture(scope="module")
def graph():
    return import_graph(SRC)


def test_the_walk_sees_the_three_layers(graph):
    kinds = {layer(m)[0] for m in graph}
    papers = {layer(m)[1] for m in graph if layer(m)[0] == "paper"} - {None}
    assert kinds == {"library", "framework", "paper"}
    assert {"james1998", "zaki_ch22"} <= papers
    # Relative imports are resolved: the report step reads the framework and its own paper's modules.
    assert {"mavl.reproduction.paired", "mavl.papers.james1998.paired_tests"} <= graph[
        "mavl.papers.james1998.report"]


def test_no_import_circle(graph):
    assert cycles(graph) == []


def test_imports_go_down_the_layers_and_never_between_papers(graph):
    assert layer_violations(graph) == []


def test_the_checks_catch_a_circle_and_a_wrong_direction(tmp_path):
    """The walk on a made-up package: each kind of fault is reported."""
    files = {
        "mavl/__init__.py": "",
        "mavl/codes.py": "from .reproduction.io import write\n",               # library -> framework
        "mavl/reproduction/__init__.py": "",
        "mavl/reproduction/io.py": "def write():\n    from ..papers.a.x import y\n",  # -> paper
        "mavl/papers/__init__.py": "",
        "mavl/papers/a/__init__.py": "",
        "mavl/papers/a/x.py": "from . import z\ny = 1\n",
        "mavl/papers/a/z.py": "from .x import y\nfrom ...papers.b import w\n",  # circle; paper b
        "mavl/papers/b/__init__.py": "w = 2\n",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    fake = import_graph(tmp_path)
    assert cycles(fake) == [["mavl.papers.a.x", "mavl.papers.a.z"]]
    assert layer_violations(fake) == [
        "mavl.codes (library) imports mavl.reproduction.io (framework)",
        "mavl.reproduction.io (framework) imports mavl.papers.a.x (paper)",
        "paper a imports paper b: mavl.papers.a.z -> mavl.papers.b",
    ]


TESTS = Path(__file__).resolve().parent


def test_tests_follow_the_layers():
    """tests/library tests the library alone, tests/framework the framework (and the library
    below it), tests/papers/<paper> one paper; the top folder holds whole-project tests."""
    rank = {"library": 0, "framework": 1, "paper": 2}
    folders = {"library": ("library", None), "framework": ("framework", None)}
    bad, seen = [], set()
    for path in sorted(TESTS.rglob("test_*.py")):
        parts = path.relative_to(TESTS).parts
        if len(parts) == 1:
            continue                                       # whole-project tests
        kind, paper = ("paper", parts[1]) if parts[0] == "papers" else folders[parts[0]]
        seen.add(kind)
        for node in ast.walk(ast.parse(path.read_text())):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module] if isinstance(node, ast.ImportFrom) and node.module else []
            for name in (n for n in names if n == "mavl" or n.startswith("mavl.")):
                target_kind, target_paper = layer(name)
                if rank[target_kind] > rank[kind] or (target_kind == "paper" and target_paper != paper):
                    bad.append(f"{path.relative_to(TESTS)} imports {name}")
    assert seen == {"library", "framework", "paper"}
    assert bad == []
