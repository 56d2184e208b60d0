"""Schemathesis over /api/openapi.json: every operation with generated (and invalid)
queries. No 5xx, no answer that breaks its declared schema, every 4xx in the contract's
shape. A few examples per operation here; `make fuzz` runs 1,000 (FUZZ_EXAMPLES)."""

from __future__ import annotations

import os

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.config import SchemathesisConfig
from schemathesis.specs.openapi.checks import missing_required_header, positive_data_acceptance

from chessviz.web import create_app

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "6"))

app = create_app({"TESTING": True, "PREPARE_AT_START": False})  # as conftest.py's app
# A body that breaks its schema by its size (a question's path of thousands of characters) is
# refused 413 before it is read, as the contract says of every body over the limit: a refusal
# schemathesis does not count among its own by default.
REFUSALS = [*SchemathesisConfig().projects.default.checks.negative_data_rejection.expected_statuses, "413"]
config = SchemathesisConfig.from_dict({"checks": {"negative_data_rejection": {"expected-statuses": REFUSALS}}})
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", app, config=config)


def contract_error_shape(ctx, response, case):
    """Every 4xx is {"error": {"code", "message", "param"}}, code and message non-empty strings."""
    if 400 <= response.status_code < 500:
        body = response.json()
        assert set(body) == {"error"}, body
        error = body["error"]
        assert set(error) == {"code", "message", "param"}, error
        assert isinstance(error["code"], str) and error["code"] and isinstance(error["message"], str) and error["message"]
        assert error["param"] is None or isinstance(error["param"], str)


def no_server_error(ctx, response, case):
    assert response.status_code < 500, (response.status_code, case.path, case.query)


@schema.parametrize()
@settings(max_examples=EXAMPLES, deadline=None, derandomize=EXAMPLES < 100, suppress_health_check=list(HealthCheck))
def test_api_keeps_its_contract(case):
    # identity: the WSGI transport does not decode brotli (compression has its own tests)
    # A schema-valid query may still be refused with a 400 the schema cannot express (two
    # squares on no common line, an illegal move, a FEN that is no position): not a failure.
    # A live class's endpoint without its key answers the contract's 403 forbidden, not the 401
    # that schemathesis expects of a missing Authorization header.
    case.call_and_validate(
        headers={"Accept-Encoding": "identity"},
        excluded_checks=[positive_data_acceptance, missing_required_header],
        additional_checks=[contract_error_shape, no_server_error],
    )
