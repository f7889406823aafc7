"""`make bench` installs what bench/ imports: a fresh machine gets every target measured, not a traceback."""
import ast
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BENCH = os.path.join(ROOT, "bench")
# Import names whose PyPI package is named otherwise.
PYPI_NAMES = {"PIL": "pillow"}


def makefile_variable(name):
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        text = f.read().replace("\\\n", " ")
    match = re.search(rf"^{name}\s*:?=(.*)$", text, re.MULTILINE)
    assert match, f"Makefile has no {name}"
    return match.group(1).split()


def bench_scripts():
    for name in sorted(os.listdir(BENCH)):
        path = os.path.join(BENCH, name)
        if not os.path.isfile(path):
            continue
        with open(path, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if name.endswith(".py") or text.startswith("#!/usr/bin/env python3"):
            yield name, text


def third_party_imports():
    """Top-level modules bench/ imports that are neither the standard library nor its own or the tests'."""
    local = {name[:-3] for name in os.listdir(BENCH) if name.endswith(".py")}
    local |= {name[:-3] for name in os.listdir(os.path.join(ROOT, "Tests", "python")) if name.endswith(".py")}
    found = set()
    for _, text in bench_scripts():
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                modules = [node.module]
            else:
                continue
            found |= {module.split(".")[0] for module in modules}
    return {module for module in found if module not in sys.stdlib_module_names and module not in local}


def test_bench_installs_every_python_package_its_scripts_import():
    imported = third_party_imports()
    assert {"selenium", "PIL", "numpy"} <= imported, "the scan no longer sees bench/'s imports"
    installed = set(makefile_variable("BENCH_PYTHON"))
    missing = sorted(PYPI_NAMES.get(module, module) for module in imported if PYPI_NAMES.get(module, module) not in installed)
    assert not missing, f"bench/ imports {missing}, which `make bench` does not install (BENCH_PYTHON)"


def test_bench_target_installs_its_packages_before_running():
    with open(os.path.join(ROOT, "Makefile"), encoding="utf-8") as f:
        recipe = re.search(r"^bench:.*\n((?:\t.*\n)+)", f.read(), re.MULTILINE).group(1)
    lines = recipe.splitlines()
    installs = [n for n, line in enumerate(lines) if "ensure-packages" in line]
    runs = [n for n, line in enumerate(lines) if "bench/run" in line]
    assert any("$(BENCH_PACKAGES)" in lines[n] for n in installs)
    assert any("--python $(BENCH_PYTHON)" in lines[n] for n in installs)
    assert runs and max(installs) < min(runs)
    # The browser targets drive Debian's Chromium through its driver.
    assert {"chromium", "chromium-driver"} <= set(makefile_variable("BENCH_PACKAGES"))
