"""jsonschema is imported without its costliest format libraries, which load when a value of their format is checked."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def run(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, check=True)
    return done.stdout.strip()


def test_explaining_an_error_does_not_import_the_iri_grammars() -> None:
    out = run("""
        import sys
        from deckwright.schema.library import format_checker, load_jsonschema
        jsonschema = load_jsonschema()
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema", "properties": {"n": {"maximum": 3}}}
        cls = jsonschema.validators.validator_for(schema)
        validator = cls(schema, format_checker=format_checker(cls))
        print([e.message for e in validator.iter_errors({"n": 4})], "rfc3987_syntax" in sys.modules,
              "isoduration" in sys.modules)
    """)
    assert out == "['4 is greater than the maximum of 3'] False False"


def test_deferred_formats_are_still_checked_when_used() -> None:
    out = run("""
        import sys
        from deckwright.schema.library import format_checker, load_jsonschema
        jsonschema = load_jsonschema()
        schema = {"$schema": "https://json-schema.org/draft/2020-12/schema",
                  "properties": {"link": {"format": "iri"}, "time": {"format": "duration"}}}
        cls = jsonschema.validators.validator_for(schema)
        validator = cls(schema, format_checker=format_checker(cls))
        bad = sorted(e.message for e in validator.iter_errors({"link": "no iri", "time": "P1"}))
        good = list(validator.iter_errors({"link": "https://example.org/\\u00e9", "time": "P1D"}))
        print(bad, good, "rfc3987_syntax" in sys.modules)
    """)
    assert out == "[\"'P1' is not a 'duration'\", \"'no iri' is not a 'iri'\"] [] True"


def test_draft_4_has_no_iri_format() -> None:
    out = run("""
        from deckwright.schema.library import format_checker, load_jsonschema
        jsonschema = load_jsonschema()
        print("iri" in format_checker(jsonschema.Draft4Validator).checkers)
    """)
    assert out == "False"
