# One rule per table and figure of every paper, named <paper>_<id>: `snakemake james1998_table_2_10`
# builds that table and what it reads, and `snakemake --list-target-rules` lists them all. Each
# paper declares its targets once (mavl.papers.<paper>.targets.declared_targets, a list of
# mavl.reproduction.targets.Target); its target rule asks for the same files (final_targets).
from mavl.reproduction.targets import declared_by_paper

DECLARED_TARGETS = declared_by_paper(config, PAPERS)


for _paper, _declared in DECLARED_TARGETS.items():
    for _target in _declared:

        rule:
            name:
                f"{_paper}_{_target.id}"
            input:
                scaled(list(_target.files)),
            localrule: True
