"""GitHub Copilot CLI (npm `@github/copilot`, a native single-executable binary): `copilot -p`
against the mock's OpenAI chat completions API through a custom provider (no GitHub login). The
catalog is the `<skill><available_skills>…</available_skills></skill>` section of the system
message.
"""

import os

from .. import wire
from ..client import Client as Base, npm_install
from ..mock import HOST, PORT
from ..sandbox import base_env

OPEN = "<skill>\n<available_skills>"
CLOSE = "</available_skills>\n</skill>"


class Client(Base):
    name = "copilot-cli"
    version = "1.0.102"
    target = "copilot-cli"
    project_root = ".github/skills"
    user_root = ".copilot/skills"
    roots = [
        ("project .github/skills", "proj/.github/skills"),
        ("project .claude/skills", "proj/.claude/skills"),
        ("project .agents/skills", "proj/.agents/skills"),
        ("user .copilot/skills", "home/.copilot/skills"),
        ("user .claude/skills", "home/.claude/skills"),
        ("user .agents/skills", "home/.agents/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"@github/copilot@{self.version}"])

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env.update(
            {
                "COPILOT_HOME": os.path.join(home, ".copilot"),
                "COPILOT_PKG_CACHE_HOME": os.path.join(self.install_dir, "pkg-cache"),
                "COPILOT_PROVIDER_BASE_URL": f"http://{HOST}:{PORT}/v1",
                "COPILOT_PROVIDER_TYPE": "openai",
                "COPILOT_PROVIDER_API_KEY": "sk-test",
                "COPILOT_MODEL": "mock-model",
                "COPILOT_OFFLINE": "1",
                "COPILOT_AUTO_UPDATE": "false",
            }
        )
        env.update(extra.get("env", {}))
        binary = os.path.join(self.install_dir, "node_modules", "@github", "copilot-linux-x64", "copilot")
        argv = [binary, "-p", "hello", "--allow-all-tools", "--disable-client-telemetry"]
        return env, argv, []

    def main(self, entry):
        body = entry.get("body") or {}
        return entry.get("path", "").endswith("/chat/completions") and bool(body.get("tools"))

    def catalog(self, requests):
        for i, text in enumerate(wire.chat_system(requests[0])):
            at = text.find(OPEN)
            if at >= 0:
                end = text.find(CLOSE, at)
                return text[at : end + len(CLOSE)], f"messages[0] (system) text {i}, its `<skill>` section"
        return None, "absent"

    def load_calls(self, skill, root):
        return [{"tool": "skill", "input": {"skill": skill}}]

    def read_calls(self, skill, path, root, case):
        return self.load_calls(skill, root) + [
            {"tool": "view", "input": {"path": os.path.join(self.skill_dir(root, skill), path)}}
        ]

    def added(self, request):
        return wire.chat_added_after_call(request)
