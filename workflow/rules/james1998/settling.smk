# Figures 2.3 and 2.4: ECOC's error with independent random matrices per B group.


rule james_settling_split:
    output:
        scaled("results/james1998/raw/settling/rep{replicate}.tsv"),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"


rule james_settling_figures:
    input:
        results=settling_files(),
    output:
        png_2_3=figure_report(
            scaled("results/james1998/figure_2_3.png"), "james1998", "figure_2_3", "figures"
        ),
        pdf_2_3=scaled("results/james1998/figure_2_3.pdf"),
        points=scaled("results/james1998/figure_2_3.csv"),
        png_2_4=figure_report(
            scaled("results/james1998/figure_2_4.png"), "james1998", "figure_2_4", "figures"
        ),
        pdf_2_4=scaled("results/james1998/figure_2_4.pdf"),
        fits=scaled("results/james1998/figure_2_4.csv"),
        claims=scaled("results/james1998/settling.claims.json"),
    params:
        settings=JAMES_SETTINGS,
    script:
        "../../scripts/step.py"
