# The loop every paper declares with paper_loop (rules/common.smk): its comparison, which judges its
# cells and its claims once, and its report, assembled in the framework's order. Both steps are the
# framework's (mavl.reproduction.loop), run on the paper's hooks (its steps module's
# comparison_parts and report_parts); they read finished results in seconds, so they run locally.
# The report shows every figure the paper declares, in their declared order, with its caption, and
# reads the paper's known gaps (resources/published/<paper>/known_gaps.csv) where it has them.
for _paper, _loop in LOOPS.items():
    _prefix = registry.declaration(_paper).rule_prefix
    _figures = [target.id for target in DECLARED_TARGETS[_paper] if target.kind == "figure"]
    _gaps_file = f"resources/published/{_paper}/known_gaps.csv"  # the misses it expects, if any
    _gaps = {"gaps": _gaps_file} if (Path(workflow.basedir) / _gaps_file).is_file() else {}
    _judged = {
        "comparison": scaled(f"results/{_paper}/comparison.csv"),
        "summary": scaled(f"results/{_paper}/comparison_summary.json"),
        "claims": scaled(f"results/{_paper}/claims.csv"),
        **_loop["comparison_outputs"],
    }
    if _loop["sweeps"]:
        _judged["readings"] = scaled(f"results/{_paper}/sensitivity/readings.csv")

    rule:
        name:
            f"{_prefix}comparison"
        input:
            **_loop["comparison"],
            **_loop["sweeps"],
        output:
            **_judged,
        localrule: True
        params:
            settings=_loop["settings"],
            claims=config["claims"],
        script:
            "../scripts/step.py"

    rule:
        name:
            f"{_prefix}report"
        input:
            **_judged,
            **_loop["report"],
            **_loop["sweeps"],
            **_gaps,
            figures=scaled([f"results/{_paper}/{t}.png" for t in _figures]),
        output:
            **_loop["report_outputs"],
            report=in_report(report_path(_paper), f"../report/{_paper}/{_loop['caption']}", _paper, "summary"),
            figures=directory(report_figures(_paper)),
        localrule: True
        params:
            settings=_loop["settings"],
            captions=figure_captions(_paper, _figures),
        script:
            "../scripts/step.py"
