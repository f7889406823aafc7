"""`modak import firebase`: the original app's export becomes saying files, idempotently, without readers' data."""
import os

from conftest import REPO, build_site, run_modak

EXPORT = os.path.join(REPO, "Tests", "Fixtures", "firebase-export.json")
IMPORTED = ["0.md", "1.md", "2.md", "3.md", "5.md", "family-6.md"]


def imported_files(content):
    """name → (bytes, modification time in ns) of every file in the sayings folder."""
    folder = os.path.join(content, "sayings")
    result = {}
    for name in os.listdir(folder):
        with open(os.path.join(folder, name), "rb") as f:
            result[name] = (f.read(), os.stat(f.name).st_mtime_ns)
    return result


def test_import_writes_one_saying_per_text_and_a_second_run_changes_nothing(content_copy, tmp_path):
    content = str(content_copy)
    first = run_modak("import", "firebase", EXPORT, "--content", content)
    assert "6 written, 0 unchanged, 0 kept, 2 skipped" in first.stdout
    assert "Text4" in first.stderr and "Text7" in first.stderr, "skipped records are reported"
    for name in IMPORTED:
        assert os.path.exists(os.path.join(content, "sayings", name))
    before = imported_files(content)

    second = run_modak("import", "firebase", EXPORT, "--content", content)
    assert "0 written, 6 unchanged" in second.stdout
    assert imported_files(content) == before, "the second import touched a file"

    # Readers' data from the export's User section is in none of the sayings.
    for data, _ in before.values():
        for secret in (b"PRIVATE", b"example.com", b"010-1234", "김민지".encode()):
            assert secret not in data

    # The imported sayings build into pages with the texts of the export.
    output = build_site(content, str(tmp_path / "public"))
    with open(os.path.join(output, "sayings", "2", "index.html"), encoding="utf-8") as f:
        page = f.read()
    assert "Say &quot;yes&quot; to the path C:\\roads\\ahead" in page or 'Say "yes" to the path C:\\roads\\ahead' in page


def test_an_edited_import_is_kept_and_a_taken_id_is_not_reused(content_copy):
    content = str(content_copy)
    run_modak("import", "firebase", EXPORT, "--content", content)
    edited = os.path.join(content, "sayings", "1.md")
    with open(edited, "a", encoding="utf-8") as f:
        f.write("My own commentary.\n")
    with open(edited, "rb") as f:
        edited_bytes = f.read()
    os.remove(os.path.join(content, "sayings", "0.md"))
    with open(os.path.join(content, "sayings", "mine.md"), "w", encoding="utf-8") as f:
        f.write("---\nid: 0\nkor: 내 명언\nwho: Me\ntime: 2026-11-01\n---\n")

    result = run_modak("import", "firebase", EXPORT, "--content", content)
    assert "0 written, 4 unchanged, 1 kept, 3 skipped" in result.stdout
    assert "1.md: warning: differs from the export" in result.stderr
    assert "the id `0` is already used by" in result.stderr and "mine.md" in result.stderr
    with open(edited, "rb") as f:
        assert f.read() == edited_bytes
    assert not os.path.exists(os.path.join(content, "sayings", "0.md"))


def test_an_unusable_export_is_an_error(tmp_path):
    broken = tmp_path / "export.json"
    broken.write_text('{"User": {"u": {"name": "x"}}}')
    result = run_modak("import", "firebase", str(broken), "--content", str(tmp_path / "content"), check=False)
    assert result.returncode == 1
    assert "no `Text` object" in result.stderr
    usage = run_modak("import", "csv", str(broken), check=False)
    assert usage.returncode == 2


def test_a_text_without_who_is_skipped_and_reported_with_its_line(content_copy, tmp_path):
    export = tmp_path / "export.json"
    export.write_text('{"Text": {\n'
                      ' "Text0": {"id": "empty-who", "kor": "가", "who": "", "time": "2021-01-01"},\n'
                      ' "Text1": {"id": "no-who", "kor": "나", "time": "2021-01-01"},\n'
                      ' "Text2": {"id": "with-who", "kor": "다", "who": "Modak", "time": "2021-01-01"}\n'
                      '}}\n', encoding="utf-8")
    content = str(content_copy)

    result = run_modak("import", "firebase", str(export), "--content", content)

    assert "1 written, 0 unchanged, 0 kept, 2 skipped" in result.stdout
    assert f"{export}:2: warning: Text/Text0 (id `empty-who`) has no `who` text: skipped" in result.stderr, result.stderr
    assert f"{export}:3: warning: Text/Text1 (id `no-who`) has no `who` text: skipped" in result.stderr, result.stderr
    sayings = os.path.join(content, "sayings")
    assert not os.path.exists(os.path.join(sayings, "empty-who.md")) and not os.path.exists(os.path.join(sayings, "no-who.md"))
    with open(os.path.join(sayings, "with-who.md"), encoding="utf-8") as f:
        assert "who: Modak\n" in f.read()
    build_site(content, str(tmp_path / "public"))
