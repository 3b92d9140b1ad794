"""The static and illustrative targets of James (1998): Table 2.1, Figures 1.1, 2.1 and 2.5.

None of these is an experiment (spec james-ch2 §6.1–6.3). Table 2.1 is copied as printed;
Figure 1.1's USPS digits are unavailable, so scikit-learn's 8×8 digits stand in, labelled as a
substitute; Figures 2.1 and 2.5 are drawings of the ECOC cube, re-rendered with seeded synthetic
points.
"""

import numpy as np
import pandas as pd

from ...random import stream
from ...reproduction.figures import plt, save_figure
from ...reproduction.io import write_table

__all__ = ["CUBE_VERTICES", "build_illustration", "build_static_table", "cube_points", "digits_grid",
           "plot_cube", "plot_digits_grid", "table_2_1_display"]

#: Target vertices of the three classes for B = 3 (our choice; spec §6.3).
CUBE_VERTICES = np.array([[0.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 1.0]])
TEST_POINT = np.array([0.12, 0.10, 0.05])


def table_2_1_display(printed):
    """Table 2.1 as printed, with a "…" column standing for the hidden columns Z7–Z14."""
    out = printed.copy()
    out.insert(out.columns.get_loc("Z15"), "Z7..Z14", "…")
    return out


def build_static_table(published_path, outputs):
    """Table 2.1 exactly as printed, with the hidden columns marked "…"."""
    write_table(table_2_1_display(pd.read_csv(published_path)), outputs["table"])


def build_illustration(config, target, outputs):
    """Figure 1.1 (substitute digits) or the cube drawings of Figures 2.1 and 2.5, seeded."""
    rng = stream(config["master_seed"], target, 0, "data")
    if target == "figure_1_1":
        fig, grid = plot_digits_grid(rng)
        data = pd.DataFrame(grid, columns=[f"col{c}" for c in range(grid.shape[1])])
        data.insert(0, "row", range(grid.shape[0]))
    else:
        fig, data = plot_cube(target[-3:].replace("_", "."), rng)
    write_table(data, outputs["csv"])
    save_figure(fig, outputs["png"], outputs["pdf"])


def digits_grid(rng):
    """Indices of a 4 × 10 grid: row 1 the first image of each digit 0–9, rows 2–4 a random sample."""
    # Imported here, where the digits are read: the other illustrations and the static table
    # (this module's other steps) need no scikit-learn.
    from sklearn.datasets import load_digits

    target = load_digits().target
    first = [int(np.flatnonzero(target == d)[0]) for d in range(10)]
    rest = np.setdiff1d(np.arange(target.size), first)
    return np.concatenate([first, rng.choice(rest, size=30, replace=False)]).reshape(4, 10)


def plot_digits_grid(rng):
    """Figure 1.1 (substitute): a 4 × 10 grid of digit images, no axes, substitute named."""
    from sklearn.datasets import load_digits  # as in digits_grid

    digits = load_digits()
    grid = digits_grid(rng)
    fig, axes = plt.subplots(4, 10, figsize=(8, 3.6))
    for ax, index in zip(axes.ravel(), grid.ravel(), strict=True):
        ax.imshow(digits.images[index], cmap="gray_r", interpolation="nearest")
        ax.set_axis_off()
    fig.suptitle("Figure 1.1: handwritten digits. Substitute data: scikit-learn's 8×8 optical digits,\n"
                 "not the USPS 16×16 zip-code digits shown in the thesis")
    fig.tight_layout()
    return fig, grid


def cube_points(figure, rng, per_class=10, noise=0.12, shift=0.6):
    """Synthetic training points around the cube vertices: (X, y) with X in [0, 1]³.

    For Figure 2.5 the class-3 points are centred at v3 + shift (v2 − v3), toward class 2.
    """
    centres = CUBE_VERTICES.copy()
    if figure == "2.5":
        centres[2] = CUBE_VERTICES[2] + shift * (CUBE_VERTICES[1] - CUBE_VERTICES[2])
    y = np.repeat(np.arange(3), per_class)
    X = np.clip(centres[y] + rng.normal(0.0, noise, size=(y.size, 3)), 0.0, 1.0)
    return X, y


def _nearest_l1(X, targets):
    return np.abs(X[:, None, :] - targets[None, :, :]).sum(axis=2).argmin(axis=1)


def plot_cube(figure, rng):
    """Figure 2.1 or 2.5: the ECOC cube for k = B = 3 with training points and L1 assignment.

    Returns the figure and the plotted points (a DataFrame with x1..x3, class, and for Figure 2.5
    the class given by the nearest vertex and by the nearest class centroid, both in L1).
    """
    X, y = cube_points(figure, rng)
    fig = plt.figure(figsize=(5.5, 5.5))
    ax = fig.add_subplot(projection="3d")
    for a in (0, 1):
        for b in (0, 1):
            for axis in range(3):
                ends = np.zeros((2, 3))
                ends[:, axis] = (0, 1)
                ends[:, (axis + 1) % 3], ends[:, (axis + 2) % 3] = a, b
                ax.plot(*ends.T, color="grey", linewidth=0.7)
    colours = ["tab:blue", "tab:orange", "tab:green"]
    centroids = np.vstack([X[y == c].mean(axis=0) for c in range(3)])
    solid = CUBE_VERTICES if figure == "2.1" else centroids
    for c in range(3):
        ax.scatter(*X[y == c].T, facecolors="none", edgecolors=colours[c], s=25, label=f"class {c + 1}")
        ax.scatter(*solid[c], color=colours[c], s=80)
    frame = pd.DataFrame(X, columns=["x1", "x2", "x3"]).assign(**{"class": y + 1})
    if figure == "2.1":
        ax.scatter(*TEST_POINT, marker="x", color="black", s=60)
        title = ("Figure 2.1 (illustration, synthetic points):\n"
                 "a point goes to the vertex nearest in L1")
    else:
        s = np.linspace(0, 1, 10)
        g1, g2 = np.meshgrid(s, s)
        ax.plot_surface(g1, g2, g1, alpha=0.15, color="grey")      # the L1 boundary x1 = x3
        frame["vertex_class"] = _nearest_l1(X, CUBE_VERTICES) + 1
        frame["centroid_class"] = _nearest_l1(X, centroids) + 1
        title = ("Figure 2.5 (illustration, synthetic points):\n"
                 "class 3 moved toward class 2; solid circles are class centroids")
    ax.set_xlabel("column 1")
    ax.set_ylabel("column 2")
    ax.set_zlabel("column 3")
    ax.set_title(title)
    ax.legend(loc="upper left")
    return fig, frame
