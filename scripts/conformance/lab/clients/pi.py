"""pi coding agent (npm `@mariozechner/pi-coding-agent`, Node 24): `pi -p` against the mock's
OpenAI chat completions API. The catalog is near the end of the system message; there is no
skill tool: a load is the model reading the SKILL.md at the `<location>` the catalog gives that
name, and a name the catalog does not list is guessed at `<project>/.agents/skills/<name>/`.
"""

import html
import json
import os
import re

from .. import wire
from ..client import Client as Base, node24, npm_install
from ..mock import HOST, PORT
from ..sandbox import base_env

#: A catalog entry's name and location (pi escapes both, so neither holds a `<`).
LISTED = re.compile(r"<name>([^<]*)</name>\n\s*<description>[^<]*</description>\n\s*<location>([^<]*)</location>")

OPEN = "The following skills provide specialized instructions for specific tasks."
CLOSE = "</available_skills>"


class Client(Base):
    name = "pi"
    version = "0.73.1"
    target = "pi"
    project_root = ".agents/skills"
    user_root = ".pi/agent/skills"
    roots = [
        ("project .agents/skills", "proj/.agents/skills"),
        ("project .pi/skills", "proj/.pi/skills"),
        ("user .agents/skills", "home/.agents/skills"),
        ("user .pi/agent/skills", "home/.pi/agent/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"@mariozechner/pi-coding-agent@{self.version}"], node_bin=node24())

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env["PATH"] = node24() + ":" + env["PATH"]
        env.update({"PI_OFFLINE": "1", "PI_SKIP_VERSION_CHECK": "1", "PI_TELEMETRY": "0"})
        env.update(extra.get("env", {}))
        models = {
            "providers": {
                "mock": {
                    "baseUrl": f"http://{HOST}:{PORT}/v1",
                    "api": "openai-completions",
                    "apiKey": "sk-test",
                    "compat": {"supportsDeveloperRole": False, "supportsReasoningEffort": False},
                    "models": [{"id": "mock-model"}],
                }
            }
        }
        ops = [
            {"op": "write", "path": "home/.pi/agent/models.json", "text": json.dumps(models, indent=2) + "\n"},
            {"op": "write", "path": "home/.pi/agent/settings.json", "text": '{"enableInstallTelemetry": false}\n'},
        ]
        cli = os.path.join(self.install_dir, "node_modules", "@mariozechner", "pi-coding-agent", "dist", "cli.js")
        argv = [os.path.join(node24(), "node"), cli, "--offline", "--no-session", "--model", "mock/mock-model", "-p", "hello"]
        return env, argv, ops

    def main(self, entry):
        body = entry.get("body") or {}
        return entry.get("path", "").endswith("/chat/completions") and bool(body.get("tools"))

    def catalog(self, requests):
        for i, text in enumerate(wire.chat_system(requests[0])):
            at = text.find(OPEN)
            if at >= 0:
                end = text.find(CLOSE, at)
                return text[at : end + len(CLOSE)], f"messages[0] (system) text {i}, after a blank line, before `\\nCurrent date:`"
        return None, "absent"

    def location(self, root, skill):
        """The SKILL.md the catalog lists for `skill`, else the guess in the project root."""
        for name, location in LISTED.findall(self.catalog_text or ""):
            if html.unescape(name) == skill:
                return html.unescape(location)
        return os.path.join(root, "proj", self.project_root, skill, "SKILL.md")

    def load_calls(self, skill, root):
        return [{"tool": "read", "input": {"path": self.location(root, skill)}}]

    def read_calls(self, skill, path, root, case):
        folder = os.path.dirname(self.location(root, skill))
        return self.load_calls(skill, root) + [{"tool": "read", "input": {"path": os.path.join(folder, path)}}]

    def added(self, request):
        return wire.chat_added_after_call(request)
