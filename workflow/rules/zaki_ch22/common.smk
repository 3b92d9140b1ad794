# Zaki & Meira Ch. 22: its config section validated, and its input functions.
from snakemake.utils import validate


validate(config["zaki_ch22"], "../../schemas/zaki_ch22.schema.yaml")


ZAKI = config["zaki_ch22"]
ZAKI_TARGETS = ZAKI["figure_targets"] + ZAKI["table_targets"]


def zaki_files():
    files = [f"results/zaki_ch22/{t}.{ext}" for t in ZAKI_TARGETS for ext in ("csv", "checks.json")]
    return files + [f"results/zaki_ch22/{t}.png" for t in ZAKI["figure_targets"]]


def zaki_ch22_targets():
    comparison = ["results/zaki_ch22/comparison.csv", "results/zaki_ch22/comparison_summary.json"]
    return zaki_files() + comparison + [report_path("zaki_ch22")]
