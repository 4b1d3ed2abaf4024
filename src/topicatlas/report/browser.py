"""Open a report in headless Chromium: did it render, were there JavaScript errors?

Dependency-light: runs the ``chromium`` binary twice (``--dump-dom`` to read the page's
render mark, ``--screenshot`` for a picture), no CDP client library. The report's own
inline script writes ``data-rendered``, ``data-figures``, ``data-js-errors``... on
``<body>`` once the page has loaded (see :mod:`topicatlas.report.html`).

Network access is switched off for the browser (a proxy that goes nowhere), so a report
that tried to fetch a CDN script would fail the check.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from topicatlas.errors import NotInstalledError

CANDIDATES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")

FLAGS = (
    "--headless",
    "--no-sandbox",  # runs as root in containers and CI
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    # Offline on purpose: any request to the network goes to a dead proxy and fails.
    "--proxy-server=http://127.0.0.1:9",
    "--proxy-bypass-list=<-loopback>",
)


def find_chromium() -> str | None:
    """Path of a Chromium/Chrome binary on PATH, or None."""
    for name in CANDIDATES:
        path = shutil.which(name)
        if path:
            return path
    return None


@dataclass
class BrowserCheck:
    """What the browser saw.

    Attributes:
        rendered: the page's own render mark (``"ok"``, ``"fail"``, or ``""`` if the
            script never ran).
        attributes: every ``data-*`` attribute the page's script set on ``<body>``.
        dom: the serialised DOM after load.
        screenshot: the PNG path, when one was asked for.
        console_errors: JavaScript errors Chromium logged to its console.
    """

    rendered: str
    attributes: dict[str, str]
    dom: str
    screenshot: Path | None = None
    console_errors: list[str] = field(default_factory=list)

    @property
    def js_errors(self) -> int:
        return int(self.attributes.get("js-errors", "0") or 0) + len(self.console_errors)


def _run(binary: str, args: list[str], timeout: float) -> subprocess.CompletedProcess[str]:
    with tempfile.TemporaryDirectory(prefix="topicatlas-chromium-") as profile:
        cmd = [binary, *FLAGS, f"--user-data-dir={profile}", *args]
        return subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, check=False)


_BODY_ATTR = re.compile(r'data-([a-z0-9-]+)="([^"]*)"')
_CONSOLE_ERR = re.compile(r"CONSOLE.*?(Uncaught[^\n]*|Error[^\n]*)")


def check_page(path: str | Path, *, screenshot: str | Path | None = None,
               window: tuple[int, int] = (1280, 2400), timeout: float = 90.0) -> BrowserCheck:
    """Load ``path`` in headless Chromium; return its render mark (and a screenshot)."""
    binary = find_chromium()
    if binary is None:
        raise NotInstalledError(
            "no Chromium found on PATH: install it (Debian: `apt-get install chromium`, or "
            "`make system-deps`) to check reports in a browser"
        )
    url = Path(path).resolve().as_uri()
    dumped = _run(binary, ["--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000",
                           "--dump-dom", url], timeout)
    dom = dumped.stdout
    body = re.search(r"<body([^>]*)>", dom)
    attrs = dict(_BODY_ATTR.findall(body.group(1))) if body else {}
    console = [m.group(1) for m in _CONSOLE_ERR.finditer(dumped.stderr)]
    shot = None
    if screenshot is not None:
        shot = Path(screenshot).resolve()
        shot.parent.mkdir(parents=True, exist_ok=True)
        _run(binary, [f"--screenshot={shot}", f"--window-size={window[0]},{window[1]}",
                      "--virtual-time-budget=5000", url], timeout)
        if not shot.is_file():
            shot = None
    return BrowserCheck(attrs.get("rendered", ""), attrs, dom, shot, console)
