"""Chapter 4 of Valentini (2003): single SVMs.

* :mod:`.jobs`: the families F1–F3 (one data set and kernel over its grid) and F4 (the P2 surface);
* :mod:`.tables`: Table 4.2;
* :mod:`.figures`: Figures 4.5–4.25, and :mod:`.published` the published values they show;
* :mod:`.claims`: the claims Q4.1–Q4.18.
"""
