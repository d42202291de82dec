"""Cline CLI (npm `cline`, a Node launcher for a native Bun binary): `cline --auto-approve true`
against the mock's OpenAI chat completions API, after `cline auth` stores the provider. The
catalog is the last sentence of the `skills` tool's description; the recording keeps the whole
description, which is where the list sits. Cline leaves a hub daemon behind, so it runs in a PID
namespace of its own as well.
"""

import os

from ..client import Client as Base, npm_install
from ..mock import HOST, PORT
from ..sandbox import base_env
from .. import wire


class Client(Base):
    name = "cline"
    version = "3.0.65"
    target = "cline"
    unshare_flags = ["-n", "-p", "-f", "--mount-proc"]
    project_root = ".agents/skills"
    user_root = ".agents/skills"
    roots = [
        ("project .agents/skills", "proj/.agents/skills"),
        ("project .cline/skills", "proj/.cline/skills"),
        ("project .clinerules/skills", "proj/.clinerules/skills"),
        ("project .claude/skills", "proj/.claude/skills"),
        ("user .agents/skills", "home/.agents/skills"),
        ("user .cline/skills", "home/.cline/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"cline@{self.version}"], extra=["--ignore-scripts"])

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env.update({"CLINE_TELEMETRY_DISABLED": "1", "POSTHOG_DISABLED": "1"})
        env.update(extra.get("env", {}))
        return env, [self.cline(), "--auto-approve", "true", "say hello"], []

    def cline(self):
        return os.path.join(self.install_dir, "node_modules", "cline", "bin", "cline")

    def setup(self, root, env):
        # Stores the provider under ~/.cline.
        return [[self.cline(), "auth", "-p", "openai-compatible", "-k", "sk-test", "-m", "mock-model", "-b", f"http://{HOST}:{PORT}/v1"]]

    def main(self, entry):
        # With no skills at all there is no `skills` tool: every request with tools is main.
        body = entry.get("body") or {}
        return entry.get("path", "").endswith("/chat/completions") and bool(body.get("tools"))

    def catalog(self, requests):
        for i, tool in enumerate(requests[0].get("tools") or []):
            function = tool.get("function") or {}
            if function.get("name") == "skills":
                return function.get("description", ""), f"tools[{i}].function.description (the `skills` tool), whole"
        return None, "absent"

    def load_calls(self, skill, root):
        return [{"tool": "skills", "input": {"skill": skill, "args": None}}]

    def read_calls(self, skill, path, root, case):
        return self.load_calls(skill, root) + [
            {
                "tool": "read_files",
                "input": {"files": [{"path": os.path.join(self.skill_dir(root, skill), path), "start_line": None, "end_line": None}]},
            }
        ]

    def added(self, request):
        return wire.chat_added_after_call(request)
