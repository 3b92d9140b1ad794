"""The RBF width calibration (rule valentini_calibrate_rbf_width, spec README decision 3)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

import pandas as pd

from mavl.papers.valentini2003 import settings
from mavl.papers.valentini2003.calibration import calibrate_rbf_width
from mavl.reproduction.io import write_json, write_table

cells, result = calibrate_rbf_width(settings(snakemake.config), pd.read_csv(snakemake.input.p2_reference),
                                    pd.read_csv(snakemake.input.table_4_2))
write_table(cells, snakemake.output.cells)
write_json(result, snakemake.output.result)
