"""What a running job writes to its log: its start, how far its loops are, its warnings, its end."""

import logging
import subprocess
import sys

from mavl.reproduction.progress import progress, stage

JOB = """
import sys, warnings
from mavl.reproduction.progress import log_to, progress, stage
log_to(sys.argv[1], job="demo_rule {'data_set': 'vowel'}")
for _ in progress(range(20), "vowel folds"):
    pass
with stage("one long fit"):
    pass
warnings.warn("a member stopped early")
print("a line on stderr", file=sys.stderr)
"""


def test_a_job_log_holds_start_progress_warnings_stderr_and_end(tmp_path):
    log = tmp_path / "job.log"
    subprocess.run([sys.executable, "-c", JOB, str(log)], check=True)
    text = log.read_text()
    lines = text.splitlines()
    assert "started demo_rule {'data_set': 'vowel'}; BLAS threads" in lines[0]
    counts = [line.split("vowel folds: ")[1].split(" ")[0] for line in lines if "vowel folds: " in line]
    assert counts == ["1/20", "2/20", "4/20", "6/20", "8/20", "10/20", "12/20", "14/20", "16/20", "18/20",
                      "20/20"]                            # the first, every 10 %, the last
    assert "20/20 (100 %), elapsed" in text and "about 0 s left" in text
    assert "one long fit ..." in text and "one long fit: done in" in text
    assert "UserWarning: a member stopped early" in text and "a line on stderr" in text
    assert "finished in" in lines[-1] and "; peak memory " in lines[-1]


PEAK = """
import sys
import numpy as np
from mavl.reproduction.progress import log_to
log_to(sys.argv[1], job="demo_rule {}")
block = np.ones(300 * 2 ** 20 // 8)                        # 300 MB, every page touched
del block
"""


def test_the_log_ends_with_the_peak_memory_even_after_it_was_freed(tmp_path):
    log = tmp_path / "job.log"
    subprocess.run([sys.executable, "-c", PEAK, str(log)], check=True)
    peak = float(log.read_text().splitlines()[-1].split("; peak memory ")[1].split(" MB")[0])
    assert 300 < peak < 1000                      # the freed 300 MB block counts, beside the interpreter


def test_progress_without_a_length_counts_and_logs_by_time(caplog):
    caplog.set_level(logging.INFO)
    items = list(progress((i for i in range(5)), "draws", every_seconds=0.0))
    assert items == [0, 1, 2, 3, 4]
    assert [r.getMessage().split(",")[0] for r in caplog.records] == [f"draws: {i} done" for i in range(1, 6)]


def test_an_empty_loop_and_a_failing_stage_say_so(caplog):
    caplog.set_level(logging.INFO)
    assert list(progress([], "nothing")) == []
    try:
        with stage("a fit that fails"):
            raise ValueError("bad")
    except ValueError:
        pass
    messages = [r.getMessage() for r in caplog.records]
    assert messages == ["nothing: nothing to do", "a fit that fails ..."]   # no "done" after a failure
