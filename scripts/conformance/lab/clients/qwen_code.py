"""Qwen Code (npm `@qwen-code/qwen-code`, Node 24): `qwen -p` against the mock's OpenAI chat
completions API. The catalog is a `<system-reminder>` text part of the first user message; a
memory-extraction request follows each turn, so only the first main request is read.
"""

import json
import os

from .. import wire
from ..client import Client as Base, node24, npm_install
from ..mock import HOST, PORT
from ..sandbox import base_env

HEADER = "The following skills are available for use with the Skill tool."


def user_texts(request):
    out = []
    for i, m in enumerate(request.get("messages") or []):
        if m.get("role") != "user":
            continue
        content = m.get("content")
        if isinstance(content, str):
            out.append((f"messages[{i}].content", content))
            continue
        for j, part in enumerate(content or []):
            if part.get("type") == "text":
                out.append((f"messages[{i}].content[{j}].text", part.get("text", "")))
    return out


class Client(Base):
    name = "qwen-code"
    version = "0.24.4"
    target = "qwen-code"
    project_root = ".qwen/skills"
    user_root = ".qwen/skills"
    roots = [
        ("project .qwen/skills", "proj/.qwen/skills"),
        ("project .agents/skills", "proj/.agents/skills"),
        ("user .qwen/skills", "home/.qwen/skills"),
        ("user .agents/skills", "home/.agents/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"@qwen-code/qwen-code@{self.version}"], node_bin=node24())

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env["PATH"] = node24() + ":" + env["PATH"]
        env.update(
            {
                "QWEN_CODE_NO_RELAUNCH": "true",
                "OPENAI_BASE_URL": f"http://{HOST}:{PORT}/v1",
                "OPENAI_API_KEY": "sk-test",
                "OPENAI_MODEL": "mock-model",
            }
        )
        env.update(extra.get("env", {}))
        settings = {
            "privacy": {"usageStatisticsEnabled": False},
            "telemetry": {"enabled": False},
            "general": {"enableAutoUpdate": False, "disableAutoUpdate": True, "enableAutoUpdateNotification": False},
            "ide": {"enabled": False},
            "security": {"auth": {"selectedType": "openai"}, "folderTrust": {"enabled": False}},
        }
        settings.update(extra.get("config", {}))
        ops = [
            {"op": "write", "path": "home/.qwen/settings.json", "text": json.dumps(settings, indent=2) + "\n"},
            {"op": "write", "path": "home/.qwen/trustedFolders.json", "text": '{"$SANDBOX/proj": "TRUST_FOLDER"}\n'},
        ]
        cli = os.path.join(self.install_dir, "node_modules", "@qwen-code", "qwen-code", "cli.js")
        # Headless mode declines the skill tool unless approvals are off.
        argv = [
            os.path.join(node24(), "node"), cli, "--auth-type", "openai", "-p", "hello",
            "--output-format", "text", "--approval-mode", "yolo",
        ]
        return env, argv, ops

    def main(self, entry):
        body = entry.get("body") or {}
        return entry.get("path", "").endswith("/chat/completions") and any(
            (t.get("function") or {}).get("name") == "skill" for t in body.get("tools") or []
        )

    def catalog(self, requests):
        for where, text in user_texts(requests[0]):
            if HEADER in text and text.startswith("<system-reminder>"):
                return text, f"{where}, the first user message's own text part"
        return None, "absent"

    def load_calls(self, skill, root):
        return [{"tool": "skill", "input": {"skill": skill}}]

    def read_calls(self, skill, path, root, case):
        return self.load_calls(skill, root) + [
            {"tool": "read_file", "input": {"file_path": os.path.join(self.skill_dir(root, skill), path)}}
        ]

    def added(self, request):
        return wire.chat_added_after_call(request)
