"""Every rule's job: log to the rule's log, then run the step the rule names
(mavl.reproduction.steps.run_step: rule <prefix><step> runs steps.<step> of its paper)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.reproduction.steps import run_step

run_step(snakemake)
