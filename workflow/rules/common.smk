# What every paper's rules share: the config validated before any job starts (the shared keys, then
# each paper's section against its own schema), the one software environment, and where a paper's
# report goes.
import os
import re
from pathlib import Path

import yaml
from snakemake.exceptions import WorkflowError
from snakemake.resources import Resources
from snakemake.utils import validate

from mavl.reproduction import environment, layout, registry
from mavl.reproduction.resources import job_priority, job_resources, read_costs
from mavl.reproduction.steps import rule_settings
from mavl.reproduction.targets import declared_by_paper

#: The papers the workflow rebuilds, in their declared order (the reports' index): the one list,
#: read from the packages (mavl.reproduction.registry). A paper is its package (mavl.papers.<paper>),
#: its rules (workflow/rules/<paper>/paper.smk; its target rule `<paper>` is rules/targets.smk's), its
#: schema and its config section, which its schema's defaults may fill (docs/guide/extending.rst).
PAPERS = registry.papers()


def validate_config():
    """The config validated: a top-level key that is neither shared nor a paper named first, then the
    shared keys (workflow/schemas/config.schema.yaml), then every paper's section against its own
    schema, workflow/schemas/<paper>.schema.yaml, whose defaults fill what the section leaves out (the
    whole section, if config.yaml has none)."""
    shared_schema = Path(workflow.basedir) / "workflow" / "schemas" / "config.schema.yaml"
    shared = yaml.safe_load(shared_schema.read_text())
    unknown = sorted(set(config) - set(shared["properties"]) - set(PAPERS))
    if unknown:
        raise WorkflowError(
            f"config: unknown key {', '.join(map(repr, unknown))}: the keys are the shared ones "
            f"({', '.join(shared['properties'])}) and the papers' sections ({', '.join(PAPERS)})"
        )
    validate(config, str(shared_schema))
    for paper in PAPERS:
        schema = Path(workflow.basedir) / "workflow" / "schemas" / f"{paper}.schema.yaml"
        if not schema.is_file():
            raise WorkflowError(f"paper {paper} has no schema: write workflow/schemas/{paper}.schema.yaml")
        try:
            validate(config.setdefault(paper, {}), str(schema))
        except WorkflowError as error:
            raise WorkflowError(f"config section {paper}: {error}") from error


validate_config()

#: Every paper's settings at this run, as its package reads them (mavl.reproduction.registry.settings:
#: its section at its resolved scale, with the shared keys); a paper's rules pass its steps views of
#: them (rule_settings).
PAPER_SETTINGS = {paper: registry.settings(paper, config) for paper in PAPERS}

#: Every paper's tables and figures, declared once in its package (mavl.papers.<paper>.targets):
#: {paper: [mavl.reproduction.targets.Target]}. Its target rules (rules/targets.smk) and its
#: report's figures (rules/loop.smk) come from this list.
DECLARED_TARGETS = declared_by_paper(config, PAPERS)


# Jobs import mavl from this checkout's src/ when there is one: under --use-conda the environment
# holds only the locked dependencies (envs/mavl.yaml), wherever --conda-prefix puts it.
# (Set for the jobs, not read from the user: hence no envvars directive.)
_SRC, _PATH = Path(workflow.basedir) / "src", "PYTHONPATH"
if (_SRC / "mavl").is_dir():
    os.environ[_PATH] = os.pathsep.join(filter(None, [str(_SRC), os.environ.get(_PATH)]))

# Every job runs numpy without its AVX-512 kernels and OpenBLAS with its Haswell ones (their exp,
# log and products differ in the last bit, and arcing's trees amplify a bit into another split), so
# x86-64 machines with and without AVX-512 give the same result bytes; a value the user sets is kept.
for _name, _value in environment.pinned_kernels().items():
    os.environ.setdefault(_name, _value)

# glibc's allocator hands a large freed array back to the kernel, and the next one is faulted in
# page by page, zeroed: AdaBoost.MO's and chapter 5's jobs spent 10-15 % of their time there (2.4
# million page faults in a 39-second job). Jobs keep freed memory for the next array instead: arrays
# up to 256 MB come from the heap, and up to 512 MB of it stays when freed. The three go together
# (either threshold alone stops glibc adjusting the other: twice as slow). Same result bytes, and the
# same peaks in the jobs measured (docs/guide/performance.rst); other C libraries ignore these
# names, and a value the user sets is kept.
_KEEP_FREED = {
    "MALLOC_MMAP_THRESHOLD_": str(256 << 20),
    "MALLOC_TRIM_THRESHOLD_": str(512 << 20),
    "MALLOC_TOP_PAD_": str(64 << 20),
}
for _name, _value in _KEEP_FREED.items():
    os.environ.setdefault(_name, _value)


# One result tree per scale (mavl.reproduction.layout): a paper's results and report at the paper
# scale in results/<paper>/ and reports/<paper>.md; at any other scale (quick, or Valentini's own
# smoke or full) in results/<scale>/<paper>/ and reports/<paper>.<scale>.md. So scales live side by
# side in one clone and none redoes another's jobs. (Logs are shared; each benchmark file, which the
# cost table reads, sits in a folder of its scale.)
SCALE_OF = {paper: layout.scale_name(config["scale"], config.get(paper, {}).get("scale")) for paper in PAPERS}


def scaled(path):
    """A result path written for the paper scale (results/<paper>/...) in this run's tree for its
    paper; a list of paths path by path."""
    if not isinstance(path, str):
        return [scaled(p) for p in path]
    parts = Path(path).parts
    paper = parts[1] if len(parts) > 1 and parts[0] == "results" else None
    return layout.in_tree(path, SCALE_OF[paper]) if paper in SCALE_OF else path


def report_path(paper):
    """The paper's report at this run's scale: reports/<paper>.md or reports/<paper>.<scale>.md."""
    return layout.report_path(paper, SCALE_OF[paper])


def paper_pages(paper):
    """A paper's report and tables as HTML pages for `snakemake --report` (rule reports_pages)."""
    return scaled([f"results/{paper}/pages/report.html", f"results/{paper}/pages/tables"])


def paper_tables(wildcards):
    """The table targets of a paper's target rule (results/<paper>/table_*.csv), for its pages."""
    tree = re.escape(scaled(f"results/{wildcards.paper}"))
    table = re.compile(rf"{tree}/table_[A-Za-z0-9_]+\.csv")
    return sorted(f for f in getattr(rules, wildcards.paper).input if table.fullmatch(f))


def report_figures(paper):
    """The folder beside the report that holds its figures (committed with it)."""
    return report_path(paper).removesuffix(".md") + "_figures"


# Figure captions: one file per figure, workflow/report/<paper>/figures/<target>.rst, read by the
# HTML report (Snakemake renders it under the figure) and by the paper's Markdown report (the report
# rule passes the texts as params), so both show the same words.
def figure_caption(paper, target):
    """The caption text of one figure."""
    path = Path(workflow.basedir) / "workflow" / "report" / paper / "figures" / f"{target}.rst"
    if not path.is_file():
        raise WorkflowError(
            f"figure {paper}/{target} has no caption: write {path.relative_to(workflow.basedir)}"
        )
    return path.read_text().strip()


def figure_captions(paper, targets):
    """{target: caption} for a report rule's params."""
    return {t: figure_caption(paper, t) for t in targets}


def in_report(path, caption, category, subcategory):
    """An output marked for the HTML report (Snakemake's ``report``), under its paper (the category)
    and a subcategory, with the caption file ``caption`` (relative to the rule file)."""
    return report(path, caption=caption, category=category, subcategory=subcategory)


def figure_report(path, paper, target, subcategory):
    """A figure output marked for the HTML report, with its own caption file."""
    return in_report(path, f"../../report/{paper}/figures/{target}.rst", paper, subcategory)


#: The caption template for figures whose job draws one figure named by a wildcard; it shows the
#: job's ``params.caption`` (:func:`figure_caption` of that wildcard).
JOB_FIGURE_CAPTION = "../../report/figure.rst"


def figure_outputs(paper, name):
    """A figure step's outputs: the figure's PNG, PDF and data (results/<paper>/<name>.png, .pdf,
    .csv at this run's scale), the PNG marked for the HTML report under the paper's figures, with
    the figure's own caption file or, where ``name`` is a wildcard (several figures drawn by
    one rule), with the job's ``params.caption``, which job_caption gives."""
    path = scaled(f"results/{paper}/{name}")
    if "{" in name:
        png = in_report(f"{path}.png", JOB_FIGURE_CAPTION, paper, "figures")
    else:
        png = figure_report(f"{path}.png", paper, name, "figures")
    return {"png": png, "pdf": f"{path}.pdf", "csv": f"{path}.csv"}


def job_caption(paper):
    """The ``params.caption`` that shows, for each job, the caption of the figure its first
    wildcard names."""
    return lambda wildcards: figure_caption(paper, wildcards[0])


# The loop every paper runs (mavl.reproduction.loop): a paper's paper.smk declares what its
# comparison and its report read, and rules/loop.smk makes the two rules, <prefix>comparison and
# <prefix>report, whose steps are the framework's, run on the paper's hooks.
LOOPS = {}


def paper_loop(
    paper,
    settings,
    comparison,
    report_inputs=None,
    sweeps=None,
    caption="summary.rst",
    comparison_outputs=None,
    report_outputs=None,
):
    """Declare paper ``paper``'s comparison and report: ``settings``, what its steps are passed
    (params.settings); ``comparison`` and ``report_inputs``, the named inputs each reads besides
    what the loop gives (the report gets the comparison's outputs); ``sweeps``, its sweeps' files
    (an input of both; the comparison then writes the readings that explain the misses,
    results/<paper>/sensitivity/readings.csv); ``caption``, the HTML report's caption of the
    report (workflow/report/<paper>/<caption>); ``comparison_outputs`` and ``report_outputs``, the
    named files each step writes besides the loop's (its hooks' ``files``)."""
    LOOPS[paper] = {
        "settings": settings,
        "comparison": dict(comparison),
        "report": dict(report_inputs or {}),
        "sweeps": {} if sweeps is None else {"sweeps": sweeps},
        "caption": caption,
        "comparison_outputs": dict(comparison_outputs or {}),
        "report_outputs": dict(report_outputs or {}),
    }


# Every job's cluster resources from the measured cost of its rule's jobs at its paper's scale
# (workflow/resources/job_costs.tsv; docs/guide/cluster.rst), at the scale its settings resolve
# (a paper with scales of its own, Valentini, or readings of its own, Breiman, measures its jobs there).
JOB_COSTS = read_costs(Path(workflow.basedir) / "workflow" / "resources" / "job_costs.tsv")
COST_SCALE = {"reports": config["scale"], **{paper: PAPER_SETTINGS[paper]["scale"] for paper in PAPERS}}


def rule_priority(rule, scale=None):
    """A rule's priority: its largest measured job at ``scale`` in minutes (long jobs start first)."""
    return job_priority(JOB_COSTS, rule, scale or config["scale"])


def job_directives():
    """What every job shares, set once here after all rules are read, so that a rule states only
    what differs (input, output, params, wildcard constraints). Each rule that runs a step, and does
    not state the directive itself, gets:

    - ``log: logs/<paper>/<step>[/{<wildcard>}...].log`` (wildcards in their order in the outputs) and ``benchmark:
      logs/<paper>/bench/<scale>/<same path>.tsv`` (the cost table pairs the two by that path);
    - the one software environment (``conda``), one thread (Snakemake's default);
    - ``priority`` and ``resources`` (runtime, mem_mb) from its row of the cost table, under any
      ``--set-resources`` the user gives.

    (``script`` stays in each rule: Snakemake compiles it into the rule's code as it reads it.)

    Snakemake has no directive defaults of its own: a module's rules taken ``with`` changes get
    one value for all (the cost table differs by rule), and a profile's set-resources holds one
    scale and no priority. Hence this one pass over the rules Snakemake has read.
    """
    # The user's --set-resources (command line or profile), applied over the cost table's values
    # as Snakemake applies them over a rule's own resources: parsed from the public settings field.
    overrides = {
        name: Resources.from_mapping(mapping)
        for name, mapping in workflow.resource_settings.overwrite_resources.items()
    }
    paper_of = {paper.rule_prefix: paper.name for paper in registry.declarations()}
    for each in workflow.rules:
        folder = Path(each.snakefile).parent
        # The paper whose prefix the rule's name carries (rules/loop.smk makes rules of every paper).
        paper = next((p for prefix, p in paper_of.items() if each.name.startswith(prefix)), "reports")
        if not each.is_script:
            continue  # target rules run no step
        scale = COST_SCALE[paper]
        step = each.name.split("_", 1)[1]
        named = re.findall(r"\{(\w+)", " ".join(map(str, each.output)))  # as the outputs name them
        path = os.path.join(paper, step, *(f"{{{w}}}" for w in dict.fromkeys(named)))
        if not each.log:
            each.log_modifier = workflow.modifier.path_modifier
            each.set_log(f"logs/{path}.log")
        if each.benchmark is None:
            each.benchmark_modifier = workflow.modifier.path_modifier
            each.benchmark = f"logs/{paper}/bench/{scale}/{path.removeprefix(paper + '/')}.tsv"
        if each.conda_env is None:
            each.conda_env = os.path.relpath(
                Path(workflow.basedir) / "workflow" / "envs" / "mavl.yaml", folder
            )
        if not each.priority:
            each.priority = job_priority(JOB_COSTS, each.name, scale)
        each.resources.update(Resources.from_mapping(job_resources(JOB_COSTS, each.name, scale)))
        each.resources.update(overrides.get(each.name, {}))
