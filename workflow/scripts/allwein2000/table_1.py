"""Table 1: the data sets beside the published ones (rule allwein_table_1)."""

from mavl.reproduction.progress import log_to

log_to(snakemake)

import pandas as pd

from mavl.papers.allwein2000 import settings
from mavl.papers.allwein2000.tables import table_1
from mavl.reproduction.io import write_table

write_table(table_1(settings(snakemake.config), pd.read_csv(snakemake.input.published)), snakemake.output[0])
