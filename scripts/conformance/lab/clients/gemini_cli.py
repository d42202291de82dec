"""Gemini CLI (npm `@google/gemini-cli`, Node): `gemini -p` against the mock's Gemini API. The
catalog is the `# Available Agent Skills` section of the system instruction; loads need
`--approval-mode yolo`, without which headless mode does not declare `activate_skill`.
"""

import json
import os

from .. import wire
from ..client import Client as Base, npm_install
from ..mock import HOST, PORT
from ..sandbox import base_env

HEADING = "# Available Agent Skills"


class Client(Base):
    name = "gemini-cli"
    version = "0.61.0"
    target = "gemini-cli"
    package = "@google/gemini-cli"
    #: `auto` runs without `-m` (the client's default model); gemini-2.5-pro gets the older wording.
    models = ["auto", "gemini-2.5-pro"]
    model_dependent = True
    project_root = ".gemini/skills"
    user_root = ".gemini/skills"
    roots = [
        ("home .gemini/skills", "home/.gemini/skills"),
        ("home .agents/skills", "home/.agents/skills"),
        ("project .gemini/skills", "proj/.gemini/skills"),
        ("project .agents/skills", "proj/.agents/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"@google/gemini-cli@{self.version}"])

    def replay_args(self, model):
        return [] if model == "auto" else ["--model", model]

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env.update(
            {
                "GEMINI_API_KEY": "test",
                "GOOGLE_GEMINI_BASE_URL": f"http://{HOST}:{PORT}",
                "GEMINI_CLI_NO_RELAUNCH": "true",
                "GEMINI_CLI_TRUST_WORKSPACE": "true",
            }
        )
        env.update(extra.get("env", {}))
        settings = {
            "security": {"auth": {"selectedType": "gemini-api-key"}},
            "privacy": {"usageStatisticsEnabled": False},
            "telemetry": {"enabled": False, "logPrompts": False},
            "general": {"enableAutoUpdate": False, "enableAutoUpdateNotification": False},
            "ide": {"enabled": False},
        }
        settings.update(extra.get("config", {}))
        ops = [
            {
                "op": "write",
                "path": "home/.gemini/settings.json",
                "text": json.dumps(settings, indent=2) + "\n",
            }
        ]
        argv = [
            os.path.join(self.install_dir, "node_modules", ".bin", "gemini"),
            "-p",
            "hello",
            "--output-format",
            "text",
            "--approval-mode",
            "yolo",
        ]
        if model != "auto":
            argv += ["-m", model]
        return env, argv, ops

    def main(self, entry):
        return ":streamGenerateContent" in entry.get("path", "")

    def catalog(self, requests):
        for i, text in enumerate(wire.gemini_system(requests[0])):
            at = text.find(HEADING)
            if at < 0:
                continue
            end = text.find("\n\n# ", at + len(HEADING))
            section = text[at:] if end < 0 else text[at:end]
            return section, (
                f"systemInstruction.parts[{i}].text, the section from `{HEADING}` to the next "
                "`# ` heading, joined with \\n\\n on both sides"
            )
        return None, "absent"

    def load_calls(self, skill, root):
        return [{"tool": "activate_skill", "input": {"name": skill}}]

    def read_calls(self, skill, path, root, case):
        target = os.path.join(self.skill_dir(root, skill), path)
        return self.load_calls(skill, root) + [{"tool": "read_file", "input": {"file_path": target}}]

    def added(self, request):
        return wire.gemini_added_after_call(request)
