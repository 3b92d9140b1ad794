"""The RBF width calibration (spec README decision 3) (rule valentini_calibrate_rbf_width)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

from mavl.papers.valentini2003.steps import calibrate_rbf_width

calibrate_rbf_width(snakemake)
