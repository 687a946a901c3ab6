"""The page's code and style are sent without their comments, indentation and blank lines
(companion/web/assets.py), statement for statement as written, revalidated by ETag."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.web import web_root
from companion.web.assets import compact_css, compact_js

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
