"""Schemathesis hooks for the api-contract suite (ADR 0020): what a real client of the API does
that a generator cannot learn from the document alone.

- Recording bodies (video/mp4, video/webm, audio/webm) go on the wire as the bytes generated for
  them (`format: binary`), as application/octet-stream does.
- A browser keeps the capability cookie of each participation it starts (`participate` sets it,
  HttpOnly and `__Host-`, so an HTTP client over plain http does not keep it by itself): calls
  about that participation carry its cookie instead of the run's, when they carry one at all (a
  probe without credentials stays without).
- `Content-Length` is the body's, as every HTTP client sends it: a declared header is set to the
  length of the body that goes out, and a case without it sends its body chunked (no length), the
  one way a request can lack it.
- Each call comes from its own client address (`cf-connecting-ip`), as each visitor in the API
  and browser tests does, so the per-address rate limits do not end a run early.
- Positive cases keep what JSON Schema cannot state and the descriptions do: a new password typed
  twice alike, a clip that ends after it starts, a chunk that ends within the participation's
  length limit (2 h, `MAX_ENTRY_DURATION_MS`; past it is 413, the recorder's signal to stop).
- A JSON body stays within the API's 64 KiB (`http::MAX_JSON_BODY`): larger ones are refused
  whole with 413 before any field is read, a limit JSON Schema cannot state.
- A moderated session's positive `plannedAt` is in the future and at most a year ahead, which its
  description says and JSON Schema cannot state (ADR 0024).
- The participant's positive cases take part in the world's analysis (`LUPA_CONTRACT_ANALYSIS`),
  as a participant arrives by its invite link: other ids are unknown (404), and the links from
  `participate` lead on to everything a participation does.
"""

import itertools
import json
import os
import random
import time

import schemathesis
from schemathesis.core import NOT_SET
from schemathesis.generation import GenerationMode
from schemathesis.transport.serialization import serialize_binary

PARTICIPATION_COOKIE = "__Host-lupa_participation"
# `lupa_core::chunks::DEFAULT_MAX_DURATION_MS`, the test server's limit.
MAX_DURATION_MS = 2 * 60 * 60 * 1000
HOUR_MS = 60 * 60 * 1000
ANALYSIS = os.environ.get("LUPA_CONTRACT_ANALYSIS")
INVITED = ("Participate", "ValidateParticipation", "Screen", "EntryUploadUrl")
# Participation id → capability: the run's other participations (run.mjs), then each one it starts.
_jar: dict[str, str] = json.loads(os.environ.get("LUPA_CONTRACT_COOKIES") or "{}")
_addresses = itertools.count(random.Random().randrange(1 << 20))


@schemathesis.serializer("video/mp4", "video/webm", "audio/webm")
def recording_bytes(ctx, value):
    return serialize_binary(value)


def _is_positive(case) -> bool:
    meta = case.meta
    return meta is None or meta.generation.mode == GenerationMode.POSITIVE


@schemathesis.hook
def map_case(context, case):
    if not _is_positive(case):
        return case
    end = (case.headers or {}).get("x-lupa-end-ms")
    if _whole(end) and end > MAX_DURATION_MS:
        case.headers["x-lupa-end-ms"] = int(end) % (MAX_DURATION_MS + 1)
    if not isinstance(case.body, dict):
        return case
    operation_id = context.operation.definition.raw.get("operationId") if context.operation else None
    body = case.body
    if operation_id == "AuthResetApply" and "newPassword" in body:
        body["confirmNewPassword"] = body["newPassword"]
    if operation_id in ("NoteCreate", "NoteUpdate"):
        at, end = body.get("atMs"), body.get("endMs")
        if _whole(at) and _whole(end) and end <= at:
            at, end = int(at), int(end)
            body["atMs"], body["endMs"] = (end, at) if end < at else (max(at - 1, 0), max(end, 1))
    if operation_id == "SessionCreate" and _whole(body.get("plannedAt")):
        # In the future and at most a year ahead (ADR 0024), as the description says.
        body["plannedAt"] = int(time.time() * 1000) + HOUR_MS + int(body["plannedAt"]) % (300 * 24 * HOUR_MS)
    if operation_id in INVITED and ANALYSIS and "analysisId" in body:
        body["analysisId"] = ANALYSIS
    return case


MAX_JSON_BODY = 64 * 1024


@schemathesis.hook
def filter_case(context, case):
    if case.media_type != "application/json" or case.body is NOT_SET:
        return True
    try:
        return len(json.dumps(case.body).encode()) <= MAX_JSON_BODY
    except (TypeError, ValueError):
        return True


def _whole(value) -> bool:
    """A JSON Schema integer: `5` or `5.0` (JSON has one kind of number; the server reads both)."""
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and value.is_integer())


def _participation_of(case) -> str | None:
    entry = (case.path_parameters or {}).get("id")
    if entry is None and isinstance(case.body, dict):
        entry = case.body.get("analysisEntryId")
    return entry if isinstance(entry, str) else None


def _declares_length(case) -> bool:
    return any(p.name == "Content-Length" for p in case.operation.headers)


class _Chunked:
    """A body `requests` sends chunked: iterable, of a length it cannot tell (0 is "unknown" to it)."""

    def __init__(self, raw: bytes):
        self.raw = raw

    def __iter__(self):
        yield self.raw

    def __len__(self):
        return 0


def _length_as_sent(case, kwargs):
    """Content-Length is framing: the body's length, or, when a case leaves it out, a chunked body."""
    body = case.body
    raw = None if body is NOT_SET or body is None else serialize_binary(body)
    if case.headers and "Content-Length" in case.headers:
        case.headers["Content-Length"] = str(len(raw or b""))
    elif raw:
        kwargs["data"] = _Chunked(raw)


@schemathesis.hook
def before_call(context, case, kwargs):
    n = next(_addresses)
    if case.headers is None:
        case.headers = {}
    case.headers["cf-connecting-ip"] = f"10.{200 + (n >> 16) % 50}.{(n >> 8) & 255}.{n & 255 or 1}"
    if _declares_length(case):
        _length_as_sent(case, kwargs)
    cookie = _jar.get(_participation_of(case) or "")
    if cookie is None:
        return
    if case.cookies and PARTICIPATION_COOKIE in case.cookies:
        case.cookies[PARTICIPATION_COOKIE] = cookie
    sent = case.headers.get("Cookie")
    if sent and PARTICIPATION_COOKIE + "=" in sent:
        parts = [p.strip() for p in sent.split(";")]
        case.headers["Cookie"] = "; ".join(
            f"{PARTICIPATION_COOKIE}={cookie}" if p.startswith(PARTICIPATION_COOKIE + "=") else p for p in parts
        )


@schemathesis.hook
def after_call(context, case, response):
    if response.status_code != 200 or "analysis/participate" not in case.path:
        return
    for value in response.headers.get("set-cookie", []):
        name, _, rest = value.partition("=")
        if name.strip() == PARTICIPATION_COOKIE:
            try:
                entry = response.json().get("analysisEntryId")
            except Exception:  # noqa: BLE001 - a body that is not JSON names no entry
                entry = None
            if isinstance(entry, str):
                _jar[entry] = rest.split(";")[0]
