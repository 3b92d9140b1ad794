"""Checksum manifests: the environment they record, the per-paper filter, the tolerant check."""

import pytest

from mavl.reproduction import environment
from mavl.reproduction.manifest import check, main, read, values_archive, write
from mavl.reproduction.tolerance import compare_tables


def test_a_table_within_tolerance_passes_and_reports_how_far_it_moved():
    diff = compare_tables("B,error\n1,0.500000\n2,0.250000\n", "B,error\n1,0.500001\n2,0.250000\n",
                          atol=2e-6)
    assert diff.ok and diff.max_abs == pytest.approx(1e-6) and diff.max_rel == pytest.approx(2e-6)
    assert diff.n_numbers == 4


def test_a_table_beyond_tolerance_names_its_cells():
    diff = compare_tables("B,error\n1,0.500000\n2,0.250000\n", "B,error\n1,0.500100\n2,0.250000\n",
                          rtol=1e-9, atol=1e-12)
    assert not diff.ok and diff.beyond == [(1, "error", "0.500000", "0.500100")]
    assert diff.max_abs == pytest.approx(1e-4)


def test_a_flipped_claim_verdict_fails_whatever_the_tolerance():
    ref = "claim_id,holds_published,holds_reproduced,values_reproduced\nC1,True,True,0.10\n"
    new = "claim_id,holds_published,holds_reproduced,values_reproduced\nC1,True,False,0.10\n"
    diff = compare_tables(ref, new, rtol=1.0, atol=1.0)
    assert not diff.ok and diff.verdicts == [(1, "holds_reproduced", "True", "False")]
    status = compare_tables("row,status\na,agrees\n", "row,status\na,unexplained\n", atol=1e9)
    assert status.verdicts and not status.ok


def test_numbers_inside_text_are_compared_with_the_tolerance_and_the_words_exactly():
    ref = "id,values\nC1,0.25 ± 0.0100000 (n = 3)\n"
    assert compare_tables(ref, "id,values\nC1,0.25 ± 0.0100001 (n = 3)\n", rtol=1e-4).ok
    assert not compare_tables(ref, "id,values\nC1,0.25 ± 0.0100001 (m = 3)\n", rtol=1e-4).ok
    assert not compare_tables(ref, "id,values\nC1,0.25 ± 0.0200000 (n = 3)\n", rtol=1e-4).ok


def test_missing_values_and_shapes():
    assert compare_tables("a,b\n1,nan\n", "a,b\n1,nan\n").ok
    assert not compare_tables("a,b\n1,nan\n", "a,b\n1,0.5\n", atol=1).ok
    assert compare_tables("a,b\n1,2\n", "a,b\n1,2\n3,4\n").structure == "1 rows in the reference, 2 now"
    assert compare_tables("a,b\n1,2\n", "a,c\n1,2\n").structure == "the header differs"
    assert compare_tables("a\tb\n1\t2.0\n", "a\tb\n1\t2.1\n", atol=0.2, sep="\t").ok


def _project(root):
    for paper, body in (("alpha", "B,error\n1,0.500000\n"), ("beta", "x,y\n1,2\n")):
        (root / "results" / paper).mkdir(parents=True)
        (root / "results" / paper / "table.csv").write_text(body)
    (root / "results" / "alpha" / "figure.png").write_bytes(b"\x89PNG picture")
    (root / "results" / "alpha" / "notes.json").write_text("{}")
    return root


def test_write_records_tables_figures_and_environment_and_the_run_checks_clean(tmp_path):
    root = _project(tmp_path)
    manifest = tmp_path / "reports" / "manifest.quick.sha256"
    assert write(manifest, root) == 3
    entries, recorded = read(manifest)
    assert sorted(entries) == ["results/alpha/figure.png", "results/alpha/table.csv",
                               "results/beta/table.csv"]
    assert recorded == environment.current()
    assert values_archive(manifest).name == "manifest.quick.values.tar.xz"
    first = values_archive(manifest).read_bytes()
    write(manifest, root)
    assert values_archive(manifest).read_bytes() == first          # byte-stable archive
    result = check(manifest, root)
    assert result.ok and result.matched == 3 and result.environment == []


def test_check_is_strict_by_default_and_says_how_far_with_a_tolerance(tmp_path):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.sha256"
    write(manifest, root)
    (root / "results" / "alpha" / "table.csv").write_text("B,error\n1,0.500001\n")
    assert check(manifest, root).problems == ["differs: results/alpha/table.csv"]
    tolerant = check(manifest, root, rtol=1e-9, atol=2e-6)
    assert tolerant.ok and list(tolerant.tolerated) == ["results/alpha/table.csv"]
    tight = check(manifest, root, rtol=1e-9, atol=1e-12)
    assert len(tight.problems) == 1 and "1 cells beyond" in tight.problems[0]
    assert "0.500000 -> 0.500001" in tight.problems[0]


def test_a_figure_whose_bytes_differ_is_reported_apart_and_does_not_fail(tmp_path):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.sha256"
    write(manifest, root)
    (root / "results" / "alpha" / "figure.png").write_bytes(b"\x89PNG other picture")
    result = check(manifest, root)
    assert result.ok and result.figures == ["results/alpha/figure.png"]


def test_paper_filter_checks_one_paper_and_rejects_an_unknown_one(tmp_path, capsys):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.sha256"
    write(manifest, root)
    (root / "results" / "beta" / "table.csv").unlink()
    assert check(manifest, root).problems == ["missing: results/beta/table.csv"]
    assert check(manifest, root, paper="alpha").ok
    assert main(["check", str(manifest), "--root", str(root), "--paper", "alpha"]) == 0
    with pytest.raises(ValueError, match="paper 'gamma' is not in .* it lists alpha, beta"):
        check(manifest, root, paper="gamma")
    assert main(["check", str(manifest), "--root", str(root)]) == 1
    assert "missing: results/beta/table.csv" in capsys.readouterr().out


def test_check_warns_naming_the_packages_that_differ_from_the_manifest(tmp_path, capsys):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.sha256"
    write(manifest, root)
    text = manifest.read_text().replace(f"# environment numpy: {environment.current()['numpy']}",
                                        "# environment numpy: 1.0.0")
    manifest.write_text(text)
    result = check(manifest, root)
    assert result.ok and result.environment == [("numpy", "1.0.0", environment.current()["numpy"])]
    main(["check", str(manifest), "--root", str(root)])
    assert "warning: numpy differs from the manifest's: 1.0.0 (manifest)" in capsys.readouterr().out


def test_environment_header_round_trips_and_names_blas_and_versions():
    env = environment.current()
    assert environment.parse_header(environment.header_lines(env)) == env
    assert {"python", "numpy", "scipy", "scikit-learn", "pandas", "matplotlib", "snakemake",
            "platform", "blas"} <= set(env)
    assert env["blas"] != "unknown"          # numpy and scipy always load a BLAS
    line = environment.markdown_line(env)
    assert line.startswith("Built with python ") and f"numpy {env['numpy']}" in line


def test_the_simd_pin_names_only_avx512_targets_and_numpy_honours_it():
    """Jobs run numpy without AVX-512 (environment.simd_pin): a child with the pin sees none of
    the pinned targets, and the recorded SIMD line never lists them."""
    import json
    import os
    import subprocess
    import sys

    pinned = environment.simd_pin().split()
    assert all(f == "X86_V4" or f.startswith("AVX512") for f in pinned)
    assert not set(pinned) & set(environment.current()["numpy simd"].split())
    code = ("import json; from numpy._core._multiarray_umath import __cpu_features__ as f;"
            "print(json.dumps(f))")
    env = dict(os.environ, **environment.pinned_kernels())
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    features = json.loads(out.stdout)
    assert not any(features.get(f) for f in pinned)
    if "OPENBLAS_CORETYPE" in env:                   # the kernels OpenBLAS then reports
        blas = subprocess.run([sys.executable, "-m", "mavl.reproduction.environment"], env=env,
                              capture_output=True, text=True, check=True).stdout
        assert "Haswell" in blas and "SkylakeX" not in blas


def test_a_manifest_of_one_paper_lists_only_its_files_and_checks_clean(tmp_path):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.alpha.sha256"
    assert main(["write", str(manifest), "--root", str(root), "--paper", "alpha"]) == 0
    entries, _ = read(manifest)
    assert sorted(entries) == ["results/alpha/figure.png", "results/alpha/table.csv"]
    assert check(manifest, root).problems == ["not in manifest: results/beta/table.csv"]
    assert check(manifest, root, paper="alpha").ok
    (root / "results" / "alpha" / "table.csv").write_text("B,error\n1,0.400000\n")
    assert check(manifest, root, paper="alpha").problems == ["differs: results/alpha/table.csv"]
