"""Cases: the skill trees the clients are recorded on, read from fixtures/conformance/cases/*.toml
and laid out for one client as a list of plain operations (make a folder, copy a fixture folder,
write a file, make a symlink, `git init`). The operations are what a recording stores as its
tree, so the replay tests rebuild the same tree without knowing any client.

A case file:

    summary = "one line"
    clients = ["opencode"]      # optional: only these clients
    cwd = "proj"                # the working directory, relative to the sandbox (default proj)
    git = true                  # `git init` the project folder (default true)
    mkdirs = ["proj/x"]         # extra empty folders
    loads = ["pdf-processing"]  # one load run per name
    reads = [["pdf-processing", "references/forms.md"]]   # one load-then-read run each
    models = ["all"]            # "default" (the client's default model only) or "all" (default)

    [[skills]]                  # fixture folders, copied whole under their own names
    from = ["fixtures/skills/code-review"]
    at = "project"              # see PLACEMENTS
    under = "group/deeper"      # optional folders between the root and the skill
    children = 60               # with a single `from`: copy its first N child folders (sorted)

    [[skills]]                  # generated skills: folder and name from each entry
    make = ["_lead", "in-{n}"]  # {i}: the entry's index, {n}: the root's, {root}: its label
    at = "every-root"
    description = "Probe {name} in {root}."

    [[files]]                   # any other file, relative to the sandbox; `$SANDBOX` in the text
    path = "proj/.gitignore"    # is the sandbox's absolute path
    text = "ignored/\\n"

    [[symlinks]]
    path = "proj/.agents/skills/link"
    target = "../../elsewhere"

    [client.opencode]           # per client: extra environment and config merged in
    env = { OPENCODE_DISABLE_EXTERNAL_SKILLS = "1" }
    config = { permission = { skill = "deny" } }
    repeat = 4                  # and how many times to record it (like `repeat` at the top)
    replay_args = ["--context-window", "15000"]   # and `skills` flags that stand for them

    [client.mastra]             # Mastra: the workspace's skills paths (default ["skills"])
    skills = ["skills", ".mastra/skills"]

PLACEMENTS: `project` is the client's main project root, under the project folder `proj`;
`user` is its main user root, under `home`; `every-root` is each root the client reads;
`path:REL` is REL under the sandbox. In a `path:` placement and in the paths of `mkdirs`,
`files` and `symlinks`, `{project}` stands for the client's project root relative to a project
folder (`.claude/skills` for Claude Code), so one case can say "this root, but in proj/app".
"""

import os
import tomllib

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
CASES = os.path.join(REPO, "fixtures", "conformance", "cases")

GENERATED_BODY = "\n# {name}\n\nA generated skill of the conformance lab.\n"


class CaseError(Exception):
    pass


def names():
    return sorted(f[:-5] for f in os.listdir(CASES) if f.endswith(".toml"))


def load(name):
    path = os.path.join(CASES, name + ".toml")
    if not os.path.exists(path):
        raise CaseError(f"no case `{name}` (known: {', '.join(names())})")
    with open(path, "rb") as f:
        case = tomllib.load(f)
    case["name"] = name
    return case


def applies(case, client):
    only = case.get("clients")
    return not only or client.name in only


def expand(path, client):
    return path.replace("{project}", client.project_root)


def roots_for(client, at):
    """(label, sandbox-relative path) of each root a placement names."""
    if at == "project":
        return [("project", "proj/" + client.project_root)]
    if at == "user":
        return [("user", "home/" + client.user_root)]
    if at == "every-root":
        return list(client.roots)
    if at.startswith("path:"):
        rel = expand(at[5:], client)
        return [(rel, rel)]
    raise CaseError(f"unknown placement `{at}`")


def operations(case, client):
    """The tree of `case` for `client`, as operations in the order they run."""
    ops = [{"op": "mkdir", "path": "home"}, {"op": "mkdir", "path": "proj"}]
    if case.get("git", True):
        ops.append({"op": "git-init", "path": "proj"})
    for entry in case.get("skills", []):
        for n, (label, root) in enumerate(roots_for(client, entry["at"])):
            base = os.path.join(root, entry.get("under", "")).rstrip("/")
            if "from" in entry:
                sources = entry["from"] if isinstance(entry["from"], list) else [entry["from"]]
                if "children" in entry:
                    (parent,) = sources
                    kids = sorted(os.listdir(os.path.join(REPO, parent)))[: entry["children"]]
                    sources = [f"{parent}/{kid}" for kid in kids]
                for source in sources:
                    if not os.path.isdir(os.path.join(REPO, source)):
                        raise CaseError(f"case {case['name']}: no fixture folder {source}")
                    dest = os.path.join(base, os.path.basename(source))
                    ops.append({"op": "copy", "from": source, "path": dest})
            for i, name in enumerate(entry.get("make", [])):
                name = name.format(i=i, n=n, root=label)
                description = entry.get("description", "Fixture skill {name}.").format(
                    name=name, root=label, i=i, n=n
                )
                text = f"---\nname: {name}\ndescription: {description}\n---\n" + GENERATED_BODY.format(
                    name=name
                )
                ops.append({"op": "write", "path": os.path.join(base, name, "SKILL.md"), "text": text})
    for path in case.get("mkdirs", []):
        ops.append({"op": "mkdir", "path": expand(path, client)})
    for f in case.get("files", []):
        ops.append({"op": "write", "path": expand(f["path"], client), "text": f["text"]})
    for link in case.get("symlinks", []):
        ops.append({"op": "symlink", "path": expand(link["path"], client), "target": link["target"]})
    return ops


def client_extra(case, client):
    return (case.get("client") or {}).get(client.name) or {}
