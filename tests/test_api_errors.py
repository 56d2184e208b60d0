"""Every parameter of every endpoint, read from the declarations themselves: a bad, missing,
empty or repeated value is a 400 with the contract's code naming that parameter (not the
endpoint's first one), and errors the core raises name the parameter the contract says."""

from __future__ import annotations

from urllib.parse import urlencode

import pytest

from chessviz.web import api_bitboard, api_methods, api_sliding, api_wiki, taps  # noqa: F401  (declare the endpoints)
from chessviz.web.api import ENDPOINTS
from chessviz.web.params import Param

BY_PATH = {ep.path: ep for ep in ENDPOINTS}


def bad_value(param: Param) -> tuple[str, str]:
    """A value this parameter refuses, and the code it is refused with, from its declared schema."""
    schema = param.schema
    if "enum" in schema:
        return "none-of-these", "invalid_parameter"
    if "maxLength" in schema:  # a FEN, or the QR code's text
        return "x" * (schema["maxLength"] + 1), "invalid_fen" if param.name == "fen" else "invalid_parameter"
    if "0[xX]" in schema["pattern"]:
        return "0xg", "invalid_bitboard"
    if "a-h" in schema["pattern"]:
        return "i9", "invalid_square"
    return "x", "invalid_parameter"  # another pattern: the code task's index


def good_query(ep) -> dict[str, str]:
    return {p.name: p.example for p in ep.params if p.example is not None and p.required}


CASES = [(ep.path, p.name) for ep in ENDPOINTS for p in ep.params]


@pytest.mark.parametrize("path, name", CASES, ids=[f"{p}:{n}" for p, n in CASES])
def test_a_bad_value_names_its_own_parameter(client, path, name):
    ep = BY_PATH[path]
    param = next(p for p in ep.params if p.name == name)
    assert client.get(f"{path}?{urlencode(good_query(ep))}").status_code == 200
    value, code = bad_value(param)
    response = client.get(f"{path}?{urlencode({**good_query(ep), name: value})}")
    assert response.status_code == 400
    assert response.json["error"]["code"] == code and response.json["error"]["param"] == name, response.json
    message = response.json["error"]["message"]
    if "enum" in param.schema:
        assert message == f"{name} must be one of {', '.join(param.schema['enum'])}, got 'none-of-these'"
    elif "maxLength" in param.schema:
        assert message == f"{name} is {len(value)} characters long; the most allowed is {param.schema['maxLength']}"
    others = {k: v for k, v in good_query(ep).items() if k != name}
    repeated = client.get(f"{path}?{urlencode(others)}&{name}={value}&{name}={value}")
    assert repeated.json["error"] == {
        "code": "invalid_parameter",
        "message": f"{name} is given 2 times; give it once",
        "param": name,
    }
    for query, said in ((others, "is missing"), ({**others, name: ""}, "is empty")):
        response = client.get(f"{path}?{urlencode(query)}")
        if param.required:
            assert response.json["error"] == {"code": "missing_parameter", "message": f"{name} {said}", "param": name}
        else:
            assert response.status_code == 200, (path, name, said)  # absent or empty: the default


def test_every_endpoint_but_routines_has_a_parameter_that_is_not_its_first():
    """So that blaming the first parameter for everything cannot pass the test above."""
    assert all(
        len(ep.params) >= 2
        for ep in ENDPOINTS
        if ep.pure  # the live class's endpoints take a body and values in the path (test_classes.py)
        and ep.path
        not in (
            "/api/routines",
            "/api/squares",
            "/api/directions/table",
            "/api/rose",
            "/api/health",
            "/api/qr",
            "/api/code-tasks",
            "/api/method-speeds",
        )
    )


CORE_ERRORS = [
    ("/api/ray?from=c4&to=d6", "not_aligned", "to"),
    ("/api/ray?from=c4&to=c4", "not_aligned", "to"),
    ("/api/intersection?a=e4&b=c7&line_a=file&line_b=file", "same_line_kind", "line_b"),
    ("/api/move?fen=8/8/8/8/8/8/8/8&from=e4&to=e5", "illegal_move", "from"),
    ("/api/move?fen=8/8/8/8/4R3/8/8/8&from=e4&to=d5", "illegal_move", "to"),
    ("/api/position?fen=8/8/8/8/8/8/8", "invalid_fen", "fen"),
    ("/api/move?fen=8/8/8/8/8/8/8/9&from=e4&to=e5", "invalid_fen", "fen"),
]


@pytest.mark.parametrize("url, code, param", CORE_ERRORS)
def test_errors_of_the_core_name_the_parameter_the_contract_says(client, url, code, param):
    response = client.get(url)
    assert response.status_code == 400
    assert (response.json["error"]["code"], response.json["error"]["param"]) == (code, param)


def test_every_text_parameter_takes_its_longest_value():
    """The length limit is the most allowed, not the least refused: a FEN of 100 characters reaches the FEN reader."""
    texts = [p for ep in ENDPOINTS if ep.path != "/api/taps" for p in ep.params if "maxLength" in p.schema]
    assert sorted({p.name for p in texts}) == ["fen", "text"]
    for param in texts:
        longest = "x" * param.schema["maxLength"]
        assert param.parse(longest) == longest, param.name
    # /api/taps: each parameter carrying an endpoint's query reads that query at its longest.
    for param in BY_PATH["/api/taps"].params[2:]:
        longest = "sq=e4&" + "x" * (param.schema["maxLength"] - 6)
        assert param.parse(longest)[1] == {"sq": "e4", longest[6:]: ""}, param.name
