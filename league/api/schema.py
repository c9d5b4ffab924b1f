"""The OpenAPI schema made true to the responses: a drf-spectacular post-processing hook.

drf-spectacular documents what a view returns when all goes well. This hook adds what every
operation of the API may also answer, from how the API is built, so a client (and the
schemathesis test, tests/api/test_schemathesis.py) can rely on the schema:

* every 4xx response carries the API's error body, :data:`ERROR_SCHEMA`: ``{"detail": "..."}``
  or, for a request that did not validate, ``{"<field>": ["<message>", ...]}``;
* 400 where the operation takes query parameters or a body or writes (a value that does not
  parse, an empty parameter, a service's refusal), 401 everywhere (a wrong or revoked token),
  403 where a logged-in player may be refused (writes, and reads that need a role), 404
  where the path names an object or the list is paginated (a page past the end), 415 where
  there is a body (a media type the API does not parse), 429 where the view is throttled;
* path parameters get the pattern of their URL (a value outside it is Django's own 404 page,
  not the API's JSON), and string query parameters a minimum length of 1 (an empty one is
  refused, see :mod:`league.api.filters`); ``page`` and ``page_size`` their bounds;
* request bodies are documented as JSON, the API's format (DRF also parses forms, where every
  value is a string, so a form's types cannot be checked against the schema).
"""

from __future__ import annotations

import re
from typing import Any

from rest_framework import permissions

ERROR_SCHEMA: dict[str, Any] = {
    "type": "object",
    "description": "An error: a `detail` message, or the messages of each field that did "
    "not validate (`non_field_errors` for the request as a whole).",
    "properties": {"detail": {"type": "string"}},
    "additionalProperties": {
        "anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]
    },
}
ERROR_REF = {"$ref": "#/components/schemas/Error"}

DESCRIPTIONS = {
    "400": "The request does not validate, or the action is refused (the message says why)",
    "401": "Not logged in, or a wrong or revoked token",
    "403": "Not allowed to the caller",
    "404": "No such object, or a page past the end",
    "415": "A media type the API does not parse",
    "429": "Too many requests: try again later",
}
#: Permissions a logged-in player always passes on a read.
OPEN_READ = (permissions.AllowAny, permissions.IsAuthenticatedOrReadOnly)
PAGE_BOUNDS = {"page": {"minimum": 1}, "page_size": {"minimum": 1, "maximum": 200}}


def _groups(regex: str) -> dict[str, str]:
    """The named groups of a URL regex and their patterns (balanced parentheses)."""
    out: dict[str, str] = {}
    for match in re.finditer(r"\(\?P<(\w+)>", regex):
        depth, start = 1, match.end()
        for index in range(start, len(regex)):
            char = regex[index]
            if char == "\\":
                continue
            if char == "(" and regex[index - 1] != "\\":
                depth += 1
            elif char == ")" and regex[index - 1] != "\\":
                depth -= 1
                if depth == 0:
                    out[match.group(1)] = regex[start:index]
                    break
    return out


def _may_forbid(view: Any, method: str) -> bool:
    if method not in permissions.SAFE_METHODS:
        return True
    action = getattr(view, "action", None)
    handler = getattr(view, action, None) if action else None
    classes = getattr(handler, "kwargs", {}).get("permission_classes") or getattr(
        view, "permission_classes", ()
    )
    return any(not issubclass(cls, (*OPEN_READ, permissions.IsAuthenticated)) for cls in classes)


def _fix_parameters(operation: dict[str, Any], groups: dict[str, str]) -> None:
    for parameter in operation.get("parameters", []):
        schema = parameter.setdefault("schema", {})
        name = parameter["name"]
        if parameter["in"] == "path":
            group = groups.get(name) or groups.get("pk" if name == "id" else name)
            if group and schema.get("type") == "string" and "enum" not in schema:
                schema["pattern"] = f"^(?:{group})$"
        elif parameter["in"] == "query":
            if name in PAGE_BOUNDS:
                schema.update(PAGE_BOUNDS[name])
            elif schema.get("type") == "string" and "enum" not in schema:
                schema.setdefault("minLength", 1)


def _add_errors(operation: dict[str, Any], view: Any, method: str) -> None:
    responses = operation.setdefault("responses", {})
    names = {p["name"] for p in operation.get("parameters", [])}
    wanted = {"401"}
    queried = any(p["in"] == "query" for p in operation.get("parameters", []))
    if queried or "requestBody" in operation or method not in permissions.SAFE_METHODS:
        wanted.add("400")
    if "requestBody" in operation:
        wanted.add("415")
    if any(p["in"] == "path" for p in operation.get("parameters", [])) or "page" in names:
        wanted.add("404")
    if _may_forbid(view, method):
        wanted.add("403")
    if getattr(view, "throttle_scope", None):
        wanted.add("429")
    for code in wanted:
        responses.setdefault(code, {"description": DESCRIPTIONS[code]})
    paths_named = any(p["in"] == "path" for p in operation.get("parameters", []))
    for code, response in responses.items():
        if str(code).startswith("4"):
            response["content"] = {"application/json": {"schema": ERROR_REF}}
            if str(code) == "404" and paths_named:
                # a path parameter outside its pattern matches no URL: Django's 404 page
                response["content"]["text/html"] = {"schema": {"type": "string"}}
            if not response.get("description"):
                response["description"] = DESCRIPTIONS.get(str(code), "")


def postprocess_errors(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """The hook (``SPECTACULAR_SETTINGS["POSTPROCESSING_HOOKS"]``): see the module."""
    result.setdefault("components", {}).setdefault("schemas", {})["Error"] = ERROR_SCHEMA
    paths = result.get("paths", {})
    for path, regex, method, view in generator.endpoints:
        item = paths.get(path) or paths.get(path.replace("{pk}", "{id}"))
        operation = (item or {}).get(method.lower())
        if operation is None:
            continue
        view_instance = generator.create_view(view, method, request) if callable(view) else view
        _fix_parameters(operation, _groups(regex))
        body = operation.get("requestBody", {}).get("content", {})
        for media_type in [m for m in body if m != "application/json"]:
            del body[media_type]
        _add_errors(operation, view_instance, method)
    return result
