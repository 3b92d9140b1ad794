"""Figures written byte-stably: the Agg backend, set once, and PNG/PDF without timestamps.

Paper packages draw with :data:`plt` from here, so no module selects a backend of its own.
"""

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

__all__ = ["plt", "save_figure"]

# Fixed metadata keeps the PDF free of a creation date, so reruns give the same bytes.
_PDF_META = {"CreationDate": None, "ModDate": None, "Producer": "mavl"}


def save_figure(fig, png, pdf=None):
    """Write PNG (and PDF when given) with fixed metadata, then close the figure."""
    fig.savefig(png, dpi=120, metadata={"Software": None})
    if pdf is not None:
        fig.savefig(pdf, metadata=_PDF_META)
    plt.close(fig)
