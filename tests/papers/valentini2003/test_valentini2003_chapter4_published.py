"""Valentini (2003) chapter 4: published points on the curve and surface figures (spec §4.3, Q4.12)."""

from pathlib import Path

import matplotlib
import numpy as np
import pandas as pd
import pytest

from mavl.papers.valentini2003 import plotting
from mavl.papers.valentini2003.chapter4 import figures as figs
from mavl.papers.valentini2003.chapter4.published import PUBLISHED_SOURCES, published_points, surface_error
from mavl.papers.valentini2003.plotting import mark_panel

matplotlib.use("Agg")
PUBLISHED = Path(__file__).resolve().parents[3] / "resources" / "published" / "valentini2003"


@pytest.fixture(scope="module")
def points():
    return published_points(pd.read_csv(PUBLISHED / "table_4_2.csv"),
                            pd.read_csv(PUBLISHED / "p2_surface_errors.csv"))


def test_points_carry_table_4_2_and_the_p2_errors_under_the_series_names(points):
    assert len(points) == 21 + 8
    assert points["data_set"].notna().all() and set(points["kernel"]) == {"rbf", "poly", "linear"}
    waveform = points[(points["source"] == "table_4_2") & (points["data_set"] == "waveform")
                      & (points["kernel"] == "rbf")].iloc[0]
    assert tuple(waveform[["C", "sigma", "error", "net_var"]]) == (1, 50, 0.0706, 0.0198)
    p2 = points[points["source"] == "p2_figures"]
    assert set(p2["data_set"]) == {"p2"} and p2["bias"].isna().all()
    assert p2.loc[np.isclose(p2["sigma"], 20) & np.isclose(p2["C"], 1000), "error"].item() == 0.15


def _marked(ax):
    return [line for line in ax.get_lines() if line.get_marker() == "D"]


def test_a_panel_is_marked_only_where_its_fixed_parameter_is_the_published_one(points):
    fig, (at_optimum, elsewhere) = matplotlib.pyplot.subplots(1, 2)
    styles = plotting.SERIES_STYLE
    drawn = mark_panel(at_optimum, points, "letter_two_noise", "rbf", "sigma", {"C": (None, 10.0)}, styles)
    assert drawn == {"table_4_2"}
    # One mark per series at σ = 100, the published error among them.
    assert len(_marked(at_optimum)) == 5
    assert {tuple(line.get_xydata()[0]) for line in _marked(at_optimum)} >= {(100.0, 0.3362)}
    assert not mark_panel(elsewhere, points, "letter_two_noise", "rbf", "sigma", {"C": (None, 1.0)}, styles)
    assert not _marked(elsewhere)
    matplotlib.pyplot.close(fig)


def test_curve_figure_lists_each_source_once_in_its_legend(points, tmp_path):
    curve = pd.DataFrame({"data_set": "p2", "kernel": "rbf", "C": 1.0, "sigma": [0.01, 1.0, 20.0],
                          "degree": np.nan, "substitute": False, "error": [0.45, 0.15, 0.3], "bias": 0.1,
                          "net_var": 0.1, "var_unbiased": 0.1, "var_biased": 0.0})
    labels = []
    real_legend = matplotlib.figure.Figure.legend

    def spy(fig, handles, texts, **kwargs):
        labels.extend(texts)
        return real_legend(fig, handles, texts, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(matplotlib.figure.Figure, "legend", spy)
        figs.curves("figure_4_12", curve, tmp_path / "f.png", published=points)
    assert labels.count(PUBLISHED_SOURCES["p2_figures"]) == 1
    assert PUBLISHED_SOURCES["table_4_2"] not in labels        # P2's optimum is at C = 20, on no panel


def test_surface_titles_give_both_errors_or_what_exists():
    errors = pd.DataFrame({"sigma": [20.0], "C": [1.0], "error": [0.294]})
    published = pd.DataFrame({"sigma": [20.0, 1.0], "C": [1.0, 1.0], "error": [0.37, 0.13]})
    assert surface_error(errors, published, 20, 1) == "test error 0.29 (published ≈ 0.37)"
    assert surface_error(errors, published, 1, 1) == "published ≈ 0.13"
    assert surface_error(None, None, 1, 1) == ""
