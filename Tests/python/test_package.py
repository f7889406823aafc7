"""The Debian package from `make deb`, installed with apt alone into clean Debian 12 roots made by
mmdebstrap from the mirror this machine uses: a new site is built, checked and served there, the
manual reads, and the steps of docs/github-pages.yml publish a site. Needs root, mmdebstrap and the
Debian mirror; about three minutes (each root takes some 40 s, its packages are downloaded once)."""
import glob
import os
import re
import shlex
import shutil
import socket
import subprocess

import pytest
import yaml

from conftest import MODAK, REPO

WORKFLOW = os.path.join(REPO, "docs", "github-pages.yml")
# The binary `make deb` packs.
RELEASE_MODAK = os.path.join(REPO, ".build", "release", "modak")
# The suite the package is built on and for.
SUITE = "bookworm"


def debian_sources():
    """The host's Debian mirrors for SUITE, as one-line sources, from /etc/apt/sources.list*."""
    entries = []
    for path in glob.glob("/etc/apt/sources.list") + glob.glob("/etc/apt/sources.list.d/*"):
        text = open(path).read()
        if path.endswith(".sources"):
            for stanza in re.split(r"\n\s*\n", text):
                fields = dict(re.findall(r"^(\w[\w-]*):\s*(.*)$", stanza, re.M))
                if "deb" in fields.get("Types", "").split():
                    entries += [(uri, suite) for uri in fields.get("URIs", "").split()
                                for suite in fields.get("Suites", "").split()]
        else:
            for line in text.splitlines():
                words = re.sub(r"\[.*?\]", "", line.split("#")[0]).split()
                if len(words) >= 3 and words[0] == "deb":
                    entries.append((words[1], words[2]))
    sources = [f"deb {uri} {suite} main" for uri, suite in entries
               if uri.rstrip("/").endswith(("/debian", "/debian-security")) and suite.startswith(SUITE)]
    assert sources, f"/etc/apt/sources.list*: no Debian mirror for {SUITE}; the package test needs one"
    return sources


@pytest.fixture(scope="module")
def package():
    """`make deb`, as a user runs it: the package's path is the last line it prints."""
    result = subprocess.run(["make", "--no-print-directory", "deb"], cwd=REPO, capture_output=True, text=True)
    assert result.returncode == 0, f"make deb exited {result.returncode}:\n{result.stderr[-3000:]}"
    path = result.stdout.strip().splitlines()[-1]
    assert re.fullmatch(r".*/modak_[0-9][^_/]*_[a-z0-9]+\.deb", path), path
    return path


@pytest.fixture(scope="module")
def apt_archives(tmp_path_factory):
    """Packages downloaded into one root, reused by the next: this run only, nothing kept."""
    return str(tmp_path_factory.mktemp("apt-archives"))


def control(package):
    fields = subprocess.run(["dpkg-deb", "-f", package], capture_output=True, text=True, check=True).stdout
    return dict(re.findall(r"^(\S+): (.*)$", fields, re.M))


def depends(package):
    """The names of the packages Depends lists, versions and alternatives left out."""
    return [re.split(r"[ (|]", entry.strip())[0] for entry in control(package)["Depends"].split(",")]


def in_debian_root(script, archives, tmp_path, copy_in=(), copy_out=(), include=()):
    """Runs the bash `script` as root in a new Debian root; first each (outside, inside folder) of
    `copy_in` is copied in, after it each (inside folder, outside folder) of `copy_out` is copied
    out. The root is thrown away. A failing command of the script fails the test with its output."""
    script_path = tmp_path / "script.sh"
    script_path.write_text("set -euo pipefail\nexport DEBIAN_FRONTEND=noninteractive LC_ALL=C.UTF-8\n" + script)
    hooks = ['mkdir -p "$1/var/cache/apt/archives"', f"sync-in {archives} /var/cache/apt/archives/"]
    customize = []
    for outside, inside in [(str(script_path), "/root")] + list(copy_in):
        customize += [f'mkdir -p "$1{inside}"', f"copy-in {outside} {inside}"]
    customize += ['chroot "$1" bash /root/script.sh', f"sync-out /var/cache/apt/archives {archives}"]
    for inside, outside in copy_out:
        os.makedirs(outside, exist_ok=True)
        customize.append(f"sync-out {inside} {outside}")
    command = ["mmdebstrap", "--quiet", "--variant=apt"] + (["--include=" + ",".join(include)] if include else [])
    command += [f"--setup-hook={hook}" for hook in hooks] + [f"--customize-hook={hook}" for hook in customize]
    result = subprocess.run(command + [SUITE, "/dev/null"] + debian_sources(), capture_output=True, text=True)
    assert result.returncode == 0, f"in the Debian root:\n{result.stderr[-6000:]}\n{result.stdout[-2000:]}"


def package_of(path):
    """The package that ships the file at `path`, as dpkg recorded it: through the links of a merged
    /usr (/lib is /usr/lib) or not."""
    for written in [path, os.path.realpath(path)]:
        owner = subprocess.run(["dpkg", "-S", written], capture_output=True, text=True)
        if owner.returncode == 0:
            return owner.stdout.split(":")[0]
    raise AssertionError(f"{path}: no package ships it")


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(scope="module")
def unpacked(package, tmp_path_factory):
    """The package's files, as dpkg would install them, under a folder of their own."""
    root = tmp_path_factory.mktemp("unpacked")
    subprocess.run(["dpkg-deb", "-x", package, str(root)], check=True)
    return root


def test_depends_lists_the_libraries_and_no_toolchain(package, unpacked):
    names = depends(package)
    assert not [name for name in names if name.endswith("-dev") or "swift" in name or "clang" in name], names
    assert {"fonts-noto-cjk", "fonts-noto-color-emoji", "tzdata"} <= set(names)
    # Each library the binary names: the package that ships it here must be among Depends.
    dynamic = subprocess.run(["objdump", "-p", str(unpacked / "usr/bin/modak")], capture_output=True, text=True)
    needed = re.findall(r"NEEDED\s+(\S+)", dynamic.stdout)
    assert "librsvg-2.so.2" in needed and "libc.so.6" in needed, needed
    libraries = subprocess.run(["ldconfig", "-p"], capture_output=True, text=True, check=True).stdout
    for soname in needed:
        path = re.search(rf"^\s*{re.escape(soname)} \(libc6,x86-64\) => (\S+)$", libraries, re.M).group(1)
        shipped_by = package_of(path)
        assert shipped_by in names, f"{soname} comes from {shipped_by}, which Depends does not list: {names}"


def test_the_package_holds_the_manual_and_the_docs(package, unpacked):
    for path in ["usr/bin/modak", "usr/share/man/man1/modak.1.gz", "usr/share/man/man1/modak-build.1.gz",
                 "usr/share/man/man1/modak-new-saying.1.gz", "usr/share/doc/modak/copyright",
                 "usr/share/doc/modak/changelog.Debian.gz", "usr/share/doc/modak/reference/command-line.md",
                 "usr/share/doc/modak/README.md", "usr/share/doc/modak/install.md",
                 "usr/share/doc/modak/examples/modak.service", "usr/share/doc/modak/examples/modak.timer"]:
        assert (unpacked / path).is_file(), f"/{path} is not in the package"
    pages = glob.glob(str(unpacked / "usr/share/man/man1/*.1.gz"))
    warnings = subprocess.run(["man", "--warnings", "-l", *pages], capture_output=True, text=True,
                              env={**os.environ, "MANWIDTH": "100"})
    assert warnings.returncode == 0 and warnings.stderr == "", warnings.stderr
    upstream = subprocess.run([MODAK, "--version"], capture_output=True, text=True, check=True).stdout.split()[1]
    assert control(package)["Version"].startswith(upstream + "-"), "the package's version is modak --version's"


def test_installed_alone_it_builds_checks_serves_and_has_a_manual(package, apt_archives, tmp_path):
    port = free_port()
    script = f"""
        cd /root
        apt-get install -y ./packages/{os.path.basename(package)}
        mkdir results
        dpkg-query -W -f '${{Package}}\\n' > results/installed
        modak --version > results/version
        modak init site && cd site && modak build && modak check
        MANWIDTH=100 man --warnings modak > ../results/modak.man 2> ../results/man-warnings
        MANWIDTH=100 man --warnings modak-build > ../results/modak-build.man 2>> ../results/man-warnings
        modak serve --port {port} > ../results/serve.log 2>&1 &
        server=$!
        for attempt in $(seq 100); do
            (exec 3<>/dev/tcp/127.0.0.1/{port}) 2>/dev/null && break
            sleep 0.2
        done
        exec 3<>/dev/tcp/127.0.0.1/{port}
        printf 'GET / HTTP/1.0\\r\\nHost: 127.0.0.1\\r\\n\\r\\n' >&3
        cat <&3 > ../results/response
        kill $server
    """
    results, public, content = tmp_path / "results", tmp_path / "public", tmp_path / "content"
    in_debian_root(script, apt_archives, tmp_path, copy_in=[(package, "/root/packages")],
                   copy_out=[("/root/results", str(results)), ("/root/site/public", str(public)),
                             ("/root/site/content", str(content))],
                   include=["man-db"])

    installed = (results / "installed").read_text().split()
    assert "modak" in installed
    assert not [name for name in installed if name.endswith("-dev") or "swift" in name or "clang" in name]
    version, templates = (results / "version").read_text().splitlines()
    assert version == f"modak {control(package)['Version'].rsplit('-', 1)[0]}"
    assert templates.startswith("templates: built in, "), "the installed binary does not carry its templates"
    assert "<title>" in (public / "index.html").read_text()
    # The fonts and fontconfig's setup come with the package: the root draws the cards this machine
    # draws from the same content, pixel for pixel (today's card left out, should the day turn).
    here = tmp_path / "public-here"
    subprocess.run([RELEASE_MODAK, "build", "--content", str(content), "--output", str(here)], check=True)
    cards = [os.path.basename(card) for card in glob.glob(str(here / "cards" / "*.png")) if "today" not in card]
    assert cards
    for card in cards:
        assert (public / "cards" / card).is_file(), f"cards/{card} was not drawn in the root: are its fonts there?"
        assert (public / "cards" / card).read_bytes() == (here / "cards" / card).read_bytes(), f"cards/{card}"
    manual = (results / "modak.man").read_text()
    assert "modak - A static site generator" in manual and "modak-build(1)" in manual
    assert "--content DIR" in (results / "modak-build.man").read_text()
    assert (results / "man-warnings").read_text() == ""
    response = (results / "response").read_text()
    assert response.startswith("HTTP/1.1 200") and "<title>" in response, response[:500]


def test_the_pages_workflow_runs_in_a_clean_debian_root(package, apt_archives, tmp_path):
    workflow = yaml.safe_load(open(WORKFLOW))
    job = workflow["jobs"]["build"]
    assert job["container"] == "debian:12", "the package is built for Debian 12"
    steps = job["steps"]
    # The checkout is done here by copying in a new site, with the package where the workflow says.
    assert steps[0]["uses"].startswith("actions/checkout@")
    runs = [step["run"] for step in steps if "run" in step]
    assert any("modak build" in run for run in runs) and any("modak check" in run for run in runs)

    site = tmp_path / "workspace"
    subprocess.run([MODAK, "init", str(site)], capture_output=True, check=True)
    os.makedirs(site / ".modak")
    shutil.copy(package, site / ".modak")
    steps_folder = tmp_path / "steps"
    os.makedirs(steps_folder)
    for index, run in enumerate(runs):
        (steps_folder / f"{index}.sh").write_text(run)
    environment = {**workflow.get("env", {}), **job.get("env", {})}
    # As GitHub runs a `run:` step in a container: a file, with bash and these options.
    script = "".join(f"export {name}={shlex.quote(str(value))}\n" for name, value in environment.items())
    script += "cd /github/workspace\n" + "".join(
        f"bash --noprofile --norc -eo pipefail /root/steps/{index}.sh\n" for index in range(len(runs)))
    in_debian_root(script, apt_archives, tmp_path, copy_in=[(str(site), "/github"), (str(steps_folder), "/root")],
                   copy_out=[("/github/workspace/public", str(tmp_path / "public"))])
    assert "<title>" in (tmp_path / "public" / "index.html").read_text()


def test_the_same_binary_and_commit_give_the_same_package(package, tmp_path):
    again = subprocess.run([os.path.join(REPO, ".ci", "build-deb"), RELEASE_MODAK, str(tmp_path)],
                           capture_output=True, text=True, check=True).stdout.strip()
    assert os.path.basename(again) == os.path.basename(package)
    assert open(again, "rb").read() == open(package, "rb").read(), "the package differs from one build to the next"
