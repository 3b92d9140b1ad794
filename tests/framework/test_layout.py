"""One result tree per scale: where results, reports and manifests of each scale go."""

from mavl.reproduction import layout, registry


def test_each_scale_has_its_own_tree_and_the_paper_scale_keeps_the_plain_names():
    assert layout.results_dir("james1998") == "results/james1998"
    assert layout.results_dir("james1998", "quick") == "results/quick/james1998"
    assert layout.report_path("james1998") == "reports/james1998.md"
    assert layout.report_path("james1998", "quick") == "reports/james1998.quick.md"
    assert layout.manifest_path("quick") == "reports/manifest.quick.sha256"
    assert layout.manifest_path("full", "valentini2003") == "reports/manifest.valentini2003.full.sha256"


def test_a_paper_scale_path_moves_into_another_tree_and_other_paths_stay():
    assert layout.in_tree("results/allwein2000/raw/svm/glass/dense.tsv", "quick") == \
        "results/quick/allwein2000/raw/svm/glass/dense.tsv"
    assert layout.in_tree("results/allwein2000", "full") == "results/full/allwein2000"
    assert layout.in_tree("results/allwein2000/table_1.csv", "paper") == "results/allwein2000/table_1.csv"
    for other in ("reports/allwein2000.md", "logs/allwein2000/table_1.log", "results"):
        assert layout.in_tree(other, "quick") == other


def test_a_papers_own_scale_names_its_tree_only_at_the_paper_scale():
    assert layout.scale_name("paper", "full") == "full"
    assert layout.scale_name("paper", "default") == "paper" == layout.scale_name("paper")
    assert layout.scale_name("quick", "full") == "quick"


def test_each_scale_lists_the_folders_of_the_papers():
    assert layout.tree_paths("quick") == [f"results/quick/{p}" for p in registry.papers()]
    assert layout.tree_paths() == [f"results/{p}" for p in registry.papers()]
    assert layout.tree_paths("full", "valentini2003") == ["results/full/valentini2003"]


def test_a_copy_of_the_workflow_parts_is_a_project_snakemake_can_read(tmp_path):
    root = tmp_path / "project"
    (root / "workflow" / "rules").mkdir(parents=True)
    (root / "workflow" / "rules" / "a.smk").write_text("rule a:\n    output: 'a'\n")
    for name in ("profiles", "resources"):
        (root / name).mkdir()
    (root / "Snakefile").write_text("include: 'workflow/rules/a.smk'\n")
    (root / "config.yaml").write_text("scale: paper\n")
    (root / "results").mkdir()                             # not a part: left behind
    copy = layout.copy_workflow(root, tmp_path / "copy" / "nested")
    assert sorted(p.name for p in copy.iterdir()) == sorted(layout.WORKFLOW_PARTS)
    assert (copy / "workflow" / "rules" / "a.smk").read_text() == "rule a:\n    output: 'a'\n"
    assert (copy / "Snakefile").read_bytes() == (root / "Snakefile").read_bytes()
    assert not (copy / "results").exists()
