"""Checksum manifests of result files: write one, or check a run against a committed one.

Usage::

    mavl-manifest write reports/manifest.quick.sha256      # after a run of the quick profile
    mavl-manifest check reports/manifest.quick.sha256      # the files that differ, byte for byte
    mavl-manifest check reports/manifest.quick.sha256 --paper james1998 --rtol 1e-9 --atol 2e-6

A manifest lists, in ``sha256sum`` format with paths relative to the project root, every result
table (CSV, TSV) and figure (PNG, PDF, SVG) of one scale's tree (:mod:`mavl.reproduction.layout`:
``results/<paper>/`` at the paper scale, ``results/<scale>/<paper>/`` at another), the scale read
from the manifest's name (``manifest.<scale>.sha256``, ``manifest.<paper>.<scale>.sha256``) unless
given. Comment lines at its top record the environment the workflow's jobs run in
(:func:`mavl.reproduction.environment.of_jobs`: with their kernel pins). Beside it, ``write`` stores
the tables themselves (``<manifest>.values.tar.xz``), so that a check with a tolerance can say how
far a table whose bytes differ has moved, number by number (:mod:`mavl.reproduction.tolerance`).
Figures are reported apart: image bytes depend on fonts and renderer, while the CSV beside each
figure holds its plotted numbers.
"""

import argparse
import hashlib
import io
import sys
import tarfile
from dataclasses import dataclass, field
from pathlib import Path

from . import environment, layout
from .io import _write_atomically
from .tolerance import compare_tables

__all__ = ["Check", "check", "collect", "main", "scale_of", "values_archive", "write"]

TABLES = (".csv", ".tsv")
FIGURES = (".png", ".pdf", ".svg")
_TITLE = "# mavl-manifest: result files of one run (sha256sum lines; '# environment' lines: its software)"


def _is_table(path):
    return Path(path).suffix in TABLES


def scale_of(manifest):
    """The scale a manifest's name gives (``manifest.<scale>.sha256`` or
    ``manifest.<paper>.<scale>.sha256``), else the paper scale."""
    parts = Path(manifest).name.split(".")
    if parts[0] == "manifest" and parts[-1] == "sha256" and len(parts) in (3, 4):
        return parts[-2]
    return layout.PAPER_SCALE


def collect(root=".", paper=None, scale=layout.PAPER_SCALE):
    """``{relative path: sha256}`` of every result table and figure in ``scale``'s tree under ``root``
    (one paper's folder with ``paper``)."""
    root = Path(root)
    files = sorted(p for tree in layout.tree_paths(scale, paper) for p in (root / tree).rglob("*")
                   if p.suffix in TABLES + FIGURES and p.is_file())
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in files}


def values_archive(manifest):
    """Where the tables of a manifest are stored: ``<manifest>.values.tar.xz`` beside it."""
    manifest = Path(manifest)
    return manifest.with_name(manifest.name.removesuffix(".sha256") + ".values.tar.xz")


def _write_values(archive, root, paths):
    """A byte-stable archive of the tables (fixed order, times and owners), written whole."""
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode="w:xz", format=tarfile.PAX_FORMAT) as tar:
        for path in paths:
            data = (Path(root) / path).read_bytes()
            info = tarfile.TarInfo(path)
            info.size, info.mtime, info.mode = len(data), 0, 0o644
            tar.addfile(info, io.BytesIO(data))
    _write_atomically(archive, lambda out: out.write(buffer.getvalue()), binary=True)


def write(manifest, root=".", paper=None, scale=None):
    """Write the manifest of one scale's results, its environment header and its tables.

    ``scale`` defaults to the manifest's name (:func:`scale_of`); ``paper`` limits it to that
    paper's folder: a manifest of its own for one paper's run at a scale of its own (Valentini's full).
    """
    entries = collect(root, paper, scale or scale_of(manifest))
    header = [_TITLE] + environment.header_lines(environment.of_jobs())
    text = "".join(f"{line}\n" for line in header) + "".join(f"{h}  {p}\n" for p, h in entries.items())
    _write_atomically(manifest, lambda out: out.write(text))
    _write_values(values_archive(manifest), root, [p for p in entries if _is_table(p)])
    return len(entries)


def read(manifest):
    """``({path: sha256}, recorded environment)`` of a manifest file."""
    lines = Path(manifest).read_text().splitlines()
    entries = {}
    for line in lines:
        if line.strip() and not line.startswith("#"):
            digest, path = line.split(maxsplit=1)
            entries[path.strip()] = digest
    return entries, environment.parse_header(lines)


@dataclass
class Check:
    """What a check found. ``problems`` fail it; the rest is reported."""

    problems: list = field(default_factory=list)
    figures: list = field(default_factory=list)
    tolerated: dict = field(default_factory=dict)
    moved: dict = field(default_factory=dict)
    environment: list = field(default_factory=list)
    matched: int = 0

    @property
    def ok(self):
        return not self.problems


def _reference_tables(manifest, paths):
    archive = values_archive(manifest)
    if not archive.exists():
        return None
    with tarfile.open(archive, "r:xz") as tar:
        names = set(tar.getnames())
        return {p: tar.extractfile(p).read().decode() for p in paths if p in names}


def check(manifest, root=".", paper=None, rtol=None, atol=None, scale=None):
    """Check the results under ``root`` against a manifest; see :class:`Check`.

    Parameters
    ----------
    paper : str, optional
        Check only that paper's folder of the scale's tree.
    rtol, atol : float, optional
        When either is given, a table whose bytes differ passes if every number lies within
        ``atol + rtol·|reference|`` and no verdict changed; without them bytes must match.
    """
    expected, recorded = read(manifest)
    scale = scale or scale_of(manifest)
    if paper:
        tree = layout.results_dir(paper, scale) + "/"
        if not any(p.startswith(tree) for p in expected):
            raise ValueError(f"paper {paper!r} has no files under {tree} in {manifest}.")
        expected = {p: h for p, h in expected.items() if p.startswith(tree)}
    found = collect(root, paper, scale)
    running = environment.of_jobs()
    result = Check(environment=[(name, recorded[name], running.get(name, "absent"))
                                for name in environment.differences(recorded, running)])
    differing = [p for p in expected if p in found and found[p] != expected[p]]
    result.matched = sum(1 for p in expected if found.get(p) == expected[p])
    result.figures = [p for p in differing if not _is_table(p)]
    tables = [p for p in differing if _is_table(p)]
    tolerant = rtol is not None or atol is not None
    reference = _reference_tables(manifest, tables) if tolerant and tables else {}
    for path in tables:
        if not tolerant:
            result.problems.append(f"differs: {path}")
        elif reference is None or path not in reference:
            result.problems.append(f"differs: {path} (no stored values to compare it with: "
                                   f"{values_archive(manifest)})")
        else:
            sep = "\t" if path.endswith(".tsv") else ","
            diff = compare_tables(reference[path], (Path(root) / path).read_text(),
                                  rtol or 0.0, atol or 0.0, sep)
            (result.tolerated if diff.ok else result.moved)[path] = diff
            if not diff.ok:
                result.problems.append(_describe(path, diff, rtol or 0.0, atol or 0.0))
    result.problems += [f"missing: {p}" for p in expected if p not in found]
    result.problems += [f"not in manifest: {p}" for p in found if p not in expected]
    return result


def _cell(where):
    row, column, ref, new = where
    return f"row {row} {column}: {ref} -> {new}"


def _describe(path, diff, rtol, atol):
    if diff.structure:
        return f"differs: {path}: {diff.structure}"
    parts = [f"differs: {path}: max abs {diff.max_abs:.3g}, max rel {diff.max_rel:.3g}"]
    if diff.verdicts:
        parts.append(f"{len(diff.verdicts)} verdicts changed ({'; '.join(map(_cell, diff.verdicts[:3]))})")
    if diff.beyond:
        parts.append(f"{len(diff.beyond)} cells beyond rtol={rtol:g}, atol={atol:g} "
                     f"({'; '.join(map(_cell, diff.beyond[:3]))})")
    return "; ".join(parts)


def _print_report(result, manifest):
    for name, then, now in result.environment:
        print(f"warning: {name} differs from the manifest's: {then} (manifest) vs {now} (jobs here)")
    for problem in result.problems:
        print(problem)
    for path, diff in result.tolerated.items():
        print(f"within tolerance: {path}: max abs {diff.max_abs:.3g}, max rel {diff.max_rel:.3g} "
              f"over {diff.n_numbers} numbers")
    for path in result.figures:
        print(f"figure differs (its numbers are in the table beside it): {path}")
    print(f"{result.matched} files match {manifest} byte for byte; {len(result.tolerated)} tables "
          f"within tolerance; {len(result.figures)} figures differ; {len(result.problems)} problems")


def main(argv=None):
    parser = argparse.ArgumentParser(prog="mavl-manifest", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["write", "check"])
    parser.add_argument("manifest")
    parser.add_argument("--root", default=".", help="project root holding results/")
    parser.add_argument("--scale", help="the scale whose result tree to write or check (default: the "
                        "manifest's name, manifest.<scale>.sha256, else paper)")
    parser.add_argument("--paper", help="write or check only that paper's folder")
    parser.add_argument("--rtol", type=float, help="relative tolerance for tables whose bytes differ")
    parser.add_argument("--atol", type=float, help="absolute tolerance (2e-6 admits a change in the "
                        "sixth decimal, the precision result tables are written at)")
    args = parser.parse_args(argv)
    if args.action == "write":
        print(f"wrote {write(args.manifest, args.root, args.paper, args.scale)} entries to {args.manifest} "
              f"and its tables to {values_archive(args.manifest)}")
        return 0
    try:
        result = check(args.manifest, args.root, args.paper, args.rtol, args.atol, args.scale)
    except ValueError as error:
        parser.error(str(error))
    _print_report(result, args.manifest)
    return 0 if result.ok else 1


if __name__ == "__main__":
    sys.exit(main())
