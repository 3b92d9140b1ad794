"""The workflow's rules on the site: which rule writes a result file, and each rule file
(workflow/rules/**/*.smk) as a page of its own (``_workflow/rules/james1998/rules.html``), its lines
numbered and anchored (``#L-61``), so a link to a rule opens at it, offline too.

Which rule writes a file is Snakemake's answer, not a guess from names: the workflow is parsed (at
the paper scale of ``config.yaml``) by Snakemake's API, in a process of its own so that its logging
and state stay out of Sphinx's, and each file is matched against every rule's output patterns.
"""

import json
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
RULES = Path("workflow", "rules")


@dataclass(frozen=True)
class Rule:
    """A rule of the workflow, where it is written."""

    name: str
    file: str          # relative to the project root: workflow/rules/james1998/rules.smk
    line: int | None   # of its ``rule <name>:`` or ``use rule ... as <name>`` line (None in a loop)

    def page(self):
        """Its file's page in the built site, relative to the site's root, with the rule's anchor."""
        return f"{page_name(self.file)}.html" + (f"#L-{self.line}" if self.line else "")


def page_name(file):
    """The page of a rule file: its path, its folder's name prefixed with an underscore so that no
    page of docs/ takes it (``_workflow/rules/james1998/rules``)."""
    return "_" + Path(file).with_suffix("").as_posix()


def _rule_line(text, name):
    # ``rule <name>:``, or ``use rule paper_step as <name> with:`` (a step that inherits the one script)
    found = re.search(rf"^(?:rule|use rule \w+ as) {re.escape(name)}(?: with)?:", text, flags=re.M)
    return text.count("\n", 0, found.start()) + 1 if found else None


def _producers_here(paths):
    """In this process: ``{path: [(rule, snakefile)]}`` of the rules whose output matches each path."""
    from snakemake.api import SnakemakeApi
    from snakemake.settings.enums import Quietness
    from snakemake.settings.types import OutputSettings, ResourceSettings

    with SnakemakeApi(OutputSettings(quiet={Quietness.ALL})) as api:
        workflow = api.workflow(resource_settings=ResourceSettings(), snakefile=ROOT / "Snakefile",
                                workdir=ROOT)._workflow
        # A rule made by `use rule` names its file as a source-file object: str() is its path.
        return {path: [(rule.name, str(rule.snakefile)) for rule in workflow.rules
                       if rule.output and rule.is_producer(path)] for path in paths}


def producers(paths, root=ROOT):
    """``{path: Rule}``: the one rule of the workflow whose output each of ``paths`` (relative to
    the project root) is; a path no rule or several rules write raises ``ValueError``."""
    run = subprocess.run([sys.executable, __file__, *paths], cwd=root, capture_output=True, text=True)
    if run.returncode:
        raise RuntimeError(f"parsing the workflow failed:\n{run.stderr[-2000:]}")
    found, rules = json.loads(run.stdout.splitlines()[-1]), {}
    for path, writers in found.items():
        if len(writers) != 1:
            raise ValueError(f"{path}: written by {len(writers)} rules ({writers}), not one")
        name, snakefile = writers[0]
        file = Path(snakefile).resolve().relative_to(root.resolve())
        rules[path] = Rule(name, file.as_posix(), _rule_line((root / file).read_text(), name))
    return rules


def rule_page(path):
    """The HTML of one rule file: its text highlighted (as Python: Snakemake's syntax extends it),
    each line numbered, with the anchor ``L-<line>``."""
    from pygments import highlight
    from pygments.formatters import HtmlFormatter
    from pygments.lexers import PythonLexer

    formatter = HtmlFormatter(linenos="inline", lineanchors="L", anchorlinenos=True, cssclass="highlight")
    code = highlight(path.read_text(), PythonLexer(), formatter)
    return f'<div class="highlight-python notranslate">{code}</div>'


def _rule_pages(app):
    """html-collect-pages: a page per rule file under workflow/rules/."""
    for path in sorted((ROOT / RULES).rglob("*.smk")):
        file = path.relative_to(ROOT).as_posix()
        body = f"<h1>{file}</h1>\n{rule_page(path)}"
        yield page_name(file), {"title": file, "body": body}, "page.html"


def setup(app):
    app.connect("html-collect-pages", _rule_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":      # run by producers(): its answer, as JSON, on the last line
    print(json.dumps(_producers_here(sys.argv[1:])))
