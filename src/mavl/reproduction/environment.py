"""The software and machine a result was made with: recorded in every report and manifest.

Result bytes depend on more than our code: package versions, the BLAS library and the kernels it
picked for this CPU, and the SIMD extensions numpy dispatches to (``exp`` and ``log`` differ in
the last bit between them). :func:`current` reads all of them; :func:`differences` names what
changed between a recorded environment and this one. :func:`pinned_kernels` is what the workflow's
jobs set so that x86-64 machines with and without AVX-512 give the same bytes.
"""

import functools
import json
import os
import platform
import subprocess
import sys
from importlib import metadata
from pathlib import Path

__all__ = ["PACKAGES", "current", "differences", "header_lines", "markdown_line", "of_jobs",
           "parse_header", "pinned_kernels", "simd_pin"]

PACKAGES = ("numpy", "scipy", "scikit-learn", "pandas", "matplotlib", "snakemake")
_PREFIX = "# environment "


def _version(package):
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "not installed"


def _blas():
    """Each BLAS library loaded by numpy and scipy: its name, version and kernel architecture."""
    import numpy  # noqa: F401  (loads numpy's BLAS)
    import scipy.linalg  # noqa: F401  (loads scipy's)
    from threadpoolctl import threadpool_info

    seen = []
    for lib in threadpool_info():
        if lib.get("user_api") == "blas":
            entry = " ".join(str(lib.get(k) or "") for k in ("internal_api", "version", "architecture"))
            if entry.strip() not in seen:
                seen.append(entry.strip())
    return "; ".join(sorted(seen)) or "unknown"


def _dispatch():
    """numpy's dispatch targets and ``{feature: found}``; None for a numpy that does not say."""
    try:
        from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    except ImportError:                                      # numpy < 2
        return None
    return __cpu_dispatch__, __cpu_features__


def simd_pin():
    """numpy's dispatch targets above x86-64-v3 (AVX-512), space-separated.

    numpy's AVX-512 ``exp`` and ``log`` differ from its AVX2 ones in the last bit, and the arcing
    runs' trees turn such a bit into another split (Breiman's tables moved by up to 1.5 points
    between two machines that differ only there). Jobs run without these targets, so every machine
    at level x86-64-v3 or above gives the same bytes. Empty where numpy has none (other CPUs).
    """
    dispatch = _dispatch()
    if dispatch is None:
        return ""
    return " ".join(f for f in dispatch[0] if f == "X86_V4" or f.startswith("AVX512"))


def pinned_kernels():
    """``{variable: value}`` that runs numpy, OpenBLAS and numba at the x86-64-v3 level on this machine.

    numpy skips the dispatch targets of ``NPY_DISABLE_CPU_FEATURES`` (:func:`simd_pin`), OpenBLAS
    uses the kernels ``OPENBLAS_CORETYPE`` names and numba compiles for the CPU ``NUMBA_CPU_NAME``
    names; Haswell's need AVX2 and FMA, so those pins are set only where numpy found them. (numba's
    loops, AdaBoost.MO's rounds, give the same bits for any CPU they are compiled for: no fastmath,
    so no reordered sums and no fused multiply-adds; the pin makes the machine code itself the same.)
    Empty on other CPUs.
    """
    dispatch = _dispatch()
    if dispatch is None:
        return {}
    disabled = simd_pin()
    pins = {"NPY_DISABLE_CPU_FEATURES": disabled} if disabled else {}
    features = dispatch[1]
    if features.get("X86_V3") or (features.get("AVX2") and features.get("FMA3")):
        pins["OPENBLAS_CORETYPE"] = "Haswell"
        pins["NUMBA_CPU_NAME"] = "haswell"
    return pins


def _simd():
    """numpy's SIMD extensions the jobs use: found on this CPU beyond the build baseline, less the pin."""
    dispatch = _dispatch()
    if dispatch is None:
        return "unknown"
    pinned = set(simd_pin().split())
    return " ".join(f for f in dispatch[0] if dispatch[1].get(f) and f not in pinned) or "baseline only"


def current():
    """``{name: version or description}`` of the running environment, in a fixed order."""
    env = {"python": platform.python_version()}
    env.update({package: _version(package) for package in PACKAGES})
    env["platform"] = f"{platform.system()} {platform.machine()}, {platform.libc_ver()[0] or 'libc'} " \
                      f"{platform.libc_ver()[1]}".strip()
    env["blas"] = _blas()
    env["numpy simd"] = _simd()
    return env


@functools.cache
def of_jobs():
    """:func:`current` as the workflow's jobs see it: read in a child process that gets the kernel
    pins the Snakefile sets (:func:`pinned_kernels`; a value already set is kept), since numpy and
    OpenBLAS read them when they load. What a manifest records and checks against (read once per
    process)."""
    env = dict(os.environ)
    for name, value in pinned_kernels().items():
        env.setdefault(name, value)
    package_root = str(Path(__file__).resolve().parents[2])           # where this mavl is imported from
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [package_root, env.get("PYTHONPATH")]))
    child = subprocess.run([sys.executable, "-m", "mavl.reproduction.environment", "--json"], env=env,
                           capture_output=True, text=True, check=True)
    return json.loads(child.stdout)


def header_lines(env):
    """Comment lines (``# environment name: value``) a manifest starts with."""
    return [f"{_PREFIX}{name}: {value}" for name, value in env.items()]


def parse_header(lines):
    """The environment recorded in a manifest's comment lines (empty when none is)."""
    env = {}
    for line in lines:
        if line.startswith(_PREFIX):
            name, _, value = line[len(_PREFIX):].partition(": ")
            env[name] = value
    return env


def differences(recorded, running):
    """Names whose value differs between two environments, in the recorded order."""
    return [name for name in recorded if running.get(name) != recorded[name]]


def markdown_line(env=None):
    """One line for a report's header: the packages, platform and BLAS it was built with."""
    env = current() if env is None else env
    packages = ", ".join(f"{name} {env[name]}" for name in ("python",) + PACKAGES)
    return f"Built with {packages}; {env['platform']}; BLAS {env['blas']}; numpy SIMD {env['numpy simd']}."


if __name__ == "__main__":                                   # python -m mavl.reproduction.environment
    if sys.argv[1:] == ["--json"]:
        sys.stdout.write(json.dumps(current()) + "\n")
    else:
        sys.stdout.write("\n".join(f"{k}: {v}" for k, v in current().items()) + "\n")
