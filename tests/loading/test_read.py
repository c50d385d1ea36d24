"""Files are decoded, parsed and cached by content hash; a broken file never stops the others."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckwright.loading import FileRef, ParseCache, read, read_documents


def refs(*paths: Path) -> list[FileRef]:
    return [FileRef(p, p.name, p.name) for p in paths]


def test_non_utf8_file_is_a_problem_and_others_are_read(tmp_path: Path) -> None:
    bad = tmp_path / "bad.yaml"
    bad.write_bytes(b"name: caf\xe9\n")
    good = tmp_path / "good.yaml"
    good.write_text("name: cafe\n")
    docs = read_documents(refs(bad, good), ParseCache(None))
    assert docs[0].parsed.problems[0].code == "DW107"
    assert docs[1].data == {"name": "cafe"}


def test_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "bom.yaml"
    path.write_bytes(b"\xef\xbb\xbfname: x\n")
    (doc,) = read_documents(refs(path), ParseCache(None))
    assert doc.data == {"name": "x"}


def test_a_run_that_writes_the_cache_removes_entries_of_other_loader_versions(tmp_path: Path) -> None:
    from deckwright.loading.cache import LOADER_VERSION

    folder = tmp_path / "cache"
    folder.mkdir()
    old = folder / f"yaml-{int(LOADER_VERSION) - 1}-{'0' * 64}"
    old.write_bytes(b"stale")
    kept = [folder / "playouts", folder / f"yaml-{LOADER_VERSION}-{'1' * 64}", folder / "notes.txt"]
    kept[0].mkdir()
    for path in kept[1:]:
        path.write_bytes(b"x")
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    read_documents(refs(path), ParseCache(folder))
    assert not old.exists() and all(p.exists() for p in kept) and len(list(folder.iterdir())) == 4


def test_entries_unused_for_a_month_are_removed_and_read_ones_kept(tmp_path: Path) -> None:
    import os
    import time

    from deckwright.cachefolder import STALE_DAYS
    from deckwright.loading.cache import LOADER_VERSION

    folder = tmp_path / "cache"
    a, b = tmp_path / "a.yaml", tmp_path / "b.yaml"
    a.write_text("a: 1\n")
    b.write_text("b: 1\n")
    read_documents(refs(a, b), ParseCache(folder))
    month_ago = time.time() - (STALE_DAYS + 1) * 86_400
    entries = sorted(folder.iterdir())
    for entry in entries:
        os.utime(entry, (month_ago, month_ago))
    untouched = folder / "notes.txt"  # not this cache's: never removed
    untouched.write_text("x")
    os.utime(untouched, (month_ago, month_ago))
    read_documents(refs(a), ParseCache(folder))  # reads a's entry (marked used again), writes none
    c = tmp_path / "c.yaml"
    c.write_text("c: 1\n")
    read_documents(refs(c), ParseCache(folder))  # writes an entry: prunes b's, unused for a month
    names = {p.name for p in folder.iterdir()}
    assert untouched.name in names and len(names) == 3
    assert all(name.startswith(f"yaml-{LOADER_VERSION}-") for name in names - {untouched.name})


def test_cache_returns_the_same_parse_and_misses_on_change(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("a: yes\nb: 1\nb: 2\n")
    cache = ParseCache(tmp_path / "cache")
    (first,) = read_documents(refs(path), cache)
    (second,) = read_documents(refs(path), cache)
    assert second.parsed == first.parsed
    assert len(list((tmp_path / "cache").iterdir())) == 1
    path.write_text("a: no\n")
    (third,) = read_documents(refs(path), cache)
    assert third.data == {"a": "no"}


def test_corrupt_cache_entry_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("a: 1\n")
    cache = ParseCache(tmp_path / "cache")
    read_documents(refs(path), cache)
    for entry in (tmp_path / "cache").iterdir():
        entry.write_bytes(b"garbage")
    (doc,) = read_documents(refs(path), cache)
    assert doc.data == {"a": 1}


def test_parallel_parse_gives_the_same_documents(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(read, "POOL_WORTH_SECONDS", 0.0)  # a pool however little there is to parse
    body = "".join(f"- id: card-{i}\n  name: Card {i}\n  value: {i}\n" for i in range(12_000))
    paths = []
    for n in range(3):
        path = tmp_path / f"f{n}.yaml"
        path.write_text(body)
        paths.append(path)
    serial = read_documents(refs(*paths), ParseCache(None), workers=1)
    parallel = read_documents(refs(*paths), ParseCache(None), workers=2)
    assert [d.data for d in serial] == [d.data for d in parallel]


def test_locate_finds_keys_values_and_nearest_ancestor(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("cards:\n  - id: x\n    stats: {hp: 3}\n")
    (doc,) = read_documents(refs(path), ParseCache(None))
    assert (doc.locate(("cards", 0, "stats", "hp")).line, doc.locate(("cards", 0, "stats", "hp")).column) == (3, 17)
    assert doc.locate(("cards", 0, "stats"), key=True).column == 5
    missing = doc.locate(("cards", 0, "nope"))
    assert (missing.line, missing.pointer) == (2, "/cards/0/nope")


def test_cached_entry_holds_the_same_data_spans_and_traps(tmp_path: Path) -> None:
    """Entries keep the data as JSON text and the spans packed: read back, the parse is the one written."""
    path = tmp_path / "cards.yaml"
    path.write_text("- {id: a, n: 1.0, big: 12345678901234567890, on: yes, none: null, inf: .inf}\n- id: b\n  t: [x, 2]\n")
    cache = ParseCache(tmp_path / "cache")
    (first,) = read_documents(refs(path), cache)
    (second,) = read_documents(refs(path), cache)
    assert second.parsed == first.parsed and first.parsed.spans and first.parsed.traps
    assert type(second.data[0]["n"]) is float and second.data[0]["none"] is None


@pytest.mark.parametrize("value", ["1.0", "-0.0", "18446744073709551616", "-9223372036854775809", "12345678901234567890",
                                   ".inf", ".nan", "1e-320", "0.1"])
def test_cached_numbers_keep_their_type_and_value(tmp_path: Path, value: str) -> None:
    """Whichever JSON reader reads an entry back, every number keeps its type and value (orjson would read
    integers beyond 64 bits as floats: such an entry is read by json)."""
    path = tmp_path / "a.yaml"
    path.write_text(f"- {{id: a, v: {value}, n: 3}}\n")
    cache = ParseCache(tmp_path / "cache")
    (first,) = read_documents(refs(path), cache)
    (second,) = read_documents(refs(path), cache)
    assert repr(second.data) == repr(first.data) and type(second.data[0]["v"]) is type(first.data[0]["v"])


def test_cache_entry_of_other_types_is_refused(tmp_path: Path) -> None:
    """An entry whose data is not JSON text, or whose spans are not packed integers, is parsed again."""
    import marshal

    from deckwright.loading.cache import LOADER_VERSION

    path = tmp_path / "a.yaml"
    path.write_text("- id: a\n")
    cache = ParseCache(tmp_path / "cache")
    (first,) = read_documents(refs(path), cache)
    (entry,) = (tmp_path / "cache").iterdir()
    assert entry.name.startswith(f"yaml-{LOADER_VERSION}-")
    digest, *_, records, strict = marshal.loads(entry.read_bytes())
    for forged in [({"id": {1, 2}}, (), (), ()), ('[{"id": "a"}]', (), (), (((), (0, 7, 0)),)),
                   ('[{"id": "forged"}]', (), (), (((1,), b"\x00" * 24),)),
                   ('[{"id": "forged"}]', (), (), (), ({1}, b"", b"")), ('[{"id": "a"}]', (), (), (), "records")]:
        entry.write_bytes(marshal.dumps((digest, *forged, *(records, strict)[len(forged) - 4:])))
        (doc,) = read_documents(refs(path), cache)
        assert doc.parsed == first.parsed


def test_default_workers_follow_the_idle_cores(monkeypatch: pytest.MonkeyPatch) -> None:
    """By default a parse uses the cores other work leaves idle: none idle, no pool (it would only wait)."""
    monkeypatch.setattr(read.os, "sched_getaffinity", lambda pid: {0, 1}, raising=False)
    monkeypatch.setattr(read.os, "getloadavg", lambda: (9.5, 9.0, 8.0))
    assert read.idle_cores() == 1
    monkeypatch.setattr(read.os, "getloadavg", lambda: (0.4, 1.0, 1.0))
    assert read.idle_cores() == 2


def test_no_pool_when_every_core_is_busy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import concurrent.futures

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was started")

    monkeypatch.setattr(read, "POOL_WORTH_SECONDS", 0.0)
    monkeypatch.setattr(read, "idle_cores", lambda: 1)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", refuse)
    paths = []
    for n in range(4):
        path = tmp_path / f"f{n}.yaml"
        path.write_text("".join(f"- id: c{i}\n" for i in range(200)))
        paths.append(path)
    docs = read_documents(refs(*paths), ParseCache(None))
    assert [len(d.data) for d in docs] == [200] * 4
