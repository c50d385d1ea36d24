"""Hostile input: a pack is untrusted. Canaries that must stay untouched, and a CLI runner that
fails on any traceback and checks that every diagnostic has a location.

- `canary_server`: an HTTP server on 127.0.0.1 (ephemeral port) that must receive no request.
- `outside`: a folder beside the pack, holding files that must never be read or embedded.
"""

from __future__ import annotations

import http.server
import json
import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import jsonschema  # noqa: F401 - imported once here: its first import builds grammars, no case's work
import pytest
from click.testing import CliRunner

from deckwright.cli import cli
from tests.minipack import write_pack

SECRET = "CANARY-SECRET-7f3a"


@dataclass
class Canary:
    url: str
    requests: list[str]


@pytest.fixture
def canary_server() -> Iterator[Canary]:
    """A local HTTP server that records every request; the test fails if it received any."""
    requests: list[str] = []

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802 - http.server's hook name
            requests.append(self.path)
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(b'{"type": "object"}')

        def log_message(self, *args: Any) -> None:
            return None

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    canary = Canary(f"http://127.0.0.1:{server.server_address[1]}", requests)
    try:
        yield canary
    finally:
        server.shutdown()
        server.server_close()
    assert requests == [], f"deckwright reached the network: {requests}"


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    """Files outside every pack: a secret text, SVG and PNG whose contents must never turn up anywhere."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.txt").write_text(SECRET + "\n")
    (folder / "secret.json").write_text(json.dumps({"title": SECRET, "type": "object"}))
    (folder / "secret.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
        f'<g id="g"><text x="1" y="5">{SECRET}</text></g></svg>')
    from PIL import Image

    Image.new("RGB", (7, 13), (1, 2, 3)).save(folder / "secret.png")
    return folder


@pytest.fixture
def mini(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The two-card mini pack in a `work` folder of the test's temporary directory, made the working directory."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.setenv("DECKWRIGHT_CACHE", str(work / ".cache"))
    monkeypatch.setenv("NO_COLOR", "1")
    return write_pack(work)


@dataclass
class Outcome:
    exit_code: int
    stdout: str
    stderr: str

    def diagnostics(self) -> list[dict[str, Any]]:
        return list(json.loads(self.stdout)["diagnostics"])

    def codes(self) -> set[str]:
        return {d["code"] for d in self.diagnostics()}


def dw(*args: str) -> Outcome:
    """Run `deckwright ARGS` within CASE_SECONDS (`bounded`): no exception may escape, and a JSON report's
    diagnostics all have a location."""
    with bounded():
        result = CliRunner().invoke(cli, list(args), catch_exceptions=True)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        import traceback

        trace = "".join(traceback.format_exception(result.exception))
        pytest.fail(f"deckwright {' '.join(args)} raised:\n{trace}")
    outcome = Outcome(result.exit_code, result.stdout, result.stderr)
    assert "Traceback" not in outcome.stdout + outcome.stderr
    assert outcome.exit_code in (0, 1, 2), outcome.exit_code
    if "json" in args and outcome.stdout.startswith("{"):
        for d in outcome.diagnostics():
            assert d["file"] and d["line"] >= 1, f"diagnostic without a location: {d}"
    return outcome


CASE_SECONDS = 10  # the bar: no case works past 10 s (of CPU time, whatever the machine's load)
WAIT_SECONDS = 60  # and none waits (network, locks) past 60 s of wall-clock time


class CaseTimeout(BaseException):
    """Raised into a run that is out of time: a BaseException, so no `except Exception` in deckwright absorbs it."""


@contextmanager
def bounded(seconds: float = CASE_SECONDS, wait: float = WAIT_SECONDS) -> Iterator[None]:
    """Fail the test when the block uses more than `seconds` of CPU time (SIGPROF: a busy hang, counted
    the same on a loaded machine) or runs more than `wait` seconds (SIGALRM: a hang that waits). The
    timers interrupt the run, so a hang fails the test instead of stalling the suite."""
    def expire(signum: int, frame: Any) -> None:
        raise CaseTimeout(signum)

    timers = ((signal.SIGPROF, signal.ITIMER_PROF, seconds), (signal.SIGALRM, signal.ITIMER_REAL, wait))
    previous = [signal.signal(signum, expire) for signum, _, _ in timers]
    for _, timer, limit in timers:
        signal.setitimer(timer, limit)
    try:
        yield
    except CaseTimeout as exc:
        cpu = exc.args[0] == signal.SIGPROF
        pytest.fail(f"the case ran past {seconds if cpu else wait} s of {'CPU' if cpu else 'wall-clock'} time")
    finally:
        for (signum, timer, _), handler in zip(timers, previous):
            signal.setitimer(timer, 0)
            signal.signal(signum, handler)
