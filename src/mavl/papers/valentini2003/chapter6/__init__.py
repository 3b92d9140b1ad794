"""Chapter 6 of Valentini (2003): Lobag.

* :mod:`.jobs`: the families F7 (Table 6.1) and F8 (Table 6.2) on one data set and kernel;
* :mod:`.tables`: Tables 6.1 and 6.2;
* :mod:`.figures`: Figure 6.1;
* :mod:`.claims`: the claims Q6.1–Q6.4.
"""
