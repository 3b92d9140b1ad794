# Zaki & Meira Ch. 22: its config section validated, and its input functions.
from snakemake.utils import validate

from mavl.papers.zaki_ch22 import settings as zaki_settings
from mavl.papers.zaki_ch22.targets import final_targets as zaki_final_targets

validate(config["zaki_ch22"], "../../schemas/zaki_ch22.schema.yaml")


ZAKI = config["zaki_ch22"]
ZAKI_SETTINGS = rule_settings(zaki_settings(config))  # what a rule passes its step (params.settings)
ZAKI_TARGETS = ZAKI["figure_targets"] + ZAKI["table_targets"]


def zaki_files():
    """Every target's files (without the comparison), for the report."""
    return [
        scaled(f)
        for f in zaki_final_targets(zaki_settings(config))
        if not Path(f).name.startswith("comparison")
    ]


def zaki_ch22_targets():
    return scaled(zaki_final_targets(zaki_settings(config))) + [report_path("zaki_ch22")]
