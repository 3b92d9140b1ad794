# mavl: rebuilds the tables and figures of the majority-vote papers. See README.md.
from snakemake.utils import min_version

min_version("8.20")


configfile: "config.yaml"


report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/fit.smk"
include: "workflow/rules/tables.smk"
include: "workflow/rules/figures.smk"
include: "workflow/rules/simulations.smk"
include: "workflow/rules/settling.smk"
include: "workflow/rules/margins.smk"
include: "workflow/rules/static.smk"
include: "workflow/rules/report.smk"
include: "workflow/rules/zaki.smk"


rule all:
    input:
        all_targets(),
