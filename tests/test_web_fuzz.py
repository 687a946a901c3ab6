"""The OpenAPI document against the live server: schemathesis generates requests (valid and
not) for every operation; no 5xx, and every response matches the document."""

from __future__ import annotations

import itertools

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis import GenerationMode
from schemathesis.checks import (
    content_type_conformance,
    negative_data_rejection,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)
from schemathesis.core.failures import FailureGroup
from web_helpers import Client, web_daemon

# What "the document matches the server" means: no 5xx; every status, content type, header
# and body as documented; what the document calls invalid is refused (4xx, never accepted:
# a server looser than its document fails here). Methods: see the last test.
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance, response_headers_conformance,
          negative_data_rejection]
SKIPPED = {"/api/stream",  # endless by design; tested in test_web_api
           "/api/unpair"}  # would unpair the fuzzing phone; tested in test_web_hostile


@pytest.fixture(scope="module")
def live(tmp_path_factory):
    from gpiozero import Device
    daemon = web_daemon(tmp_path_factory.mktemp("fuzz"))
    client = Client(daemon.web.port)
    client.pair(daemon)
    client.post("/api/games", {"game": "howruck", "players": ["A", "B"]})
    yield daemon, client.cookie
    daemon.stop()
    Device.pin_factory.reset()
    Device.pin_factory = None


def operations(port: int, only: str | None = None):
    schema = schemathesis.openapi.from_url(f"http://127.0.0.1:{port}/api/openapi.json")
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path not in SKIPPED and (only is None or only in operation.path):
            yield operation


def fuzz_failures(port: int, cookie: str, only: str | None = None,
                  tried: list[str] | None = None) -> list[str]:
    """Fuzz every operation (or those whose path contains `only`); what each check found.
    test_web_hostile injects a server fault and expects it reported here."""
    failures = []
    for operation, mode in itertools.product(operations(port, only), GenerationMode):
        @given(case=operation.as_strategy(generation_mode=mode))
        @settings(max_examples=30, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
        def fuzz(case):
            case.call_and_validate(headers={"Cookie": cookie}, checks=CHECKS)

        name = f"{operation.method.upper()} {operation.path} ({mode.value})"
        try:
            fuzz()
        except (Exception, FailureGroup) as failure:  # reported: callers assert on the list
            failures.append(f"{name}: {failure}")
        if tried is not None:
            tried.append(name)
    return failures


def test_no_server_errors_and_responses_match_the_document(live):
    daemon, cookie = live
    tried: list[str] = []
    assert fuzz_failures(daemon.web.port, cookie, tried=tried) == []
    assert len(tried) >= 30, tried  # every operation, valid and invalid requests


def test_every_method_the_document_does_not_list_is_a_405_naming_those_it_does(live):
    """(schemathesis's own method check runs only in its coverage phase, not here.)"""
    import http.client
    import json

    daemon, cookie = live
    port = daemon.web.port
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    conn.request("GET", "/api/openapi.json")
    paths = json.loads(conn.getresponse().read())["paths"]
    checked = 0
    for path, operations in paths.items():
        url = path.replace("{game_id}", "1").replace("{step}", "0")
        listed = {m.upper() for m in operations}
        for method in sorted({"GET", "POST", "PUT", "DELETE", "PATCH"} - listed):
            conn.request(method, url, headers={"Cookie": cookie})
            response = conn.getresponse()
            response.read()
            assert response.status == 405, (method, path, response.status)
            allow = {m.strip() for m in response.getheader("Allow", "").split(",")}
            assert allow - {"HEAD", "OPTIONS"} == listed, (method, path, allow)
            checked += 1
    conn.close()
    assert checked >= 60


def test_every_api_route_is_in_the_document_with_its_methods(live):
    """The fuzzing above reaches only what the document lists: a route missing from it would
    go untested (and undocumented)."""
    import re

    from companion.web.openapi import openapi_document

    daemon, _ = live
    documented = {path: {m.upper() for m in ops}
                  for path, ops in openapi_document()["paths"].items()}
    served: dict[str, set[str]] = {}
    for rule in daemon.web.app.url_map.iter_rules():
        if rule.rule.startswith("/api/"):
            path = re.sub(r"<(?:[a-z_]+:)?([a-z_]+)>", r"{\1}", rule.rule)
            served.setdefault(path, set()).update(rule.methods - {"HEAD", "OPTIONS"})
    assert served == documented
