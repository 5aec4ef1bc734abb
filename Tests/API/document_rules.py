#!/usr/bin/env python3
"""Checks that the OpenAPI document is one a stranger's tools take as it is, and states the rules Core keeps.

Usage: python3 Tests/API/document_rules.py [DOCUMENT]   (default: Sources/TribeBoardAPI/openapi.yaml; needs PyYAML)

- its bounds are Core's (Tests/API/rules.json, which ContractRulesTests keeps equal to Core): titles, places,
  messages, notices and family names, points;
- every operation has an example of every parameter, of its request body and of each 2xx body;
- the stateful sequences have links: sign in -> profile, create a family -> add a task -> read -> change,
  join -> change role -> remove;
- `servers` are relative (the document is served by the server it describes);
- an operation without a request body does not list 400 (only a body the server can't read is 400);
- the YAML answers (the document itself, the control API's save) are offered as text/plain too, which generated
  clients read.
Exits 1 naming each difference.
"""
import json
import os
import sys

import yaml

here = os.path.dirname(os.path.abspath(__file__))
path = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "../../Sources/TribeBoardAPI/openapi.yaml")
document = yaml.safe_load(open(path))
rules = json.load(open(os.path.join(here, "rules.json")))
schemas = document["components"]["schemas"]
problems = []


def expect(condition, what):
    if not condition:
        problems.append(what)


def bounds(schema, field, most, least=1):
    prop = schemas.get(schema, {}).get("properties", {}).get(field)
    if prop is None:
        return expect(False, f"{schema}.{field}: not in the document")
    expect(prop.get("maxLength") == most, f"{schema}.{field}: maxLength {prop.get('maxLength')}, the rules say {most}")
    expect(prop.get("minLength") == least, f"{schema}.{field}: minLength {prop.get('minLength')}, the rules say {least}")
    expect("pattern" in prop, f"{schema}.{field}: no pattern (one line, no control characters)")


longest = rules["maxLength"]
bounds("NewTask", "title", longest["title"])
bounds("NewEvent", "title", longest["title"])
bounds("NewEvent", "place", longest["place"])
bounds("TextBody", "text", longest["message"])
bounds("SendMessageChange", "text", longest["message"])
bounds("NoticeTextBody", "text", longest["notice"])
bounds("PostNoticeChange", "text", longest["notice"])
bounds("NewFamily", "name", rules["familyName"][1], rules["familyName"][0])
points = schemas["NewTask"]["properties"]["points"]
expect(points.get("minimum") == 0 and points.get("maximum") == rules["maximumPoints"], "NewTask.points: bounds")
expect(schemas["NewEvent"]["properties"]["participants"].get("uniqueItems") is True, "NewEvent.participants: unique")
expect("pattern" in schemas["SignUpRequest"]["properties"]["user"], "SignUpRequest.user: no pattern")
expect(all(s["url"].startswith("/") for s in document["servers"]), "servers: not relative")

operations = {}
for route, item in document["paths"].items():
    for method, op in item.items():
        if method not in ("get", "post", "put", "delete", "patch"):
            continue
        name = op["operationId"]
        operations[name] = op
        for parameter in op.get("parameters", []):
            expect("example" in parameter, f"{name}: parameter {parameter['name']} has no example")
        body = op.get("requestBody", {}).get("content", {}).get("application/json")
        if body is not None:
            expect("example" in body or "examples" in body, f"{name}: the request body has no example")
        else:
            expect("400" not in op["responses"] or name == "controlClearFault",
                   f"{name}: lists 400 and has no request body")
        for status, response in op["responses"].items():
            if not str(status).startswith("2"):
                continue
            for media, content in response.get("content", {}).items():
                expect("example" in content or "examples" in content, f"{name} {status} {media}: no example")
for name in ["document", "controlSave"]:
    answer = next(r for s, r in operations[name]["responses"].items() if str(s).startswith("2"))
    expect("text/plain" in answer["content"], f"{name}: not offered as text/plain")


def links(name, status):
    return operations[name]["responses"][status].get("links", {})


for name, status, to in [("signIn", "200", "profile"), ("createFamily", "201", "addTask"),
                         ("addTask", "201", "tasks"), ("addTask", "201", "setStatus"),
                         ("joinFamily", "201", "changeRole"), ("joinFamily", "201", "removeMember"),
                         ("sendMessage", "201", "markRead"), ("postNotice", "201", "setPinned"),
                         ("regenerateCode", "200", "joinFamily")]:
    expect(any(link.get("operationId") == to for link in links(name, status).values()),
           f"{name} {status}: no link to {to}")
    for link in links(name, status).values():
        expect(link.get("operationId") in operations, f"{name}: a link to no operation {link.get('operationId')}")

for problem in problems:
    print(f"document: {problem}")
print(f"{path}: {len(operations)} operations, {len(problems)} problems")
sys.exit(1 if problems else 0)
