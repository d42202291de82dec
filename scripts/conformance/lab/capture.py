"""`scripts/conformance/capture CLIENT`: install the pinned client, run it on every case inside a
private network namespace against the mock, and write the recordings (printing what changed).
"""

import argparse
import importlib
import json
import os
import shutil
import sys

from . import cases, mock, record, sandbox
from .client import CACHE as INSTALLS
from .sandbox import LabError

CLIENTS = [
    "claude-code",
    "codex",
    "gemini-cli",
    "opencode",
    "mastra",
    "openclaw",
    "copilot-cli",
    "pi",
    "qwen-code",
    "letta",
    "kilo",
    "cline",
]
RUNS = os.path.join(cases.REPO, "target", "conformance", "runs")
PROMPT = "hello"


def client_class(name):
    if name not in CLIENTS:
        raise LabError(f"unknown client `{name}` (known: {', '.join(CLIENTS)})")
    module = importlib.import_module(f"lab.clients.{name.replace('-', '_')}")
    return module.Client


def parse(argv):
    p = argparse.ArgumentParser(
        prog="scripts/conformance/capture",
        description="Record what a real client sends for the fixture cases, offline.",
    )
    p.add_argument("client", help=f"one of: {', '.join(CLIENTS)}")
    p.add_argument("--version", help="the client version (default: the pinned one)")
    p.add_argument("--case", action="append", help="only this case (repeatable)")
    p.add_argument("--model", action="append", help="only this model (repeatable)")
    p.add_argument("--no-loads", action="store_true", help="record catalogs only")
    p.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    return p.parse_args(argv)


def main(argv):
    args = parse(argv)
    try:
        client = client_class(args.client)(args.version)
        if not args.inside:
            if os.geteuid() != 0:
                raise LabError("the lab runs clients in a private network namespace: run it as root")
            print(f"{client.name} {client.version}: installing", flush=True)
            client.install()
            cmd = ["unshare", *client.unshare_flags, "--", sys.executable, sys.argv[0], *argv, "--inside"]
            os.execvp("unshare", cmd)
        sandbox.enter_namespace()
        return record_all(client, args)
    except LabError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except cases.CaseError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


def record_all(client, args):
    if record.write_directory_probe(sandbox.SANDBOXES):
        print("tests/conformance/readdir-order.json: this filesystem lists directories in another order than the last one", flush=True)
    selected = args.case or cases.names()
    changed = 0
    failures = []
    for name in selected:
        case = cases.load(name)
        if not cases.applies(case, client):
            if args.case:
                print(f"{name}: not a case for {client.name}")
            continue
        models = client.models if case.get("models", "all") == "all" else client.models[:1]
        if args.model:
            models = [m for m in models if m in args.model] or args.model
        rec = record.Recording(client, name, partial(args, models))
        try:
            record_case(client, case, models, rec, not args.no_loads)
        except LabError as e:
            failures.append(f"{name}: {e}")
            print(f"{name}: FAILED: {e}", flush=True)
            continue
        diff = rec.commit()
        if diff:
            changed += 1
            sys.stdout.writelines(diff)
            print(f"{name}: recording changed", flush=True)
        else:
            print(f"{name}: unchanged", flush=True)
    print(f"{client.name} {client.version}: {changed} case(s) changed, {len(failures)} failed")
    if failures:
        for f in failures:
            print(f"  {f}", file=sys.stderr)
        return 1
    return 0


def partial(args, models):
    """For a refresh of some models or of catalogs only, which committed files to keep."""
    if not args.model and not args.no_loads:
        return None

    def keep(rel):
        model, _, file = rel.partition("/")
        if not file or model not in models:
            return bool(file)
        return args.no_loads and (file.startswith("load.") or file.startswith("read."))

    return keep


def replay_env(env, root):
    """The client's environment as the replay needs it: sandbox paths as `$SANDBOX`, and none of
    PATH, TMPDIR, TERM or LANG, nor a variable that points into the clients' installs (the
    replay has no client to find, and those paths are this machine's), nor the lab's own LAB_*
    variables for in-process drivers."""
    out = {}
    for key, value in sorted(env.items()):
        if key in ("PATH", "TMPDIR", "TERM", "LANG") or key.startswith("LAB_"):
            continue
        if value.startswith(INSTALLS):
            continue
        out[key] = value.replace(root, "$SANDBOX")
    return out


def record_case(client, case, models, rec, loads):
    root = sandbox.path_for(client, case["name"])
    ops = cases.operations(case, client)
    extra = cases.client_extra(case, client)
    cwd_rel = case.get("cwd", "proj")
    repeat = int(extra.get("repeat", case.get("repeat", 1)))
    case_json = None
    for model in models:
        meta = {
            "model": model,
            "captured": record.today(),
            "args": client.replay_args(model) + list(extra.get("replay_args", [])) + client.case_replay_args(extra),
        }
        runs = []

        def one(run, calls, label):
            env, argv, more = build_and_prepare(client, case, model, extra, root, ops, run)
            log_dir = os.path.join(RUNS, client.name, case["name"], model, label)
            shutil.rmtree(log_dir, ignore_errors=True)
            os.makedirs(log_dir)
            log = os.path.join(log_dir, "requests.jsonl")
            script = mock.Script(calls, client.main)
            cwd = os.path.join(root, cwd_rel)
            if client.in_process:
                env = dict(env, LAB_LOG=log, LAB_SCRIPT=json.dumps(calls))
                code = sandbox.run(argv, env, cwd, os.path.join(log_dir, "client"))
                script.answered = len(calls) if os.path.exists(log) else 0
            else:
                setup_log = log + ".setup"
                for i, command in enumerate(client.setup(root, env)):
                    with mock.Lab(setup_log, mock.Script([]), model):
                        sandbox.run(command, env, os.path.join(root, "proj"), os.path.join(log_dir, f"setup-{i}"))
                with mock.Lab(log, script, model):
                    code = sandbox.run(argv, env, cwd, os.path.join(log_dir, "client"))
            if not os.path.exists(log):
                raise LabError(f"{client.name} wrote no request log (exit {code}; see {os.path.relpath(log_dir, cases.REPO)})")
            with open(log, encoding="utf-8") as f:
                requests = [json.loads(line) for line in f if line.strip()]
            if not requests:
                raise LabError(
                    f"{client.name} sent no request (exit {code}; see {os.path.relpath(log_dir, cases.REPO)}/client.stderr)"
                )
            if script.answered < len(calls):
                raise LabError(
                    f"{client.name} never offered the tool for call {script.answered + 1} of {label} "
                    f"(exit {code}; see {os.path.relpath(log_dir, cases.REPO)})"
                )
            runs.append(label)
            return env, more, requests

        # The catalog, as many times as the case asks (clients that are not deterministic).
        variants = []
        where = None
        for i in range(repeat):
            env, more, requests = one({"kind": "catalog"}, [], f"catalog-{i + 1}")
            mains = [r["body"] for r in requests if isinstance(r.get("body"), dict) and client.main(r)]
            if not mains:
                raise LabError(f"{client.name} sent no main-loop request for the catalog")
            text, where = client.catalog(mains)
            text = None if text is None else client.normalise(text)
            if text not in variants:
                variants.append(text)
        if case_json is None:
            case_json = {
                "client": client.name,
                "version": client.version,
                "target": client.target,
                "case": case["name"],
                "summary": case.get("summary", ""),
                "sandbox": root,
                "cwd": cwd_rel,
                "env": replay_env(env, root),
                "tree": ops + more,
            }
        meta["catalog"] = None if variants == [None] else {"where": where, "variants": len(variants)}
        # What the model saw before it loads: clients without a skill tool load by the location
        # the catalog gave (see Client.catalog_text).
        client.catalog_text = variants[0]
        for i, text in enumerate(variants):
            if text is not None:
                rec.put(f"{model}/catalog{'' if i == 0 else f'.{i + 1}'}.txt", text)
        if loads:
            for skill in case.get("loads", []):
                calls = client.load_calls(skill, root)
                # Repeated like the catalog: each different result is kept (load.X.2.json…).
                results = []
                for i in range(repeat):
                    label = f"load-{record.slug(skill)}" + ("" if i == 0 else f"-{i + 1}")
                    _, _, requests = one({"kind": "load", "skill": skill}, calls, label)
                    result = loaded(client, requests, skill, None, calls)
                    if result not in results:
                        results.append(result)
                for i, result in enumerate(results):
                    rec.put_json(f"{model}/load.{record.slug(skill)}{'' if i == 0 else f'.{i + 1}'}.json", result)
            for skill, path in case.get("reads", []) if client.reads else []:
                calls = client.read_calls(skill, path, root, case)
                _, _, requests = one(
                    {"kind": "read", "skill": skill, "path": path}, calls, f"read-{record.slug(skill)}-{record.slug(path)}"
                )
                rec.put_json(
                    f"{model}/read.{record.slug(skill)}.{record.slug(path)}.json",
                    loaded(client, requests, skill, path, calls),
                )
        rec.put_json(f"{model}/meta.json", meta)
    rec.put_json("case.json", case_json)


def build_and_prepare(client, case, model, extra, root, ops, run):
    """A fresh sandbox for one run: the case's tree, then the client's config files."""
    sandbox.build(root, ops)
    env, argv, more = client.prepare(root, case, model, extra, run)
    for op in more:
        sandbox.build_one(root, op)
    return env, argv, more


def loaded(client, requests, skill, path, calls):
    """The parts added after the last scripted call, from the request that answered it."""
    mains = [r["body"] for r in requests if isinstance(r.get("body"), dict) and client.main(r)]
    # The request after the last call is the one that carries its result.
    follow = mains[len(calls)] if len(mains) > len(calls) else None
    if follow is None:
        raise LabError(f"{client.name} made no request after the tool call for {skill}")
    parts = [dict(p, text=client.normalise(p["text"])) for p in client.added(follow)]
    return {"skill": skill, "file": path, "calls": calls, "parts": parts}
