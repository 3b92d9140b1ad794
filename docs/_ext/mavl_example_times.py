"""The run time of each script of the examples gallery (examples/), as the built site shows it at the
foot of the script's page, where sphinx-gallery writes it as the site builds. .ci/run prints them
after building the site: ``python docs/_ext/mavl_example_times.py <site>``. (Not a Sphinx extension:
read from the built pages, so that the times are those of the build just made.)"""

import re
import sys
from pathlib import Path

#: The folder of the site where the gallery's pages are (docs/conf.py, ``gallery_dirs``).
GALLERY = "auto_examples"
#: The line at the foot of each example page.
RUN_TIME = re.compile(r"Total running time of the script:</strong> \((\d+) minutes ([\d.]+) seconds\)")


def run_times(site):
    """``{"<family>/plot_<name>": seconds}`` of every example page of the built site ``site``."""
    times = {}
    for page in sorted((Path(site) / GALLERY).glob("*/plot_*.html")):
        found = RUN_TIME.search(page.read_text(encoding="utf-8"))
        if found is None:
            raise ValueError(f"{page}: no run time at the foot of the page")
        name = page.relative_to(Path(site) / GALLERY).with_suffix("").as_posix()
        times[name] = 60 * int(found.group(1)) + float(found.group(2))
    return times


def report(times):
    """The lines printed: each script's run time, then their sum."""
    lines = [f"{seconds:6.1f} s  examples/{name}.py" for name, seconds in times.items()]
    return lines + [f"{sum(times.values()):6.1f} s  the {len(times)} scripts of the examples gallery"]


if __name__ == "__main__":
    print("\n".join(report(run_times(sys.argv[1]))))
