"""The HTTP edge's refusals, in English (translated in the catalogs, ``refusal:CODE``)."""

from __future__ import annotations

from companion.i18n.source import Source

WEB_MESSAGES: dict[str, Source] = {
    "not_found": "There is nothing here.",
    "method_not_allowed": "This address does not take that request.",
    "malformed_json": "The request is not valid JSON.",
    "expected_object": "The request must be a JSON object.",
    "body_too_large": "The request is too large.",
    "request_timeout": "The request stopped arriving (nothing more for {seconds} s): send it "
                       "again.",
    "header_too_large": "The request's headers are too large (at most {limit} bytes).",
    "json_required": "Changes must be sent as JSON.",
    "not_paired": "Pair this phone first: enter the PIN shown on the display.",
    "cross_site": "Changes are only accepted from the companion's own page.",
    "wrong_pin": {
        "count": "tries_left",
        "one": "Wrong PIN. {tries_left} try left.",
        "other": "Wrong PIN. {tries_left} tries left.",
    },
    "pairing_locked": {
        "count": "seconds",
        "one": "Too many wrong PINs. Try again in {seconds} second.",
        "other": "Too many wrong PINs. Try again in {seconds} seconds.",
    },
    "table_busy": "The table is busy; nothing was changed. Try again in a moment.",
    "too_many_streams": "Too many pages are open (at most {max}).",
    "not_simulated": "On-screen buttons exist only in simulation.",
    "foreign_host": "This address is not the table's own: open the page by the address it shows.",
    "internal": "Something went wrong on the table (error {id}). Please try again.",
    "bad_request": "The request cannot be understood.",
    "not_implemented": "This server does not know the method {method}.",
    "unknown_button": "There is no button “{name}”.",
    "bad_setting": "The setting “{key}” cannot be used.",  # each reason has its sentence
}
