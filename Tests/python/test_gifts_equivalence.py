"""The browser's gift engine (JavaScript) and `modak gifts simulate` (Swift) must agree, session by session."""
import os
import shutil
import subprocess

import pytest

from conftest import MODAK, REPO, run_modak


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to run the browser engine")
def test_javascript_and_swift_agree_on_generated_sessions():
    environment = {**os.environ, "MODAK_SIMULATE": f"{MODAK} gifts simulate"}
    result = subprocess.run(["node", os.path.join(REPO, "Tests", "gifts", "equivalence.js")],
                            capture_output=True, text=True, env=environment, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    passed = [line for line in result.stdout.splitlines() if line.strip().endswith("0 failed")]
    assert passed, result.stdout[-2000:]
    count = int(passed[-1].split()[0])
    assert count >= 300, f"only {count} sessions compared"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is needed to run the browser engine")
def test_the_quiz_progress_never_moves_back_and_is_full_exactly_at_the_end():
    """mostAnswers(), the progress bar's maximum, on 600 sessions (Tests/gifts/progress.js)."""
    result = subprocess.run(["node", os.path.join(REPO, "Tests", "gifts", "progress.js")], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert result.stdout.strip().endswith("600 passed, 0 failed")


@pytest.mark.parametrize("arguments", [
    ["--gender", "unknown", "--budget", "0-1000"],
    ["--gender", "any", "--budget", "5000-1000"],
    ["--gender", "any", "--budget", "0-60000000"],
    ["--gender", "any", "--budget", "0-1000", "--answers", "O,maybe"],
    ["--gender", "any"],
    ["--bogus"],
])
def test_bad_simulate_arguments_exit_2_with_the_usage_line(arguments):
    result = run_modak("gifts", "simulate", *arguments, check=False)
    assert result.returncode == 2
    assert "usage: modak gifts simulate" in result.stderr
