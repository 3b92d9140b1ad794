"""One comparison standard for every paper: each published cell beside its reproduction, one verdict
by one rule, one machine-readable file (``results/<paper>/comparison.csv``) and one renderer.

* :mod:`.rule`: the cell frame, published and reproduced uncertainties, the 3-combined-SE rule and
  the verdicts, the summary;
* :mod:`.misses`: the sweeps read, misses explained by them, and the paper's comparison written by
  the one comparison step every paper runs (:func:`comparison_step`);
* :mod:`.render`: cells and tables as Markdown, the answer and the summary every report opens with,
  the cells by table, the index.
"""

from .misses import (
    SWEEP_COLUMNS,
    apply_reading,
    comparison_step,
    explain,
    judge_sweep,
    misses_lines,
    read_sweeps,
    readings_table,
    write_comparison,
)
from .render import (
    LEGEND,
    MARKS,
    answer_line,
    breakdown_lines,
    index_lines,
    render_cell,
    render_table,
    share_line,
    summary_lines,
    write_index,
)
from .rule import (
    COLUMNS,
    K_SE,
    VERDICTS,
    agrees,
    binomial_se,
    cell_frame,
    headline,
    interval,
    judge,
    natural_key,
    read_comparison,
    rounding_half_width,
    summary,
    target_summary,
)

__all__ = ["COLUMNS", "K_SE", "LEGEND", "MARKS", "SWEEP_COLUMNS", "VERDICTS", "agrees", "answer_line",
           "apply_reading", "binomial_se", "breakdown_lines", "cell_frame", "comparison_step", "explain",
           "headline", "index_lines", "interval", "judge", "judge_sweep", "misses_lines", "natural_key",
           "read_comparison", "read_sweeps", "readings_table", "render_cell", "render_table",
           "rounding_half_width", "share_line", "summary", "summary_lines", "target_summary",
           "write_comparison", "write_index"]
