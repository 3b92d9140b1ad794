# Figures 2.3 and 2.4: ECOC's error with independent random matrices per B group.


rule settling_split:
    params:
        study=config["settling"],
        trees=config["trees"],
        options=config["options"],
    output:
        f"results/{PAPER}/raw/settling/rep{{replicate}}.tsv",
    log:
        f"logs/settling_split/rep{{replicate}}.log",
    conda:
        ENV
    script:
        "../scripts/settling.py"


rule settling_figures:
    input:
        results=settling_files(),
    output:
        png_2_3=report(f"results/{PAPER}/figure_2_3.png", caption="../report/settling.rst",
                       category=PAPER, subcategory="figures"),
        pdf_2_3=f"results/{PAPER}/figure_2_3.pdf",
        points=f"results/{PAPER}/figure_2_3.csv",
        png_2_4=report(f"results/{PAPER}/figure_2_4.png", caption="../report/settling.rst",
                       category=PAPER, subcategory="figures"),
        pdf_2_4=f"results/{PAPER}/figure_2_4.pdf",
        fits=f"results/{PAPER}/figure_2_4.csv",
        claims=f"results/{PAPER}/settling.claims.json",
    log:
        "logs/settling_figures.log",
    conda:
        ENV
    script:
        "../scripts/settling.py"
