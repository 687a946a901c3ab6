"""The page's code and style are sent without their comments, indentation and blank lines
(companion/web/assets.py), statement for statement as written, revalidated by ETag."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from companion.web import web_root
from companion.web.assets import START_BUNDLE, START_SCRIPTS, Compacted, compact_css, compact_js

STATIC = web_root() / "static"


def test_javascript_loses_comment_lines_and_indentation_but_no_statement():
    source = ('// what the module does\n(function () {\n  "use strict";\n\n'
              '  // why\n  const url = "http://x"; // kept: not a whole line\n'
              '  return a\n    + b;\n})();\n')
    assert compact_js(source) == ('(function () {\n"use strict";\n'
                                  'const url = "http://x"; // kept: not a whole line\n'
                                  'return a\n+ b;\n})();\n')


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
    assert compact_js(source).splitlines() == code


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
    """Scripts as one file: each compacted, in order, a line `;` between them (a part ending
    without one cannot run on into the next)."""
    return ";\n".join(compact_js((folder / name).read_text("utf-8")) for name in names).encode()


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
    assert kept.body(parts) == b"(function () {\none();\n})()\n;\n(function () {\ntwo();\n})();\n"
    assert kept.body(parts) is kept.body(parts)  # made once, kept
    assert kept.body(parts[1:]) == b"(function () {\ntwo();\n})();\n"  # a file alone: as it was
    (tmp_path / "b.js").write_text("(function () {\n  three();\n})();\n")
    stat = (tmp_path / "b.js").stat()
    os.utime(tmp_path / "b.js", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert kept.body(parts) == bundled(tmp_path, ("a.js", "b.js"))
    assert b"three();" in kept.body(parts) and b"two();" not in kept.body(parts)
