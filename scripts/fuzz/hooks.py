# Loaded by schemathesis for `npm run fuzz` (SCHEMATHESIS_HOOKS), for schemathesis 4.32.5
# (pinned in .ci/run). Five narrow changes, each explained where it is made (the first in two hooks).
import os
import re
import zlib

import schemathesis
import schemathesis.specs.openapi.checks as checks


# `ignored_auth` sends each operation again without its key and with an invalid one, and
# expects 401 or 403. The service specification (part 7) blocks an address after too many
# failed authentications: while the block lasts, those requests get 429 instead of 401
# (CONTRACT.md, "Authentication failures"). The fuzzer's own probes trip that block from
# 127.0.0.1 within seconds, so for this check 429 is also a refusal. The check still fails
# on any 2xx or other answer to a request without a valid key.
checks.AUTH_REJECTION_STATUSES = frozenset({401, 403, 429})


# Array query parameters are comma-separated, and the service splits on commas whether a
# client sent them literally or percent-encoded (as URLSearchParams and most HTTP libraries
# do; CONTRACT.md: `employment_type=a,b`). So a generated item that itself contains a comma
# reaches the service as two items: the generated case and the request it stands for are
# not the same, and a check would judge the wrong one. Such cases are not generated, nor
# blank items, which the service drops (`a,,b` is the two items a and b).
def _items_as_sent(query):
    if not isinstance(query, dict):
        return True
    return not any(
        isinstance(value, list) and any(isinstance(item, str) and ("," in item or item.strip() == "") for item in value)
        for value in query.values()
    )


@schemathesis.hook
def filter_query(ctx, query):
    return _items_as_sent(query)


# The coverage phase builds its cases whole and filters them with filter_case only, so the
# same rule is applied there to each case's query.
@schemathesis.hook
def filter_case(ctx, case):
    return _items_as_sent(case.query)


# A generated apply_url names no application form, so every generated application would
# stop at 422 unsupported_ats and the stateful phase (create → read → answer → cancel,
# through the OpenAPI links) would have nothing to follow. Half of the create bodies whose
# apply_url is a plain http(s) URL (and no callback_url) are pointed at one of the sandbox
# forms instead (FUZZ_SANDBOX_BASE, set by scripts/fuzz.ts), with sandbox true. Only a URL
# that already satisfies the schema is replaced, so a case generated to be invalid stays
# invalid.
SANDBOX_BASE = os.environ.get("FUZZ_SANDBOX_BASE")
SANDBOX_SCENARIOS = ["one-page", "three-page", "all-fields", "validation", "email-code", "broken", "unconfirmed", "captcha", "login"]
# Plainly valid as a URI whatever a validator's reading: replacing one such URL by another
# never changes whether the case is valid.
PLAIN_HTTP_URL = re.compile(r"^[Hh][Tt][Tt][Pp][Ss]?://[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*(:[0-9]{1,5})?(/[A-Za-z0-9._~-]*)*$")


# The sandbox's `slow` form answers only after 100 s, longer than the 90-second hold, to show
# the hold ending in a 202 (its `?delay_ms=` shortens it). The fuzzer reads for 10 s, and its
# links can carry that form's URL from the sandbox's list of forms into a create, a session
# or a run; such a URL is given `?delay_ms=2000`: the same form, answering within the read.
SLOW_FORM = re.compile(r"/sandbox/apply/slow/?$")
HOLDING_OPERATIONS = {"/api/auto-apply/applications", "/api/auto-apply/sessions", "/api/auto-apply/run"}


@schemathesis.hook
def map_body(ctx, body):
    operation = ctx.operation
    if operation is not None and operation.method.upper() == "POST" and operation.path in HOLDING_OPERATIONS and isinstance(body, dict):
        url = body.get("apply_url")
        if isinstance(url, str) and SLOW_FORM.search(url):
            body = {**body, "apply_url": url.rstrip("/") + "?delay_ms=2000"}
    if not SANDBOX_BASE or operation is None or operation.method.upper() != "POST" or operation.path != "/api/auto-apply/applications":
        return body
    if not isinstance(body, dict) or not isinstance(body.get("apply_url"), str):
        return body
    url = body["apply_url"]
    # A body with a callback_url is left alone: a generated one is no public https address
    # (create refuses it up front), and dropping it could make an invalid case valid.
    if "callback_url" in body or not PLAIN_HTTP_URL.match(url) or len(url) > 2000 or not isinstance(body.get("sandbox", False), bool):
        return body
    digest = zlib.crc32(url.encode("utf-8"))
    if digest % 2:
        return body
    scenario = SANDBOX_SCENARIOS[(digest // 2) % len(SANDBOX_SCENARIOS)]
    return {**body, "apply_url": f"{SANDBOX_BASE}/sandbox/apply/{scenario}", "sandbox": True}


# The résumé upload lists its file part's types as "application/pdf, application/vnd...docx"
# (OpenAPI `encoding.contentType`). When the fuzzing phase sends a body in one of those
# types it needs a way to write it, which schemathesis has for PDF samples but not for DOCX:
# the document's bytes are sent as they are (generated text as UTF-8), as a client uploading
# a file does.
@schemathesis.serializer("application/pdf", "application/vnd.openxmlformats-officedocument.wordprocessingml.document")
def document_bytes(ctx, value):
    return {"data": value if isinstance(value, (bytes, bytearray)) else str(value).encode("utf-8")}
