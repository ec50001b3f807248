"""The corpus manifest computed by CPython, independently of the TypeScript code (docs/corpus-format.md).

usage: python3 manifest_reference.py TRACK_DIR [BASE]   prints the manifest as JSON on stdout.
"""
import hashlib
import json
import os
import sys


def canonical(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def sha(value):
    return hashlib.sha256(canonical(value).encode("utf-8")).hexdigest()


def load(path):
    with open(path, "rb") as f:
        return json.loads(f.read())


track = sys.argv[1]
season = load(os.path.join(track, "season.json"))
base = sys.argv[2] if len(sys.argv) > 2 else season["base"]
resources = []
for entry in sorted(load(os.path.join(track, "catalogue.json"))["resources"], key=lambda e: e["path"]):
    target = base + entry["path"]
    request = {"target": target, "method": entry["method"], "payload": entry["payload"], "amount": 0.0, "currency": "eur"}
    resources.append({
        "path": entry["path"],
        "target": target,
        "method": entry["method"],
        "payload": entry["payload"],
        "request_hash": sha(request),
        "response_hash": sha(load(os.path.join(track, entry["response"]))),
    })
system = {status: sha(load(os.path.join(track, "systeme", status + ".json"))) for status in ("403", "503", "400", "404")}
manifest = {"base": base, "resources": resources, "system": system, "tasks_hash": sha(load(os.path.join(track, "tasks.json")))}
manifest["manifest_hash"] = sha(manifest)
print(json.dumps(manifest))
