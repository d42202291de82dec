"""Letta Code (npm `@letta-ai/letta-code`, one JS bundle, Node 24) with its experimental local
backend: no Letta server, an OpenAI-compatible provider registered once per HOME with `letta
connect`. Two of its dependencies are missing from the registry, so the package is unpacked with
`npm pack` and only `ws` is installed beside it. The catalog ends the system message.
"""

import os
import subprocess

from .. import wire
from ..client import Client as Base, node24, npm_install
from ..mock import HOST, PORT
from ..sandbox import LabError, base_env

OPEN = "<available_skills>"
CLOSE = "</available_skills>"
METADATA_CLOSE = "</memory_metadata>"


class Client(Base):
    name = "letta"
    version = "0.32.18"
    target = "letta"
    project_root = ".skills"
    user_root = ".letta/skills"
    roots = [
        ("project .skills", "proj/.skills"),
        ("project .agents/skills", "proj/.agents/skills"),
        ("user .letta/skills", "home/.letta/skills"),
        ("user .agents/skills", "home/.agents/skills"),
    ]

    def install(self):
        folder = self.install_dir
        marker = os.path.join(folder, ".installed")
        if os.path.exists(marker):
            return
        npm_install(os.path.join(folder, "deps"), ["ws"], node_bin=node24())
        os.makedirs(folder, exist_ok=True)
        env = dict(os.environ, PATH=node24() + os.pathsep + os.environ.get("PATH", ""))
        p = subprocess.run(
            ["npm", "pack", f"@letta-ai/letta-code@{self.version}", "--loglevel=error"],
            cwd=folder, env=env, capture_output=True, text=True,
        )
        if p.returncode != 0:
            raise LabError(f"npm pack @letta-ai/letta-code@{self.version} failed:\n{p.stderr[-2000:]}")
        tarball = p.stdout.strip().splitlines()[-1]
        subprocess.run(["tar", "xzf", tarball], cwd=folder, check=True)
        # The bundle resolves `ws` from a node_modules above it.
        link = os.path.join(folder, "node_modules")
        if not os.path.lexists(link):
            os.symlink(os.path.join("deps", "node_modules"), link)
        open(marker, "w").close()

    def bundle(self):
        return os.path.join(self.install_dir, "package", "letta.js")

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env["PATH"] = node24() + ":" + env["PATH"]
        env.update(
            {
                "LETTA_LOCAL_BACKEND_EXPERIMENTAL": "1",
                "LETTA_CODE_TELEM": "0",
                "DISABLE_AUTOUPDATER": "1",
                "LETTA_DISABLE_LSP_DOWNLOAD": "1",
                "LETTA_API_KEY": "",
            }
        )
        env.update(extra.get("env", {}))
        argv = [os.path.join(node24(), "node"), self.bundle(), "--backend", "local", "-p", "hello"]
        if extra.get("bundled", True) is False:
            argv.append("--no-bundled-skills")
        return env, argv, []

    def setup(self, root, env):
        # Registers the mock as the provider (~/.letta/lc-local-backend/providers/auth.json).
        node = os.path.join(node24(), "node")
        return [[node, self.bundle(), "connect", "openai-compatible", "--base-url", f"http://{HOST}:{PORT}/v1", "--api-key", "sk-test"]]

    def main(self, entry):
        body = entry.get("body") or {}
        return entry.get("path", "").endswith("/chat/completions") and bool(body.get("tools"))

    def catalog(self, requests):
        # The block ends the system message; descriptions are not escaped, so one may hold
        # `</available_skills>`: take everything from the first opening tag after the memory
        # metadata.
        for i, text in enumerate(wire.chat_system(requests[0])):
            at = text.find(OPEN, max(text.rfind(METADATA_CLOSE), 0))
            if at >= 0:
                if not text.endswith(CLOSE):
                    raise LabError("the skills block does not end the system message")
                return text[at:], f"messages[0] (system) text {i}, from `<available_skills>` to its end"
        return None, "absent"

    def load_calls(self, skill, root):
        return [{"tool": "Skill", "input": {"skill": skill}}]

    def read_calls(self, skill, path, root, case):
        return self.load_calls(skill, root) + [
            {"tool": "Read", "input": {"file_path": os.path.join(self.skill_dir(root, skill), path)}}
        ]

    def added(self, request):
        return wire.chat_added_after_call(request)
