"""Checksummed data files: a mirror the user names, the package's own copies, or the UCI address.

Every file the papers read ships inside the package (``files/<data set>/<file>``, 6.7 MB; licence,
citation and where each copy came from in ``files/README.md`` and ``files/registry.tsv``). A mirror
directory (argument, else ``MAVL_DATA_MIRROR``) is tried first when one is given, so a user can point
at their own copies; a file the package does not hold is downloaded once from its official address
into a cache (argument, else ``MAVL_DATA_CACHE``, else pooch's cache folder). Whatever the source,
the file must match the sha256 kept in ``files/registry.tsv``; otherwise :class:`DataFileError`
names the file, every place tried and the expected checksum.
"""

import csv
import hashlib
import os
from importlib import resources
from pathlib import Path

__all__ = ["DataFileError", "fetch", "registry"]

class DataFileError(OSError):
    """A data file is missing everywhere or does not match its checksum."""


def _files():
    return resources.files("mavl.data") / "files"


def registry():
    """``{relative path: {"bytes", "sha256", "url", "licence", "copied_from", "check"}}`` per data file."""
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
        Mirror directory laid out like the registry, tried before the packaged copy; default
        ``$MAVL_DATA_MIRROR``. A copy there with another checksum is passed over (and named in
        the error if no other place has the file).
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
    mirror = mirror or os.environ.get("MAVL_DATA_MIRROR")
    if mirror:
        candidates.append((Path(mirror) / relpath, "mirror"))
    candidates.append((_files() / relpath, "packaged copy"))
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
