# The one rule every step runs: workflow/scripts/step.py, which runs the step the rule's name
# names (mavl.reproduction.steps). A paper's rule is this rule with its own inputs, outputs and
# params (`use rule step from framework as <prefix><step> with:`); rules/common.smk gives each its
# log, benchmark, environment and resources. (The script's path from the project's root: Snakemake
# resolves a used rule's relative path from this file when it runs the job, from the rule file
# that uses it when a dry run reads the script's source.)


rule step:
    script:
        os.path.join(workflow.basedir, "workflow", "scripts", "step.py")
