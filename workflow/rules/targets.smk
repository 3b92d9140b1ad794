# Each paper's target rule `<paper>`: its declared tables and figures, its comparison, its report
# and its HTML pages. One rule per table and figure of every paper, named <paper>_<id>: `snakemake
# james1998_table_2_10` builds that table and what it reads. `snakemake targets` prints them all,
# each with its kind and its main file at this run's scale, and `snakemake <paper>_targets` one
# paper's (builds nothing). Each paper declares its targets once (mavl.papers.<paper>.targets:
# declared_targets, a list of mavl.reproduction.targets.Target, and final_targets, their files and
# the comparison's).
from mavl.reproduction.targets import listing, paper_files

for _paper in PAPERS:

    rule:
        name:
            _paper
        input:
            scaled(paper_files(config, _paper)),
            report_path(_paper),
            paper_pages(_paper),
        localrule: True


for _paper, _declared in DECLARED_TARGETS.items():
    for _target in _declared:

        rule:
            name:
                f"{_paper}_{_target.id}"
            input:
                scaled(list(_target.files)),
            localrule: True


for _paper in [None, *PAPERS]:  # `targets`: every paper's; `<paper>_targets`: one paper's

    rule:
        name:
            f"{_paper}_targets" if _paper else "targets"
        log:
            f"logs/{_paper or 'reports'}/targets.log",
        localrule: True
        conda:
            "../envs/mavl.yaml"  # printf and tee: every environment has them; --lint asks for one
        params:
            lines=listing({p: d for p, d in DECLARED_TARGETS.items() if _paper in (None, p)}, scaled),
        # To the terminal, and the same lines to the log. A shell command, not `run:`: Snakemake
        # runs a `run:` job in a second Snakemake process that reads the whole workflow again.
        shell:
            "printf '%s\\n' {params.lines:q} | tee {log}"
