# mavl: rebuilds the tables and figures of the majority-vote papers. See README.md and docs/guide/.
# One folder of rules per paper; `snakemake <paper>` builds one paper, `rule all` every paper.
from snakemake.utils import min_version

min_version("8.20")


configfile: "config.yaml"


report: "workflow/report/workflow.rst"


include: "workflow/rules/common.smk"
include: "workflow/rules/james1998/paper.smk"
include: "workflow/rules/zaki_ch22/paper.smk"
include: "workflow/rules/breiman1997/paper.smk"
include: "workflow/rules/allwein2000/paper.smk"
include: "workflow/rules/valentini2003/paper.smk"
include: "workflow/rules/reports.smk"
include: "workflow/rules/targets.smk"


job_directives()  # what every rule shares: workflow/rules/common.smk


localrules:
    all,


rule all:
    input:
        rules.james1998.input,
        rules.zaki_ch22.input,
        rules.breiman1997.input,
        rules.allwein2000.input,
        rules.valentini2003.input,
        rules.reports_index.output,
