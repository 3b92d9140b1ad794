"""Checksummed data files: the package's own copies, a mirror, or the UCI address.

Letter and Vowel ship inside the package. Every other file is looked up in a mirror directory
(argument, else ``MAVL_DATA_MIRROR``), then downloaded once from its official address into a cache
(argument, else ``MAVL_DATA_CACHE``, else pooch's cache folder). Whatever the source, the file must
match the sha256 kept in ``files/registry.tsv``; otherwise :class:`DataFileError` names the file,
every place tried and the expected checksum.
"""

import csv
import hashlib
import os
from importlib import resources
from pathlib import Path

__all__ = ["DataFileError", "fetch", "registry"]

#: Files that ship inside the package, by registry path.
PACKAGED = {
    "letter/letter-recognition.data": "letter-recognition.data",
    "vowel/vowel-context.data": "vowel-context.data",
}


class DataFileError(OSError):
    """A data file is missing everywhere or does not match its checksum."""


def _files():
    return resources.files("mavl.data") / "files"


def registry():
    """``{relative path: {"bytes", "sha256", "url"}}`` for every known data file."""
    with (_files() / "registry.tsv").open(encoding="utf-8") as handle:
        return {row["file"]: row for row in csv.DictReader(handle, delimiter="\t")}


def sha256(path):
    """Hex sha256 of a file."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def fetch(relpath, mirror=None, cache_dir=None):
    """Local path of a verified copy of ``relpath`` (e.g. ``"glass/glass.data"``).

    Parameters
    ----------
    relpath : str
        Path as listed in the registry.
    mirror : str or Path, optional
        Mirror directory laid out like the registry; default ``$MAVL_DATA_MIRROR``.
    cache_dir : str or Path, optional
        Download cache; default ``$MAVL_DATA_CACHE`` or pooch's cache folder.

    Raises
    ------
    DataFileError
        If no place holds a copy with the expected sha256.
    """
    known = registry()
    if relpath not in known:
        raise DataFileError(f"unknown data file {relpath!r}; known files: {sorted(known)}")
    expected = known[relpath]["sha256"]
    tried = []

    def verified(path, place):
        if not Path(path).is_file():
            tried.append(f"{place}: {path} (missing)")
            return None
        got = sha256(path)
        if got != expected:
            tried.append(f"{place}: {path} (sha256 {got})")
            return None
        return Path(path)

    candidates = []
    if relpath in PACKAGED:
        candidates.append((_files() / PACKAGED[relpath], "packaged copy"))
    mirror = mirror or os.environ.get("MAVL_DATA_MIRROR")
    if mirror:
        candidates.append((Path(mirror) / relpath, "mirror"))
    for path, place in candidates:
        found = verified(path, place)
        if found is not None:
            return found
    url = known[relpath]["url"]
    try:
        found = _download(relpath, url, expected, cache_dir)
    except Exception as error:  # noqa: BLE001 - any download failure is reported with the others
        tried.append(f"download {url} ({type(error).__name__}: {error})")
    else:
        return found
    raise DataFileError(
        f"data file {relpath!r} not available with sha256 {expected}. Tried:\n  "
        + "\n  ".join(tried)
        + "\nSet MAVL_DATA_MIRROR to a folder holding the UCI files, or allow the download."
    )


def _download(relpath, url, expected, cache_dir):
    import pooch

    cache = cache_dir or os.environ.get("MAVL_DATA_CACHE") or pooch.os_cache("mavl")
    if not url.startswith("http"):
        raise ValueError(f"no download address for {relpath}")
    path = pooch.retrieve(
        url, known_hash=f"sha256:{expected}", fname=relpath.replace("/", "__"), path=cache,
        progressbar=False,
    )
    return Path(path)
