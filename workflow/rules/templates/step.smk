# The rule every paper's step inherits. A paper's rule is `use rule paper_step as <prefix><step>
# with:` and states only what is its own (input, output, params, wildcard constraints); the one
# script, workflow/scripts/step.py, runs steps.<step> of the paper whose prefix the rule's name
# carries (mavl.reproduction.steps.run_step), and job_directives (rules/common.smk) gives every
# rule its log, benchmark, environment and resources. An inheriting rule reads the script's path
# from its own folder, rules/<paper>/: this file sits at that depth, so the path means the same here.
# (The line is also what Snakemake's code trigger compares: the same text as before the rules
# inherited it, so a tree built then is not re-run.) On its own the rule names no paper's step.


rule paper_step:
    script:
        "../../scripts/step.py"
