"""Chapter 5 of Valentini (2003): bagged and random-aggregated SVMs.

* :mod:`.jobs`: the families F5 (bagging) and F6 (random aggregating) on one data set and kernel;
* :mod:`.draws`: their decompositions on the claims' bootstrap draws of the ensembles;
* :mod:`.tables`: Tables 5.1 and 5.2;
* :mod:`.figures`: Figures 5.4–5.12 and 5.15–5.25;
* :mod:`.claims`: the claims Q5.1–Q5.10.
"""
