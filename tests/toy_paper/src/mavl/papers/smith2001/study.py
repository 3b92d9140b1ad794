"""Smith (2001)'s experiment: the accuracy of a majority of B independent voters, each right with
probability p, simulated (``draws`` majorities per replicate) and set beside the printed values."""

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

from ...reproduction.claims import ClaimRegistry
from ...reproduction.comparison import cell_frame, rounding_half_width
from ...reproduction.figures import finish_figure, mark_published

__all__ = ["CLAIMS", "ROW", "cells", "plot", "read_printed", "simulate", "sweep", "table"]

ROW = "majority vote"


def simulate(config, p=None):
    """One row per (replicate, B): the share of ``draws`` majorities that are right. Replicate r
    draws from the r-th child of the master seed's SeedSequence."""
    p = config["p"] if p is None else p
    rows = []
    seeds = np.random.SeedSequence(config["master_seed"]).spawn(config["replicates"])
    for replicate, seed in enumerate(seeds):
        rng = np.random.default_rng(seed)
        for b in config["voters"]:
            right = (rng.random((config["draws"], b)) < p).sum(axis=1) > b / 2
            rows.append({"replicate": replicate, "B": b, "p": p, "accuracy": right.mean()})
    return pd.DataFrame(rows)


def table(votes):
    """Table 1: the mean accuracy over the replicates, one ``B<b>`` column per B."""
    means = votes.groupby("B")["accuracy"].mean()
    return pd.DataFrame([{"method": ROW, **{f"B{b}": means[b] for b in means.index}}])


def _reproduced(accuracy):
    """A cell's mean over the simulations, its SE and their number."""
    return {"reproduced": accuracy.mean(), "reproduced_se": accuracy.std(ddof=1) / np.sqrt(accuracy.size),
            "n_replicates": accuracy.size}


def read_printed(path):
    """The printed Table 1 as text (the digits printed set each cell's rounding) and as numbers."""
    text = pd.read_csv(path, dtype=str)
    return text, text.astype({c: float for c in text.columns[1:]})


def _cell(column, published, accuracy):
    return {"target": "table_1", "row": ROW, "column": column, "published": float(published),
            "published_se": rounding_half_width(published),
            "published_se_source": "half-width of the printed rounding",
            "reproduced_se_source": f"SE over the {accuracy.size} simulations", **_reproduced(accuracy)}


def cells(votes, published):
    """Every printed cell of Table 1 beside its simulation (a cell frame, not yet judged)."""
    printed = published.set_index("method").loc[ROW]
    return cell_frame("smith2001", [
        _cell(f"B{b}", printed[f"B{b}"], votes.loc[votes["B"] == b, "accuracy"].to_numpy())
        for b in sorted(votes["B"].unique())])


def sweep(config):
    """The last printed column under the reading the text allows (p = ``last_column_p``) beside the
    default reading, as rows of :data:`mavl.reproduction.comparison.SWEEP_COLUMNS`."""
    last = max(config["voters"])
    rows = []
    for reading, p in (("default", config["p"]), ("last_column_p", config["sensitivity"]["last_column_p"])):
        accuracy = simulate({**config, "voters": [last]}, p=p)["accuracy"].to_numpy()
        rows.append({"group": "last_column", "reading": reading, "description": f"p = {p}",
                     "target": "table_1", "row": ROW, "column": f"B{last}", **_reproduced(accuracy)})
    return pd.DataFrame(rows)


def plot(table_frame, published, png):
    """Figure 1: accuracy against B, the printed values as hollow diamonds; returns its frame."""
    frame = table_frame.melt(id_vars="method", var_name="column", value_name="accuracy")
    frame["B"] = frame["column"].str[1:].astype(int)
    printed = published.melt(id_vars="method", var_name="column", value_name="published")
    frame = frame.merge(printed, on=["method", "column"])
    fig, ax = plt.subplots(figsize=(5, 3.5))
    ax.plot(frame["B"], frame["accuracy"], marker="o", label="simulated")
    mark_published(ax, frame["B"], frame["published"])
    ax.set_xscale("log")
    ax.set_xlabel("B (voters)")
    ax.set_ylabel("accuracy of the majority")
    finish_figure(fig, "Figure 1: a majority grows", [ax])
    return frame[["B", "accuracy", "published"]], fig


CLAIMS = ClaimRegistry()


@CLAIMS.claim("S-1", "The majority's accuracy grows with B")
def grows(tables):
    values = [float(v) for v in tables["table_1"].iloc[0, 1:]]
    return all(b > a for a, b in zip(values, values[1:], strict=False)), ", ".join(f"{v:.3f}" for v in values)
