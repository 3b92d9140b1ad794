"""One package per reproduced document, each holding only what rebuilds that document.

* :mod:`mavl.papers.james1998`: G. James, *Majority Vote Classifiers* (PhD thesis, 1998).
* :mod:`mavl.papers.zaki_ch22`: Zaki & Meira, *Data Mining and Machine Learning*, Chapter 22.

A paper package imports the library (:mod:`mavl`) and the reproduction framework
(:mod:`mavl.reproduction`), never another paper. See the user guide, docs/guide/extending.rst.
"""
