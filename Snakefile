# mavl: rebuilds the tables and figures of the majority-vote papers. See README.md and docs/guide/.
# One folder of rules per paper (PAPERS, workflow/rules/common.smk); `snakemake <paper>` builds one
# paper, `snakemake <paper>_<id>` one of its tables or figures (`snakemake targets` lists them),
# `rule all` every paper.
from snakemake.utils import min_version

min_version("8.20")


configfile: "config.yaml"


report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/templates/step.smk"


for _paper in PAPERS:  # each paper's rules

    include: f"workflow/rules/{_paper}/paper.smk"


include: "workflow/rules/loop.smk"
include: "workflow/rules/reports.smk"
include: "workflow/rules/targets.smk"


job_directives()  # what every rule shares: workflow/rules/common.smk


localrules:
    all,


rule all:
    default_target: True
    input:
        [getattr(rules, paper).input for paper in PAPERS],
        rules.reports_index.output,
