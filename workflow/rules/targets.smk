# One rule per table and figure of every paper, named <paper>_<id>: `snakemake james1998_table_2_10`
# builds that table and what it reads. `snakemake targets` prints them all, each with its kind and
# its main file at this run's scale, and `snakemake <paper>_targets` one paper's (builds nothing).
# Each paper declares its targets once (mavl.papers.<paper>.targets.declared_targets, a list of
# mavl.reproduction.targets.Target); its target rule asks for the same files (final_targets).
from mavl.reproduction.targets import declared_by_paper, listing

DECLARED_TARGETS = declared_by_paper(config, PAPERS)


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
        params:
            lines=listing(
                {p: d for p, d in DECLARED_TARGETS.items() if _paper in (None, p)}, scaled
            ),
        localrule: True
        run:
            print("\n".join(params.lines))
