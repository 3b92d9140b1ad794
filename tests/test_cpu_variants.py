"""Opt-in: the quick profile of every paper under emulated CPUs, checked byte for byte against the
committed quick manifest.

    MAVL_TEST_CPU_VARIANTS=1 python -m pytest -q -s tests/test_cpu_variants.py

The jobs pin numpy and OpenBLAS to the x86-64-v3 (Haswell) kernels wherever the CPU has them
(:func:`mavl.reproduction.environment.pinned_kernels`), so every machine at that level or above runs
the same kernels. Below it a job meets other ones; each variant here emulates such a machine on this
one: numpy without its ``X86_V3`` targets, OpenBLAS with its Sandybridge (AVX) or Nehalem
(SSE4.2, x86-64-v2) kernels and numba compiling for that CPU (a value the user sets is kept by the
pin). ``MAVL_VARIANT_RUN=<dir>`` checks a finished run instead of building one
(docs/guide/reproducibility.rst).

Every table must keep its bytes but those of :data:`LIBSVM_ON_BLAS`, and no verdict may change;
figures are reported apart, as by ``mavl-manifest check``.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from mavl.reproduction.layout import copy_workflow
from mavl.reproduction.manifest import check

ROOT = Path(__file__).resolve().parents[1]
VARIANTS = {
    "sandybridge": {"NPY_DISABLE_CPU_FEATURES": "X86_V3", "OPENBLAS_CORETYPE": "Sandybridge",
                    "NUMBA_CPU_NAME": "sandybridge"},
    "nehalem": {"NPY_DISABLE_CPU_FEATURES": "X86_V3", "OPENBLAS_CORETYPE": "Nehalem",
                "NUMBA_CPU_NAME": "nehalem"},
}

#: Tables whose numbers come from libsvm fits on kernel values that BLAS computes (scikit-learn's
#: libsvm takes its dot products from BLAS ``ddot``; a precomputed Gram matrix is a BLAS ``dgemm``):
#: another kernel changes their last bit, and libsvm's stopping rule (tol 1e-3) turns it into another
#: solution of the same tolerance. Measured on the Sandybridge variant (docs/guide/reproducibility.rst).
LIBSVM_ON_BLAS = {
    "results/quick/zaki_ch22/algorithm_22_1.csv",           # the linear SVM's ROC thresholds (±6e-4)
    "results/quick/valentini2003/raw/ch5_ra/p2/poly.tsv",   # a degree-1 polynomial SVM at C = 100
}

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(os.environ.get("MAVL_TEST_CPU_VARIANTS") != "1",
                                 reason="opt-in: set MAVL_TEST_CPU_VARIANTS=1 (about 30 minutes a variant)")]


def _quick_run(project, variant):
    copy_workflow(ROOT, project)
    env = {k: v for k, v in os.environ.items()
           if k not in ("NPY_DISABLE_CPU_FEATURES", "OPENBLAS_CORETYPE", "NUMBA_CPU_NAME")}
    done = subprocess.run([sys.executable, "-m", "snakemake", "--profile", "workflow/profiles/quick",
                           "--cores", "2"], cwd=project, env={**env, **VARIANTS[variant]},
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return project


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_the_quick_profile_gives_the_manifests_bytes_under_an_emulated_cpu(tmp_path, variant):
    given = os.environ.get("MAVL_VARIANT_RUN")
    project = Path(given) if given else _quick_run(tmp_path, variant)
    manifest = ROOT / "reports" / "manifest.quick.sha256"
    assert check(manifest, project, rtol=1.0, atol=1.0).problems == []   # every file there, no verdict moved
    moved = [p.removeprefix("differs: ") for p in check(manifest, project).problems]
    assert set(moved) <= LIBSVM_ON_BLAS, sorted(set(moved) - LIBSVM_ON_BLAS)
