"""The command line as a user meets it: exit codes, usage lines, and the build's summary."""
import json
import os
import re
import subprocess

import pytest

from conftest import MODAK, REPO, SAMPLE_CONTENT, run_modak


@pytest.mark.parametrize("arguments", [
    [],
    ["frobnicate"],
    ["build", "--colour", "red"],
    ["build", "--date", "2026-02-30"],
    ["build", "--date", "yesterday"],
    ["build", "--content"],
    ["build", "--base-url", "example.org"],
    ["build", "--theme", "pink"],
    ["build", "stray-argument"],
    ["card"],
])
def test_usage_mistakes_exit_2_with_the_usage_line(arguments):
    result = run_modak(*arguments, check=False)
    assert result.returncode == 2, result.stderr
    assert "usage: modak" in result.stderr
    assert "Fatal error" not in result.stderr


def test_content_errors_exit_1_and_name_file_and_line(content_copy, tmp_path):
    (content_copy / "sayings" / "broken.md").write_text("---\nid: broken\nkor: 깨진\nwho: x\ntime: soon\n---\n")
    result = run_modak("build", "--content", str(content_copy), "--output", str(tmp_path / "out"), "--date", "2026-11-30", check=False)
    assert result.returncode == 1
    assert re.search(r"sayings/broken\.md:5: `time` is `soon`, not a time", result.stderr), result.stderr
    assert not (tmp_path / "out").exists()


def test_source_date_epoch_sets_today_in_the_sites_time_zone(tmp_path):
    # 2026-11-29T15:30:00Z is already 2026-11-30 00:30 in Seoul: the saying of the 30th is published.
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1795966200"}
    result = subprocess.run([MODAK, "build", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / "epoch")],
                            capture_output=True, text=True, env=environment)
    assert result.returncode == 0, result.stderr
    for day in ("2026-11-29", "2026-11-30"):
        run_modak("build", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / day), "--date", day)
    sayings = {name: sorted(os.listdir(tmp_path / name / "sayings")) for name in ("epoch", "2026-11-29", "2026-11-30")}
    assert sayings["epoch"] == sayings["2026-11-30"]
    assert sayings["epoch"] != sayings["2026-11-29"]


def test_the_summary_line_counts_files(tmp_path):
    first = run_modak("build", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / "out"), "--date", "2026-11-30")
    match = re.search(r"built ([\d,]+) files: ([\d,]+) written, 0 unchanged, 0 removed in [\d.]+ s", first.stdout)
    assert match, first.stdout
    second = run_modak("build", "--content", SAMPLE_CONTENT, "--output", str(tmp_path / "out"), "--date", "2026-11-30")
    assert re.search(rf"built {match.group(1)} files: 0 written, {match.group(1)} unchanged, 0 removed", second.stdout), second.stdout


def test_card_command_prints_or_writes_an_svg(tmp_path):
    printed = run_modak("card", "confucius-learning", "--content", SAMPLE_CONTENT)
    assert printed.stdout.startswith("<svg") and 'width="1200"' in printed.stdout
    run_modak("card", "today", "--content", SAMPLE_CONTENT, "--date", "2026-11-30", "-o", str(tmp_path / "today.svg"))
    assert (tmp_path / "today.svg").read_text().startswith("<svg")
    missing = run_modak("card", "no-such-saying", "--content", SAMPLE_CONTENT, check=False)
    assert missing.returncode == 1 and "no-such-saying" in missing.stderr


# --- help, suggestions, version and the reference ------------------------------------------------

# Every command and the options its help must list; the declaration in Sources/ModakCommandLine is
# checked against this list, written apart from it.
BUILD_OPTIONS = ["--content DIR", "--output DIR", "--date YYYY-MM-DD", "--theme NAME", "--base-url URL", "--templates DIR",
                 "--drafts", "--force"]
COMMANDS = {
    (): ["--version"],
    ("init",): [],
    ("build",): BUILD_OPTIONS,
    ("serve",): ["--port N"] + [o if o != "--drafts" else "--drafts, --no-drafts" for o in BUILD_OPTIONS],
    ("check",): ["--content DIR", "--output DIR", "--base-url URL"],
    ("card",): ["--content DIR", "--date YYYY-MM-DD", "-o, --output FILE"],
    ("new",): [],
    ("new", "saying"): ["--content DIR", "--kor TEXT", "--eng TEXT", "--who NAME", "--time TIME", "--queue", "--id ID", "--tags a,b"],
    ("new", "souvenir"): ["--content DIR", "--deliver TIME", "--title TEXT"],
    ("new", "notice"): ["--content DIR", "--title TEXT", "--date TIME", "--slug SLUG"],
    ("new", "page"): ["--content DIR", "--title TEXT", "--slug SLUG"],
    ("import",): [],
    ("import", "firebase"): ["--content DIR"],
    ("gifts",): [],
    ("gifts", "simulate"): ["--gender any|female|male", "--budget MIN-MAX", "--answers O,X,skip,…", "--content DIR"],
    ("help",): [],
}


@pytest.mark.parametrize("command", COMMANDS, ids=lambda command: " ".join(command) or "modak")
def test_every_command_answers_help_with_its_options(command):
    help = run_modak(*command, "--help")
    assert help.stderr == ""
    assert help.stdout.startswith("OVERVIEW: ")
    assert "\nUSAGE: " + " ".join(("modak",) + command) in help.stdout
    for option in COMMANDS[command] + ["-h, --help"]:
        assert re.search(rf"\n  {re.escape(option)}( \.\.\.)?[ \n]", help.stdout), f"{option} missing from:\n{help.stdout}"
    assert run_modak(*command, "-h").stdout == help.stdout
    assert run_modak("help", *command).stdout == help.stdout


def test_help_shows_the_defaults():
    def flowing(*command):
        return " ".join(run_modak(*command, "--help").stdout.split())
    build = flowing("build")
    for default in ("(default: content)", "(default: public)", "(default: today in the site's time zone"):
        assert default in build
    serve = flowing("serve")
    assert "(default: 8000)" in serve and "(default: --drafts)" in serve
    assert "(default: standard output)" in flowing("card")
    assert "(default: .)" in flowing("init")


@pytest.mark.parametrize("arguments, message, usage", [
    (["build", "--outptu", "public"], "unknown option --outptu: did you mean --output?", "usage: modak build [--content DIR]"),
    (["biuld"], "unknown command biuld: did you mean build?", "usage: modak init [DIR]"),
    (["new", "pgae", "--title", "x"], "unknown command pgae for `modak new`: did you mean page?", "usage: modak new saying"),
    (["serve", "--prot", "80"], "unknown option --prot: did you mean --port?", "usage: modak serve [--port N]"),
    (["help", "chekc"], "unknown command chekc: did you mean check?", "usage: modak help [COMMAND ...]"),
])
def test_mistakes_suggest_the_nearest_name(arguments, message, usage):
    result = run_modak(*arguments, check=False)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.startswith(f"modak: {message}\n{usage}"), result.stderr


def test_version():
    result = run_modak("--version")
    assert re.fullmatch(r"modak \d+\.\d+\.\d+\ntemplates: built in, \d+ files, fingerprint [0-9a-f]{16}\n", result.stdout), result.stdout


def test_the_command_line_reference_is_generated_from_the_declaration():
    with open(os.path.join(REPO, "docs", "reference", "command-line.md"), encoding="utf-8") as f:
        assert run_modak("reference").stdout == f.read(), "run `make reference` and commit docs/reference/command-line.md"


# --- modak init and modak new page -------------------------------------------------------------

def modak_in(folder, *args):
    return subprocess.run([MODAK, *args], capture_output=True, text=True, cwd=folder)


def test_init_then_build_makes_a_site_with_one_of_each(tmp_path):
    result = modak_in(tmp_path, "init")
    assert result.returncode == 0, result.stderr
    assert "modak build" in result.stdout and "modak serve" in result.stdout and "cd " not in result.stdout
    for reference in ("`man modak`", "/usr/share/doc/modak/", "docs/reference/"):
        assert reference in result.stdout, "the closing lines say where the manual is"
    assert json.loads((tmp_path / "content" / "site.json").read_text())["description"].strip(), "a described site"
    assert (tmp_path / ".gitignore").read_text() == "/public/\n"
    build = modak_in(tmp_path, "build")
    assert build.returncode == 0, build.stderr
    assert [line for line in build.stderr.splitlines() if "no PNG can be drawn" not in line] == [], build.stderr
    public = tmp_path / "public"
    for page in ("sayings/well-begun", "sayings/many-a-little", "sayings/thousand-miles", "about", "notices", "souvenirs", "gifts/warm-tea"):
        assert (public / page / "index.html").is_file(), page
    assert len(list(public.glob("notices/*-welcome/index.html"))) == 1
    home = (public / "index.html").read_text(encoding="utf-8")
    assert re.search(r'data-saying-id="well-begun"[^>]*>(?:(?!</article>).)*data-new', home, re.S), "today's saying is new"
    laozi = (public / "sayings" / "thousand-miles" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'class="who"[^>]*>노자<', laozi), "authors.json names Laozi in Korean on a Korean site"
    souvenirs = (public / "souvenirs" / "index.html").read_text(encoding="utf-8")
    assert "첫 편지" in souvenirs, "the souvenir of yesterday is delivered"
    assert not any("1년 뒤의" in path.read_text(encoding="utf-8", errors="ignore") for path in public.rglob("*") if path.is_file())


def test_init_into_a_named_folder_says_to_cd_there(tmp_path):
    result = run_modak("init", str(tmp_path / "my site"))
    assert f"cd '{tmp_path / 'my site'}'" in result.stdout
    assert (tmp_path / "my site" / "content" / "site.json").is_file()


@pytest.mark.parametrize("existing", ["content/site.json", "content/notes.txt"])
def test_init_refuses_a_folder_with_a_site(tmp_path, existing):
    (tmp_path / existing).parent.mkdir(parents=True)
    (tmp_path / existing).write_text("{}")
    before = sorted(str(path) for path in tmp_path.rglob("*"))
    result = run_modak("init", str(tmp_path), check=False)
    assert result.returncode == 1 and "holds a site already" in result.stderr and "nothing was written" in result.stderr
    assert sorted(str(path) for path in tmp_path.rglob("*")) == before


def test_new_page_is_built_and_linked_to_its_slug(tmp_path):
    modak_in(tmp_path, "init")
    created = modak_in(tmp_path, "new", "page", "--title", "How to use", "Read", "*one*", "a", "day.")
    assert created.returncode == 0, created.stderr
    assert created.stdout == "content/pages/how-to-use.md\n"
    assert (tmp_path / "content/pages/how-to-use.md").read_text() == "---\ntitle: How to use\n---\nRead *one* a day.\n"
    korean = modak_in(tmp_path, "new", "page", "--title", "사용 방법", "본문")
    assert korean.stdout == "content/pages/sayong-bangbeop.md\n", korean.stderr
    reserved = modak_in(tmp_path, "new", "page", "--title", "Search", "Find a saying.")
    assert reserved.stdout == "content/pages/search-2.md\n", "the site's own folders are no page's slug"
    taken = modak_in(tmp_path, "new", "page", "--title", "Again", "--slug", "about", "Text")
    assert taken.returncode == 1 and "already used" in taken.stderr and "Text" in taken.stderr
    assert modak_in(tmp_path, "build").returncode == 0
    assert "Read <em>one</em> a day." in (tmp_path / "public/how-to-use/index.html").read_text(encoding="utf-8")
    assert (tmp_path / "public/sayong-bangbeop/index.html").is_file()
