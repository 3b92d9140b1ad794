"""The one plotting style of reproduction.figures: labels, the published mark, legends, PNG files."""

import numpy as np
import pytest
from PIL import Image

from mavl.reproduction.figures import (
    PUBLISHED_MARK,
    figure_label,
    finish_figure,
    mark_published,
    plt,
    save_figure,
)
from mavl.reproduction.report import figure_lines


@pytest.mark.parametrize("target, label", [("figure_2_8", "Figure 2.8"), ("figure_4", "Figure 4"),
                                           ("table_4_1", "Table 4.1"), ("table_sec_3_4", "Table sec.3.4")])
def test_figure_label_prints_a_target_as_the_paper_names_it(target, label):
    assert figure_label(target) == label


def test_figure_label_rejects_what_is_not_a_target_id():
    with pytest.raises(ValueError, match="not a target id"):
        figure_label("demo_bagging")


def test_published_marks_take_the_series_colour_and_leave_the_colour_cycle_alone():
    fig, ax = plt.subplots()
    (first,) = ax.plot([0, 1], [0, 1])
    mark_published(ax, [0, 1], [0.1, 0.9], label="_nolegend_", color=first.get_color())
    (second,) = ax.plot([0, 1], [1, 0])
    marks = ax.lines[1]
    assert marks.get_markeredgecolor() == first.get_color()
    assert marks.get_marker() == PUBLISHED_MARK["marker"] and marks.get_linestyle() == "None"
    assert marks.get_markerfacecolor() == "none"
    # The next reproduced series gets the cycle's second colour, as if no marks had been drawn.
    assert second.get_color() == plt.rcParams["axes.prop_cycle"].by_key()["color"][1]
    plt.close(fig)


def test_finish_figure_puts_one_legend_under_panels_that_share_their_series():
    fig, axes = plt.subplots(1, 2)
    for ax in axes:
        ax.plot([0, 1], [0, 1], label="error")
        ax.plot([0, 1], [1, 0], label="bias")
    finish_figure(fig, "Figure 5.4: a title", axes)
    assert [ax.get_legend() for ax in axes] == [None, None]
    (legend,) = fig.legends
    assert [t.get_text() for t in legend.get_texts()] == ["error", "bias"]
    assert fig.get_suptitle() == "Figure 5.4: a title"
    plt.close(fig)


def _figure():
    fig, ax = plt.subplots(figsize=(6, 4))
    x = np.linspace(0, 1, 50)
    for k in range(5):
        ax.plot(x, x ** (k + 1), label=f"x^{k + 1}")
    ax.legend()
    return fig


def test_save_figure_writes_the_same_palette_png_every_time(tmp_path):
    save_figure(_figure(), tmp_path / "a.png", tmp_path / "a.pdf")
    save_figure(_figure(), tmp_path / "b.png", tmp_path / "b.pdf")
    assert (tmp_path / "a.png").read_bytes() == (tmp_path / "b.png").read_bytes()
    assert (tmp_path / "a.pdf").read_bytes() == (tmp_path / "b.pdf").read_bytes()
    image = Image.open(tmp_path / "a.png")
    assert image.mode == "P" and image.size == (600, 400)
    assert (tmp_path / "a.png").stat().st_size < 100_000


def test_a_report_figure_has_its_caption_and_scale_under_it():
    lines = figure_lines("Figure 2.8", "james1998_figures/figure_2_8.png", "Test error against B.", "quick")
    assert lines[0] == "![Figure 2.8](james1998_figures/figure_2_8.png)"
    assert lines[2] == "*Figure 2.8.* Test error against B. *Drawn at the quick scale.*"
