"""The OpenAPI document against the live server: schemathesis generates requests (valid and
not) for every operation; no 5xx, and every response matches the document."""

from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_schema_conformance,
    status_code_conformance,
)
from web_helpers import Client, web_daemon

CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance,
          response_schema_conformance]
SKIPPED = {"/api/stream"}  # endless by design; tested in test_web_api


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


def operations(port: int):
    schema = schemathesis.openapi.from_url(f"http://127.0.0.1:{port}/api/openapi.json")
    for result in schema.get_all_operations():
        operation = result.ok()
        if operation.path not in SKIPPED:
            yield operation


def test_no_server_errors_and_responses_match_the_document(live):
    daemon, cookie = live
    tried = []
    for operation in operations(daemon.web.port):
        @given(case=operation.as_strategy())
        @settings(max_examples=15, deadline=None, database=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
        def fuzz(case):
            case.call_and_validate(headers={"Cookie": cookie}, checks=CHECKS)

        fuzz()
        tried.append(f"{operation.method.upper()} {operation.path}")
    assert len(tried) >= 15, tried
