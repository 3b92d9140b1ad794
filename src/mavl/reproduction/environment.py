"""The software and machine a result was made with: recorded in every report and manifest.

Result bytes depend on more than our code: package versions, the BLAS library and the kernels it
picked for this CPU, and the SIMD extensions numpy dispatches to (``exp`` and ``log`` differ in
the last bit between them). :func:`current` reads all of them; :func:`differences` names what
changed between a recorded environment and this one.
"""

import platform
import sys
from importlib import metadata

__all__ = ["PACKAGES", "current", "differences", "header_lines", "markdown_line", "parse_header"]

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


def _simd():
    """numpy's SIMD extensions found on this CPU beyond its build baseline."""
    try:
        from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    except ImportError:                                      # numpy < 2
        return "unknown"
    return " ".join(f for f in __cpu_dispatch__ if __cpu_features__.get(f)) or "baseline only"


def current():
    """``{name: version or description}`` of the running environment, in a fixed order."""
    env = {"python": platform.python_version()}
    env.update({package: _version(package) for package in PACKAGES})
    env["platform"] = f"{platform.system()} {platform.machine()}, {platform.libc_ver()[0] or 'libc'} " \
                      f"{platform.libc_ver()[1]}".strip()
    env["blas"] = _blas()
    env["numpy simd"] = _simd()
    return env


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
    sys.stdout.write("\n".join(f"{k}: {v}" for k, v in current().items()) + "\n")
