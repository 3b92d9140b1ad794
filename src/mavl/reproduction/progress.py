"""What a running job tells its log: where it is, how many of how many, how long it has taken.

Every workflow script starts with :func:`log_to` (its rule's ``log:`` file), so ``tail -f`` on the
log of a running job, locally or on a cluster, shows it moving; long loops wrap their items in
:func:`progress`. Both go through the standard :mod:`logging` module: the library's own loggers
(``mavl.*``) write to the same file, and a user of the paper functions outside Snakemake sees the
same lines by configuring logging as usual.
"""

import atexit
import logging
import resource
import sys
import time
from contextlib import contextmanager

__all__ = ["log_to", "peak_memory_mb", "progress", "stage"]

_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def _blas_threads():
    """The thread counts of the BLAS libraries loaded so far (numpy's, scipy's), or "unknown"."""
    try:
        from threadpoolctl import threadpool_info
    except ImportError:                                      # a dependency of scikit-learn
        return "unknown"
    counts = sorted({str(lib["num_threads"]) for lib in threadpool_info() if lib.get("user_api") == "blas"})
    return ", ".join(counts) or "none loaded"


def log_to(target, *, job=None):
    """Send this process's logging (level INFO) and its stderr (warnings, tracebacks) to a file.

    ``target`` is a path, or a Snakemake job (a script's ``snakemake`` object: its first ``log``
    file, named after its rule and wildcards). Each record is flushed as it is written. The log
    opens with the job's name and its BLAS threads, and ends with its total time and its peak
    resident memory (see :func:`peak_memory_mb`).
    """
    if hasattr(target, "log"):
        path, job = target.log[0], job or f"{target.rule} {dict(target.wildcards.items())}"
    else:
        path = target
    stream = open(path, "w", buffering=1, encoding="utf-8")     # line-buffered: tail -f sees each line
    sys.stderr = stream
    logging.basicConfig(stream=stream, level=logging.INFO, format=_FORMAT, force=True)
    logging.captureWarnings(True)
    logger = logging.getLogger("mavl.job")
    import numpy  # noqa: F401  (loads the BLAS whose threads are reported)

    logger.info("started %s; BLAS threads %s", job or path, _blas_threads())
    start = time.perf_counter()
    atexit.register(lambda: logger.info("finished in %.1f s; peak memory %.0f MB",
                                        time.perf_counter() - start, peak_memory_mb()))
    return logger


def peak_memory_mb():
    """The largest resident memory (MB) this process, or any child it waited for, has held so far.

    The kernel's own high-water mark: Snakemake's ``benchmark:`` samples memory only every 30 s
    after a job's first 30 s, so it can miss a short peak by gigabytes (it saw 2.1 GB, then 5.9 GB,
    of one Allwein job that peaks at 6.6 GB).
    """
    kilobytes = max(resource.getrusage(who).ru_maxrss
                    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN))
    return kilobytes / (2 ** 20 if sys.platform == "darwin" else 1024)   # macOS reports bytes, Linux kB


def progress(items, what, *, total=None, logger=None, every_fraction=0.1, every_seconds=60.0):
    """Yield ``items`` and log ``what: i/N (p %), elapsed t s, about r s left``.

    A line is written after the first item, whenever another ``every_fraction`` of the items is
    done or ``every_seconds`` have passed since the last line, and after the last item. ``total``
    defaults to ``len(items)``; without either, the lines give the count and the elapsed time only.
    """
    log = logger or logging.getLogger("mavl.progress")
    if total is None and hasattr(items, "__len__"):
        total = len(items)
    step = max(1, int(every_fraction * total)) if total else None
    start = last_time = time.perf_counter()
    done = 0
    for item in items:
        yield item
        done += 1
        now = time.perf_counter()
        step_due = step and done % step == 0                # at every multiple of the step
        if done == 1 or done == total or step_due or now - last_time >= every_seconds:
            log.info("%s", _line(what, done, total, now - start))
            last_time = now
    if done == 0:
        log.info("%s: nothing to do", what)


@contextmanager
def stage(what, *, logger=None):
    """Log ``what ...`` on entry and ``what: done in t s`` on exit (one long step, such as a fit)."""
    log = logger or logging.getLogger("mavl.progress")
    log.info("%s ...", what)
    start = time.perf_counter()
    yield
    log.info("%s: done in %.1f s", what, time.perf_counter() - start)


def _line(what, done, total, elapsed):
    if not total:
        return f"{what}: {done} done, elapsed {elapsed:.1f} s"
    left = elapsed / done * (total - done)
    return (f"{what}: {done}/{total} ({100 * done / total:.0f} %), elapsed {elapsed:.1f} s, "
            f"about {left:.0f} s left")
