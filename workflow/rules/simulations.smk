# Chapter 3: bias/variance tables on the Gaussian simulations, the Section 3.4 case study
# (its table, Figures 2.6 and 3.1) and the optional re-run of the generators' calibration.


rule bias_variance_counts:
    params:  # the config these results depend on: a change re-runs the job
        problem=lambda w: config["gaussian"][w.problem],
        study=config["bias_variance"],
        trees=config["trees"],
        options=config["options"],
    output:
        f"results/{PAPER}/raw/bias_variance/{{problem}}/{{method}}.tsv",
    log:
        f"logs/bias_variance_counts/{{problem}}/{{method}}.log",
    wildcard_constraints:
        problem="|".join(config["gaussian"]),
        method="|".join(bv_methods()),
    conda:
        ENV
    script:
        "../scripts/bias_variance_counts.py"


rule bias_variance_table:
    input:
        counts=bias_variance_count_files,
        published=f"resources/published/{PAPER}/{{bv_table}}.csv",
    output:
        table=report(f"results/{PAPER}/{{bv_table}}.csv", caption="../report/bias_variance.rst",
                     category=PAPER, subcategory="tables"),
        kw=f"results/{PAPER}/{{bv_table}}.kw.csv",
        compare=f"results/{PAPER}/{{bv_table}}.compare.csv",
        summary=f"results/{PAPER}/{{bv_table}}.summary.json",
    log:
        f"logs/bias_variance_table/{{bv_table}}.log",
    conda:
        ENV
    script:
        "../scripts/bias_variance_table.py"


rule case_study:
    params:
        problem=config["gaussian"][config["case_study"]["problem"]],
        study=config["case_study"],
        trees=config["trees"],
        options=config["options"],
    output:
        errors=f"results/{PAPER}/raw/case_study/errors.tsv",
        estimates=f"results/{PAPER}/raw/case_study/estimates.tsv",
        scalars=f"results/{PAPER}/raw/case_study/scalars.json",
    log:
        "logs/case_study.log",
    conda:
        ENV
    script:
        "../scripts/case_study.py"


rule case_study_table:
    input:
        **CASE_STUDY,
        published=f"resources/published/{PAPER}/table_sec_3_4.csv",
        scalars_published=f"resources/published/{PAPER}/scalars_sec_3_4.csv",
    output:
        table=report(f"results/{PAPER}/table_sec_3_4.csv", caption="../report/case_study.rst",
                     category=PAPER, subcategory="tables"),
        compare=f"results/{PAPER}/table_sec_3_4.compare.csv",
    log:
        "logs/case_study_table.log",
    conda:
        ENV
    script:
        "../scripts/case_study.py"


rule case_study_figure:
    input:
        **CASE_STUDY,
    output:
        png=report(f"results/{PAPER}/{{cs_figure}}.png", caption="../report/case_study.rst",
                   category=PAPER, subcategory="figures"),
        pdf=f"results/{PAPER}/{{cs_figure}}.pdf",
        csv=f"results/{PAPER}/{{cs_figure}}.csv",
    log:
        f"logs/case_study_figure/{{cs_figure}}.log",
    conda:
        ENV
    script:
        "../scripts/case_study.py"


rule calibrate_gaussian:
    """Optional: re-run the seed search of spec james-ch3-4 §2.4 (not part of `all`)."""
    output:
        best=f"results/{PAPER}/calibration/{{problem}}.json",
        scanned=f"results/{PAPER}/calibration/{{problem}}.scanned.tsv",
    log:
        f"logs/calibrate_gaussian/{{problem}}.log",
    wildcard_constraints:
        problem="|".join(config["gaussian"]),
    conda:
        ENV
    script:
        "../scripts/calibrate_gaussian.py"
