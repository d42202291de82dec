"""Recordings: what `skills` must reproduce, per client version, case and model, under
tests/conformance/<client>@<version>/<case>/. Nothing else of a request is kept (never a
client's whole system prompt).

    case.json            the tree (operations), working directory, environment, sandbox
    <model>/meta.json    model, date, where the catalog sat, the replay arguments
    <model>/catalog.txt  the catalog bytes exactly as sent (catalog.2.txt… when runs differ)
    <model>/load.<skill>.json          one load: the call and each part with its role
    <model>/read.<skill>.<file>.json   one file read after a load

Writing a recording compares it with the committed one and prints a unified diff of what
changed; a recording whose only change would be the capture date is left alone.
"""

import datetime
import difflib
import json
import os
import shutil

from . import cases

ROOT = os.path.join(cases.REPO, "tests", "conformance")


def folder(client):
    return os.path.join(ROOT, f"{client.name}@{client.version}")


def dump(obj):
    return json.dumps(obj, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def slug(text):
    return "".join(c if c.isalnum() or c in "-_" else "_" for c in text)


class Recording:
    """One case's recording, gathered in memory and written at the end."""

    def __init__(self, client, case_name, partial=None):
        self.client = client
        self.case = case_name
        self.files = {}
        #: For a partial refresh, `keep(rel)` says which committed files it did not re-record.
        self.partial = partial

    def put(self, rel, text):
        self.files[rel] = text

    def put_json(self, rel, obj):
        self.files[rel] = dump(obj)

    def commit(self, quiet=False):
        """Moves the staged files into place; returns the diff lines printed."""
        dest = os.path.join(folder(self.client), self.case)
        old = {}
        if os.path.isdir(dest):
            for base, _, files in os.walk(dest):
                for f in files:
                    p = os.path.join(base, f)
                    with open(p, encoding="utf-8", newline="") as fh:
                        old[os.path.relpath(p, dest)] = fh.read()
        new = dict(self.files)
        if self.partial:
            for rel, text in old.items():
                if rel not in new and self.partial(rel):
                    new[rel] = text
        # Keep a model's old capture date when nothing else of it changed.
        for rel, text in list(new.items()):
            if not rel.endswith("meta.json") or rel not in old:
                continue
            model = rel[: -len("meta.json")]
            others_changed = any(
                other.startswith(model) and other != rel and old.get(other) != new.get(other)
                for other in set(old) | set(new)
            )
            a, b = json.loads(old[rel]), json.loads(text)
            same = {k: v for k, v in a.items() if k != "captured"} == {k: v for k, v in b.items() if k != "captured"}
            if same and not others_changed:
                new[rel] = old[rel]
        diff = []
        for rel in sorted(set(old) | set(new)):
            before, after = old.get(rel), new.get(rel)
            if before == after:
                continue
            label = f"{self.client.name}@{self.client.version}/{self.case}/{rel}"
            if before is None:
                diff.append(f"new {label} ({len(after.encode())} bytes)\n")
                continue
            if after is None:
                diff.append(f"gone {label}\n")
                continue
            diff.extend(
                difflib.unified_diff(
                    (before or "").splitlines(keepends=True),
                    (after or "").splitlines(keepends=True),
                    fromfile=("a/" + label) if before is not None else "/dev/null",
                    tofile=("b/" + label) if after is not None else "/dev/null",
                )
            )
        if diff:
            if os.path.isdir(dest):
                shutil.rmtree(dest)
            for rel, text in new.items():
                p = os.path.join(dest, rel)
                os.makedirs(os.path.dirname(p), exist_ok=True)
                with open(p, "w", encoding="utf-8", newline="") as fh:
                    fh.write(text)
        return diff


#: Names whose directory-read order tells one filesystem's hash order from another's.
PROBE = [
    "SKILL.md", "references", "scripts", "assets", "agents", "examples", "templates", "docs",
    "a", "b", "c", "d", "e", "f", "g", "h", "forms.md", "extract.py", "notes.md", "LICENSE.txt",
]


def write_directory_probe(scratch):
    """Records the order in which this machine's filesystem lists a directory of PROBE names
    (created in that order): clients that list files in directory-read order (ripgrep, Cline)
    produce lists in this order, and the replay tests compare it with their own machine's."""
    folder = os.path.join(scratch, "readdir-probe")
    if os.path.exists(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    for name in PROBE:
        open(os.path.join(folder, name), "w").close()
    order = os.listdir(folder)
    shutil.rmtree(folder)
    path = os.path.join(ROOT, "readdir-order.json")
    text = dump({"created": PROBE, "listed": order})
    old = open(path, encoding="utf-8").read() if os.path.exists(path) else None
    if old != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        return True
    return False


def today():
    return datetime.date.today().isoformat()
