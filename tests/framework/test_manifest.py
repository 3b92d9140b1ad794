"""Checksum manifests: the environment they record, one scale's tree, the per-paper filter, the
tolerant check."""

import pytest

from mavl.reproduction import environment, layout
from mavl.reproduction.manifest import check, main, read, scale_of, values_archive, write
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


A, B = "james1998", "zaki_ch22"          # two of the papers; their folders hold made-up files here


def _project(root, scale="paper"):
    for paper, body in ((A, "B,error\n1,0.500000\n"), (B, "x,y\n1,2\n")):
        (root / layout.results_dir(paper, scale)).mkdir(parents=True)
        (root / layout.results_dir(paper, scale) / "table.csv").write_text(body)
    (root / layout.results_dir(A, scale) / "figure.png").write_bytes(b"\x89PNG picture")
    (root / layout.results_dir(A, scale) / "notes.json").write_text("{}")
    return root


def test_write_records_tables_figures_and_the_jobs_environment_and_the_run_checks_clean(tmp_path):
    root = _project(_project(tmp_path, "quick"), "paper")       # two scales side by side
    manifest = tmp_path / "reports" / "manifest.quick.sha256"
    assert write(manifest, root) == 3
    entries, recorded = read(manifest)
    assert sorted(entries) == [f"results/quick/{A}/figure.png", f"results/quick/{A}/table.csv",
                               f"results/quick/{B}/table.csv"]
    assert recorded == environment.of_jobs()
    assert values_archive(manifest).name == "manifest.quick.values.tar.xz"
    first = values_archive(manifest).read_bytes()
    write(manifest, root)
    assert values_archive(manifest).read_bytes() == first          # byte-stable archive
    result = check(manifest, root)
    assert result.ok and result.matched == 3 and result.environment == []
    paper = tmp_path / "reports" / "manifest.paper.sha256"
    assert write(paper, root) == 3 and sorted(read(paper)[0]) == [
        f"results/{A}/figure.png", f"results/{A}/table.csv", f"results/{B}/table.csv"]
    (root / f"results/quick/{A}/table.csv").unlink()               # the other scale's tree is not looked at
    assert check(paper, root).ok and not check(manifest, root).ok


def test_the_scale_comes_from_the_manifest_name_unless_given(tmp_path):
    names = ("quick", "paper", "valentini2003.full")
    assert [scale_of(f"reports/manifest.{name}.sha256") for name in names] == ["quick", "paper", "full"]
    assert scale_of("elsewhere/mine.sha256") == "paper"
    root = _project(tmp_path, "quick")
    assert write(tmp_path / "mine.sha256", root, scale="quick") == 3
    assert check(tmp_path / "mine.sha256", root, scale="quick").ok


def test_check_is_strict_by_default_and_says_how_far_with_a_tolerance(tmp_path):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.sha256"
    write(manifest, root)
    (root / "results" / A / "table.csv").write_text("B,error\n1,0.500001\n")
    assert check(manifest, root).problems == [f"differs: results/{A}/table.csv"]
    tolerant = check(manifest, root, rtol=1e-9, atol=2e-6)
    assert tolerant.ok and list(tolerant.tolerated) == [f"results/{A}/table.csv"]
    tight = check(manifest, root, rtol=1e-9, atol=1e-12)
    assert len(tight.problems) == 1 and "1 cells beyond" in tight.problems[0]
    assert "0.500000 -> 0.500001" in tight.problems[0]


def test_a_figure_whose_bytes_differ_is_reported_apart_and_does_not_fail(tmp_path):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.sha256"
    write(manifest, root)
    (root / "results" / A / "figure.png").write_bytes(b"\x89PNG other picture")
    result = check(manifest, root)
    assert result.ok and result.figures == [f"results/{A}/figure.png"]


def test_paper_filter_checks_one_paper_and_rejects_an_unknown_one(tmp_path, capsys):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.sha256"
    write(manifest, root)
    (root / "results" / B / "table.csv").unlink()
    assert check(manifest, root).problems == [f"missing: results/{B}/table.csv"]
    assert check(manifest, root, paper=A).ok
    assert main(["check", str(manifest), "--root", str(root), "--paper", A]) == 0
    with pytest.raises(ValueError, match="paper 'gamma' has no files under results/gamma/"):
        check(manifest, root, paper="gamma")
    assert main(["check", str(manifest), "--root", str(root)]) == 1
    assert f"missing: results/{B}/table.csv" in capsys.readouterr().out


def test_check_warns_naming_the_packages_that_differ_from_the_manifest(tmp_path, capsys):
    root = _project(tmp_path)
    manifest = tmp_path / "manifest.sha256"
    write(manifest, root)
    text = manifest.read_text().replace(f"# environment numpy: {environment.of_jobs()['numpy']}",
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
    manifest = tmp_path / f"manifest.{A}.paper.sha256"
    assert main(["write", str(manifest), "--root", str(root), "--paper", A]) == 0
    entries, _ = read(manifest)
    assert sorted(entries) == [f"results/{A}/figure.png", f"results/{A}/table.csv"]
    assert check(manifest, root).problems == [f"not in manifest: results/{B}/table.csv"]
    assert check(manifest, root, paper=A).ok
    (root / "results" / A / "table.csv").write_text("B,error\n1,0.400000\n")
    assert check(manifest, root, paper=A).problems == [f"differs: results/{A}/table.csv"]
