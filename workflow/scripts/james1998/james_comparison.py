"""James (1998): every published cell beside its reproduction, judged (rule james_comparison)."""

from pathlib import Path

from mavl.reproduction.progress import log_to

log_to(snakemake)

import pandas as pd

from mavl.papers.james1998 import settings
from mavl.papers.james1998.comparison import build_comparison
from mavl.papers.james1998.report import judged_claims

config = settings(snakemake.config)
table_dir, published_dir = Path(snakemake.input.bound).parent, Path(snakemake.input.gaps).parent
claims = judged_claims(config, table_dir, published_dir,
                       {"figure": snakemake.input.margin_figure, "splits": snakemake.input.margin_splits})
counts = {t: [p for p in snakemake.input.counts if Path(p).parent.name == config["targets"][t]["problem"]
              and Path(p).stem in config["bias_variance"]["tables"][t]]
          for t in config["bias_variance"]["tables"]}
build_comparison(config, table_dir, published_dir, counts, pd.concat(claims, ignore_index=True),
                 dict(snakemake.output.items()))
