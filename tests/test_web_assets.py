"""The page's code and style are sent without their comments, indentation and blank lines
(companion/web/assets.py), statement for statement as written, revalidated by ETag."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from browser_helpers import CHROMIUM, FLAGS, NO_CHROMIUM

from companion.web import web_root
from companion.web.assets import START_BUNDLE, START_SCRIPTS, Compacted, compact_css, compact_js

STATIC = web_root() / "static"


def test_javascript_loses_comments_and_indentation_but_no_statement():
    source = ('// what the module does\n(function () {\n  "use strict";\n\n'
              '  // why\n  const url = "http://x"; // after code: goes too\n'
              '  return a\n    + b;  //\n})();\n')
    assert compact_js(source) == ('(function () {\n"use strict";\nconst url = "http://x";\n'
                                  'return a\n+ b;\n})();\n')


@pytest.mark.parametrize(("line", "sent"), [
    ('say("a  // b");  // in a string first', 'say("a  // b");'),
    ("say('it\\'s');  // an escaped quote, then a comment", "say('it\\'s');"),
    ("say('\"');  // a quote in another's string", "say('\"');  // a quote in another's string"),
    ("f(); //no blank after the slashes", "f(); //no blank after the slashes"),
])
def test_a_comment_after_code_goes_only_where_it_is_surely_one(line, sent):
    """Kept whole where a string might hold the `//` (odd quotes before it)."""
    assert compact_js(line + "\n") == sent + "\n"


@pytest.mark.skipif(not shutil.which("node"), reason="node not installed")
@pytest.mark.parametrize("name", sorted(p.name for p in STATIC.glob("*.js")))
def test_every_script_compacted_is_still_javascript(name, tmp_path):
    """What is sent parses as the source does (node's syntax check)."""
    sent = tmp_path / name
    sent.write_text(compact_js((STATIC / name).read_text("utf-8")), "utf-8")
    checked = subprocess.run(["node", "--check", str(sent)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stderr


def test_javascript_with_a_template_literal_across_lines_is_sent_as_written():
    source = "const html = `<p>\n  // a line of the text, not a comment\n</p>`;\n"
    assert compact_js(source) == source


def test_css_loses_its_comments_and_indentation():
    source = ("/* colours */\n:root {\n  --a: #fff; /* light */\n}\n\n"
              "/* two\n lines */\np { margin: 0; }\n")
    assert compact_css(source) == ":root {\n--a: #fff;\n}\np { margin: 0; }\n"


@pytest.mark.parametrize("name", sorted(p.name for p in STATIC.glob("*.js")))
def test_every_script_keeps_each_statement_line(name):
    """Compacting only drops lines and leading blanks: each line of code the source has is
    sent, in order (the browser tests run the compacted page)."""
    source = (STATIC / name).read_text("utf-8")
    code = [line.strip() for line in source.splitlines()
            if line.strip() and not line.strip().startswith("//")]
    sent = compact_js(source).splitlines()
    assert len(sent) == len(code)
    for line, kept in zip(code, sent, strict=True):  # a comment after the code may go
        assert line == kept or (line.startswith(kept) and
                                line[len(kept):].lstrip().startswith("//")), line


def test_served_compacted_and_revalidated(daemon, client):
    status, body, headers = client.exchange("GET", "/static/core.js")
    source = Path(STATIC / "core.js").read_bytes()
    assert status == 200 and body == compact_js(source.decode()).encode()
    assert len(body) < len(source) and headers["content-type"].startswith("text/javascript")
    status, body, _ = client.exchange("GET", "/static/core.js",
                                      headers={"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""
    status, body, _ = client.exchange("GET", "/static/app.css")
    assert status == 200 and b"/*" not in body
    status, body, _ = client.exchange("GET", "/static/icon-192.png")  # not code: as it is
    assert status == 200 and body == (STATIC / "icon-192.png").read_bytes()
    for path in ("/static/nothing.js", "/static/../templates/index.html"):
        assert client.exchange("GET", path)[0] == 404


def bundled(folder: Path, names: tuple[str, ...]) -> bytes:
    """Scripts as one file: each compacted, in order, each in a `try` of its own (a part
    ending without `;` cannot run on into the next; one that throws stops no other)."""
    return "".join(f"try {{\n{compact_js((folder / name).read_text('utf-8')).rstrip()}\n"
                   "} catch (e) { setTimeout(function () { throw e; }); }\n"
                   for name in names).encode()


def test_the_start_up_scripts_are_served_as_one_file(daemon, client):
    """One request instead of eleven on a Pi's Wi-Fi, smaller gzipped as one; the template
    loads the bundle and none of its parts, which each stay a file of their own."""
    template = (web_root() / "templates" / "index.html").read_text("utf-8")
    assert f"filename='{START_BUNDLE}'" in template
    assert not any(f"filename='{name}'" in template for name in START_SCRIPTS)
    assert not (STATIC / START_BUNDLE).exists()  # no file the bundle would hide
    assert START_SCRIPTS[0] == "core.js" and START_SCRIPTS[-1] == "app.js"
    status, body, headers = client.exchange("GET", f"/static/{START_BUNDLE}")
    assert status == 200 and body == bundled(STATIC, START_SCRIPTS)
    assert headers["content-type"].startswith("text/javascript")
    assert headers["cache-control"] == "no-cache"
    status, body, _ = client.exchange("GET", f"/static/{START_BUNDLE}",
                                      headers={"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""


def test_the_bundle_is_made_again_when_a_part_changes(tmp_path):
    (tmp_path / "a.js").write_text("(function () {\n  // a\n  one();\n})()\n")
    (tmp_path / "b.js").write_text("(function () {\n  two();\n})();\n")
    parts, kept = (tmp_path / "a.js", tmp_path / "b.js"), Compacted()
    assert kept.body(parts) == bundled(tmp_path, ("a.js", "b.js"))
    assert kept.body(parts).startswith(b"try {\n(function () {\none();\n})()\n} catch (e)")
    assert kept.body(parts) is kept.body(parts)  # made once, kept
    assert kept.body(parts[1:]) == b"(function () {\ntwo();\n})();\n"  # a file alone: as it was
    (tmp_path / "b.js").write_text("(function () {\n  three();\n})();\n")
    stat = (tmp_path / "b.js").stat()
    os.utime(tmp_path / "b.js", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert kept.body(parts) == bundled(tmp_path, ("a.js", "b.js"))
    assert b"three();" in kept.body(parts) and b"two();" not in kept.body(parts)


@NO_CHROMIUM
def test_a_part_that_throws_stops_no_other_and_is_still_reported(tmp_path):
    """As eleven files, a script that threw was reported and the others ran; in the bundle
    too (run in Chromium: the bundle's parts after the one that throws run, and the error
    still reaches the page's error handlers as uncaught). The last part is sent as written (a
    template literal across lines) and ends in a comment without a line end."""
    from playwright.sync_api import sync_playwright
    (tmp_path / "a.js").write_text("(function () {\n  window.ran = ['a'];\n})()\n")
    (tmp_path / "b.js").write_text("(function () {\n  window.ran.push('b');\n"
                                   "  throw new Error('b broke');\n})();\n")
    (tmp_path / "c.js").write_text("(function () {\n  window.lines = `one\n  two`;\n"
                                   "  window.ran.push('c');\n})()\n// sent as written")
    body = Compacted().body(tuple(tmp_path / name for name in ("a.js", "b.js", "c.js")))
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS)
        try:
            page = chromium.new_page()
            errors: list[str] = []
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.set_content("<html><body></body></html>")
            page.add_script_tag(content=body.decode())
            page.wait_for_timeout(200)
            assert page.evaluate("window.ran") == ["a", "b", "c"]
            assert len(errors) == 1 and "b broke" in errors[0]
        finally:
            chromium.close()
