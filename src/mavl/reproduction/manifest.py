"""Checksum manifests of result files: write one, or check a run against a committed one.

Usage::

    mavl-manifest write reports/manifest.quick.sha256      # after a run of the quick profile
    mavl-manifest check reports/manifest.quick.sha256      # prints the files that differ

Lines are ``sha256sum`` format (``<hash>  <path>``), paths relative to the project root, over
every CSV and TSV under ``results/``. Figures are left out: image bytes depend on the installed
fonts and renderer, while the CSV beside each figure holds its plotted numbers.
"""

import argparse
import hashlib
import sys
from pathlib import Path

__all__ = ["check", "collect", "main", "write"]

PATTERNS = ("*.csv", "*.tsv")


def collect(root="."):
    """``{relative path: sha256}`` of every result CSV/TSV under ``root/results``."""
    root = Path(root)
    files = sorted(p for pattern in PATTERNS for p in (root / "results").rglob(pattern))
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in files}


def write(manifest, root="."):
    """Write the manifest of the current results."""
    entries = collect(root)
    Path(manifest).parent.mkdir(parents=True, exist_ok=True)
    Path(manifest).write_text("".join(f"{h}  {p}\n" for p, h in entries.items()))
    return len(entries)


def check(manifest, root="."):
    """Paths that are missing, differ, or are not in the manifest; empty when all match."""
    expected = {}
    for line in Path(manifest).read_text().splitlines():
        digest, path = line.split(maxsplit=1)
        expected[path.strip()] = digest
    found = collect(root)
    problems = [f"differs: {p}" for p in expected if p in found and found[p] != expected[p]]
    problems += [f"missing: {p}" for p in expected if p not in found]
    problems += [f"not in manifest: {p}" for p in found if p not in expected]
    return problems


def main(argv=None):
    parser = argparse.ArgumentParser(prog="mavl-manifest", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=["write", "check"])
    parser.add_argument("manifest")
    parser.add_argument("--root", default=".", help="project root holding results/")
    args = parser.parse_args(argv)
    if args.action == "write":
        print(f"wrote {write(args.manifest, args.root)} entries to {args.manifest}")
        return 0
    problems = check(args.manifest, args.root)
    for problem in problems:
        print(problem)
    n = len(collect(args.root))
    print(f"{n - len([p for p in problems if not p.startswith('missing')])}/{n} result files "
          f"match {args.manifest}" if not problems else f"{len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
