"""The HTML report in a real browser (headless Chromium, offline), and its offline-ness."""

from __future__ import annotations

import os
import re
import struct

import pytest

from topicatlas.evaluate import evaluate
from topicatlas.report.browser import check_page, find_chromium

if find_chromium() is None:
    _WHY = "Chromium is not installed (run `make system-deps` or `apt-get install chromium`)"
    if os.environ.get("CI"):  # CI installs it through `make test`: a missing browser is a failure
        raise RuntimeError(_WHY)
    pytestmark = pytest.mark.skip(reason=_WHY)

TOPICS_A = [
    "game team season player league coach win match goal club".split(),
    "market share price stock bank rate investor profit company sale".split(),
    "film music star award show actor movie band album song".split(),
]
TOPICS_B = [
    "mobile phone technology software users digital internet broadband xqzzyv computer".split(),
    "election party labour minister vote government tory campaign leader blair".split(),
]


def _png_size(path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", head[16:24])


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    from topicatlas.corpus import load_corpus

    result = evaluate({"lda": TOPICS_A, "bertopic": TOPICS_B}, corpus=load_corpus("bbc"),
                      progress=False)
    path = result.to_html(tmp_path_factory.mktemp("report") / "report.html")
    return result, path


def test_report_renders_in_chromium(report, tmp_path):
    result, path = report
    shot = tmp_path / "shot.png"
    check = check_page(path, screenshot=shot, window=(1280, 2000))
    assert check.rendered == "ok", check.attributes
    assert check.js_errors == 0, (check.attributes, check.console_errors)
    assert int(check.attributes["figures"]) >= 1
    assert check.attributes["broken-figures"] == "0"
    assert int(check.attributes["tables"]) >= 2
    assert int(check.attributes["topic-rows"]) == len(result.topics) == 5
    # the tables really are in the rendered DOM, with the words
    assert "xqzzyv" in check.dom and "Per-model summary" in check.dom
    assert check.screenshot is not None
    assert _png_size(shot) == (1280, 2000)
    assert shot.stat().st_size > 50_000  # a blank page is a few kB


def test_report_is_self_contained(report):
    _, path = report
    text = path.read_text(encoding="utf-8")
    # nothing is loaded from elsewhere: no external scripts, styles, images or fonts
    assert not re.search(r'<(script|img|link|iframe)[^>]+(src|href)="(https?:)?//', text)
    assert "@import" not in text and "url(http" not in text
    assert "<svg" in text


def test_check_detects_javascript_errors_and_network_use(tmp_path):
    from topicatlas.report.html import HEAD_JS

    broken = tmp_path / "broken.html"
    broken.write_text(
        f"<html><head><script>{HEAD_JS}</script></head><body><p>x</p>"
        "<script>undefinedFunction();</script>"
        "<script>window.addEventListener('load', function () {"
        "document.body.dataset.jsErrors = String(window.__topicatlasErrors.length);"
        "document.body.dataset.rendered = window.__topicatlasErrors.length ? 'fail' : 'ok';"
        "});</script></body></html>", encoding="utf-8")
    check = check_page(broken)
    assert check.rendered == "fail" and check.js_errors >= 1

    cdn = tmp_path / "cdn.html"
    cdn.write_text(
        f"<html><head><script>{HEAD_JS}</script>"
        '<script src="https://cdn.jsdelivr.net/npm/nothing@1/x.js"></script></head>'
        "<body><script>window.addEventListener('load', function () {"
        "document.body.dataset.rendered = window.__topicatlasErrors.length ? 'fail' : 'ok';"
        "});</script></body></html>", encoding="utf-8")
    assert check_page(cdn).rendered == "fail"  # the browser is offline: a CDN script fails
