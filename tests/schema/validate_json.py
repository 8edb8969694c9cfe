#!/usr/bin/python3
"""Validates JSON documents against a JSON Schema (Debian's python3-jsonschema).

usage: validate_json.py [--strict] SCHEMA FILE...

A FILE ending in .jsonl holds one document per line (a sweep's points.jsonl). With --strict every
object schema ("type": "object") that lists its properties and says nothing about others gets
"additionalProperties": false, so a key the program writes but the schema does not document is an
error (the shipped schema is open, so consumers accept later additive changes of the same version;
docs/netcosim.run-1.schema.json says why).

Exit status: 0 all valid, 1 a document is invalid (every error is printed with its path),
2 usage error or an unreadable file.
"""
import json
import sys

import jsonschema


def close_objects(node):
    if isinstance(node, dict):
        # Only the object schemas themselves: closing the "if" of a conditional would change it.
        if (node.get("type") == "object" and "properties" in node
                and "additionalProperties" not in node):
            node["additionalProperties"] = False
        for value in node.values():
            close_objects(value)
    elif isinstance(node, list):
        for value in node:
            close_objects(value)


def documents(path):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if path.endswith(".jsonl"):
        lines = [line for line in text.split("\n") if line.strip()]
        if not lines:
            raise ValueError("no JSON line")
        return [(f"{path}:{i + 1}", json.loads(line)) for i, line in enumerate(lines)]
    return [(path, json.loads(text))]


def main(argv):
    args = argv[1:]
    strict = False
    if args and args[0] == "--strict":
        strict = True
        args = args[1:]
    if len(args) < 2:
        print(__doc__.strip().split("\n")[2], file=sys.stderr)
        return 2
    try:
        with open(args[0], encoding="utf-8") as f:
            schema = json.load(f)
    except (OSError, ValueError) as e:
        print(f"validate_json: cannot read schema {args[0]}: {e}", file=sys.stderr)
        return 2
    if strict:
        close_objects(schema)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    validator = cls(schema, format_checker=cls.FORMAT_CHECKER)
    status = 0
    for path in args[1:]:
        try:
            docs = documents(path)
        except (OSError, ValueError) as e:
            print(f"validate_json: cannot read {path}: {e}", file=sys.stderr)
            return 2
        for name, doc in docs:
            errors = sorted(validator.iter_errors(doc), key=lambda e: list(e.absolute_path))
            for e in errors:
                where = "/".join(str(p) for p in e.absolute_path) or "(top level)"
                print(f"{name}: {where}: {e.message}")
            if errors:
                status = 1
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv))
