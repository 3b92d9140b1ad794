# Valentini (2003): one job per data set and kernel for each experiment family (spec §4.0), and one
# job per chapter that derives its tables and figures from them (each target stays addressable by name);
# its comparison and report are the framework's loop. Each family job's time goes to
# logs/valentini2003/bench/<scale>/ (the full-scale estimate reads them).


localrules:
    valentini_static,
    valentini_ch4_targets,
    valentini_ch5_targets,
    valentini_ch6_targets,


use rule paper_step as valentini_static with:
    output:
        **valentini_outputs("static", VALENTINI_STATIC),
    params:
        settings=VALENTINI_PARAMS,
        published_dir="resources/published/valentini2003",


# The chapter 4 and 5 jobs also decompose each setting on every claims' draw of their training
# samples or ensembles (params.claims: the report re-judges the claims on them).
use rule paper_step as valentini_ch4 with:
    output:
        table=scaled("results/valentini2003/raw/ch4/{data_set}/{kernel}.tsv"),
        draws=scaled("results/valentini2003/raw/ch4/{data_set}/{kernel}.draws.tsv"),
    wildcard_constraints:
        **VALENTINI_JOB,
    params:
        settings=VALENTINI_PARAMS,
        claims=config["claims"],


use rule paper_step as valentini_p2_surface with:
    output:
        errors=scaled("results/valentini2003/raw/ch4_p2_surface/errors.tsv"),
        surface=scaled("results/valentini2003/raw/ch4_p2_surface/surface.tsv"),
    params:
        settings=VALENTINI_PARAMS,


use rule paper_step as valentini_ch4_targets with:
    input:
        runs=valentini_jobs("ch4"),
        surface_errors=scaled("results/valentini2003/raw/ch4_p2_surface/errors.tsv"),
        surface=scaled("results/valentini2003/raw/ch4_p2_surface/surface.tsv"),
        published="resources/published/valentini2003/table_4_2.csv",
        p2_errors="resources/published/valentini2003/p2_surface_errors.csv",
    output:
        **valentini_outputs("chapter 4", VALENTINI_CH4_FIGURES, ["table_4_2"]),
    params:
        settings=VALENTINI_PARAMS,


# Both families of a chapter share one job per data set and kernel: at small scales a job costs more
# to start than to run, and each family still writes its own file.
use rule valentini_ch4 as valentini_ch5 with:
    output:
        bag=scaled("results/valentini2003/raw/ch5_bag/{data_set}/{kernel}.tsv"),
        ra=scaled("results/valentini2003/raw/ch5_ra/{data_set}/{kernel}.tsv"),
        bag_draws=scaled("results/valentini2003/raw/ch5_bag/{data_set}/{kernel}.draws.tsv"),
        ra_draws=scaled("results/valentini2003/raw/ch5_ra/{data_set}/{kernel}.draws.tsv"),


use rule paper_step as valentini_ch6 with:
    output:
        pair=scaled("results/valentini2003/raw/ch6_lobag_pair/{data_set}/{kernel}.tsv"),
        rep=scaled("results/valentini2003/raw/ch6_lobag_rep/{data_set}/{kernel}.tsv"),
    wildcard_constraints:
        **VALENTINI_JOB,
    params:
        settings=VALENTINI_PARAMS,


use rule paper_step as valentini_ch5_targets with:
    input:
        runs=valentini_jobs("ch5_bag", "ch5_ra"),
        published=valentini_published("table_5_1", "table_5_2"),
        inconsistent="resources/published/valentini2003/inconsistent_cells.csv",
        p2_reference="resources/published/valentini2003/p2_surface_errors.csv",
    output:
        **valentini_outputs("chapter 5", VALENTINI_CH5_FIGURES, ["table_5_1", "table_5_2"], supplements=True),
    params:
        settings=VALENTINI_PARAMS,


use rule paper_step as valentini_ch6_targets with:
    input:
        pair=valentini_jobs("ch6_lobag_pair"),
        rep=valentini_jobs("ch6_lobag_rep"),
        published=valentini_published("table_6_1", "table_6_2"),
    output:
        **valentini_outputs("chapter 6", ["figure_6_1"], ["table_6_1", "table_6_2"]),
    params:
        settings=VALENTINI_PARAMS,


# Spec README decision 3: the RBF width rule (A1) calibrated on named published cells; its result is
# pinned by hand as options.rbf_gamma_rule and the report names the cells.
use rule paper_step as valentini_calibrate_rbf_width with:
    input:
        p2_reference="resources/published/valentini2003/p2_surface_errors.csv",
        table_4_2="resources/published/valentini2003/table_4_2.csv",
    output:
        cells=scaled("results/valentini2003/calibration/rbf_width.csv"),
        result=scaled("results/valentini2003/calibration/rbf_width.json"),
    params:
        settings=VALENTINI_SWEEP_PARAMS,


# One sweep per group of misses (config `sensitivity.groups`): Table 4.2's cells of one data set under
# every reading, at reduced cost.
use rule paper_step as valentini_sensitivity with:
    output:
        scaled("results/valentini2003/sensitivity/{group}.csv"),
    wildcard_constraints:
        group="|".join(VALENTINI["sensitivity"]["groups"]),
    params:
        settings=VALENTINI_SWEEP_PARAMS,


# Its comparison and its report: the framework's rules and steps (rules/loop.smk), on the hooks of
# steps.py. The comparison judges every claim on the jobs' bootstrap draws; the report shows the
# libsvm stops of the chapter 4 and 5 jobs and the departures the sweeps and calibration measure.
paper_loop(
    "valentini2003",
    VALENTINI_SWEEP_PARAMS,
    comparison={
        **{t: scaled(f"results/valentini2003/{t}.csv") for t in VALENTINI_PUBLISHED_TABLES},
        "ch4": valentini_jobs("ch4"),
        "ch5": valentini_jobs("ch5_bag", "ch5_ra"),
        "ch4_draws": valentini_jobs("ch4", suffix=".draws.tsv"),
        "ch5_draws": valentini_jobs("ch5_bag", "ch5_ra", suffix=".draws.tsv"),
        "ch6_rep": valentini_jobs("ch6_lobag_rep"),
        "p2_errors": scaled("results/valentini2003/raw/ch4_p2_surface/errors.tsv"),
        "p2_surface": scaled("results/valentini2003/raw/ch4_p2_surface/surface.tsv"),
        "p2_reference": "resources/published/valentini2003/p2_surface_errors.csv",
        "published": VALENTINI_COMPARED,
        "published_table_4_1": "resources/published/valentini2003/table_4_1.csv",
    },
    sweeps=scaled(valentini_sweep_files(VALENTINI)),
    report_inputs={
        **{t: scaled(f"results/valentini2003/{t}.csv") for t in VALENTINI_REPORT_TABLES},
        "ch4": valentini_jobs("ch4"),
        "ch5": valentini_jobs("ch5_bag", "ch5_ra"),
        "published": VALENTINI_COMPARED,
        "inconsistent": "resources/published/valentini2003/inconsistent_cells.csv",
        "calibration": scaled("results/valentini2003/calibration/rbf_width.json"),
    },
)
