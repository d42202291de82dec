"""Claude Code (npm `@anthropic-ai/claude-code`, a native Bun binary): `claude -p` against the
mock's Anthropic Messages API. Where the skill listing sits depends on the model: a role=system
message after the user's first message (1M models, unwrapped or in `<system-reminder>`), or a
`<system-reminder>` text part of the first user message (200k models).
"""

import json
import os

from .. import wire
from ..client import Client as Base, npm_install
from ..mock import HOST, PORT
from ..sandbox import base_env

HEADER = "The following skills are available for use with the Skill tool:"
OPEN, CLOSE = "<system-reminder>\n", "\n</system-reminder>"

SWITCHES = {
    "DISABLE_TELEMETRY": "1",
    "DISABLE_ERROR_REPORTING": "1",
    "DISABLE_AUTOUPDATER": "1",
    "DISABLE_UPDATES": "1",
    "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
    "CLAUDE_CODE_ENABLE_TELEMETRY": "0",
    "DISABLE_BUG_COMMAND": "1",
    "DISABLE_FEEDBACK_COMMAND": "1",
    "CLAUDE_CODE_DISABLE_FEEDBACK_SURVEY": "1",
    "DISABLE_INSTALLATION_CHECKS": "1",
    "DISABLE_COST_WARNINGS": "1",
    "DISABLE_GROWTHBOOK": "1",
    "CLAUDE_CODE_DISABLE_OFFICIAL_MARKETPLACE_AUTOINSTALL": "1",
    "CLAUDE_CODE_DISABLE_VITALS_EMITTER": "1",
    "CLAUDE_CODE_DISABLE_TERMINAL_TITLE": "1",
}


def texts(request):
    """(where, text) of every text block of every message, in order."""
    out = []
    for i, m in enumerate(request.get("messages") or []):
        content = m.get("content")
        if isinstance(content, str):
            out.append((f"messages[{i}] (role {m.get('role')})", content))
            continue
        for j, part in enumerate(content or []):
            if part.get("type") == "text":
                out.append((f"messages[{i}].content[{j}] (role {m.get('role')})", part.get("text", "")))
    return out


class Client(Base):
    name = "claude-code"
    version = "2.1.331"
    target = "claude-code"
    models = ["claude-opus-5-5", "claude-sonnet-5", "claude-sonnet-4-5"]
    model_dependent = True
    project_root = ".claude/skills"
    user_root = ".claude/skills"
    roots = [
        ("user .claude/skills", "home/.claude/skills"),
        ("project .claude/skills", "proj/.claude/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"@anthropic-ai/claude-code@{self.version}"])

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env.update(SWITCHES)
        env.update(
            {
                "ANTHROPIC_BASE_URL": f"http://{HOST}:{PORT}",
                "ANTHROPIC_API_KEY": "sk-ant-test",
                "IS_SANDBOX": "1",
            }
        )
        env.update(extra.get("env", {}))
        ops = []
        if extra.get("settings"):
            ops.append(
                {
                    "op": "write",
                    "path": "home/.claude/settings.json",
                    "text": json.dumps(extra["settings"], indent=2) + "\n",
                }
            )
        binary = os.path.join(
            self.install_dir, "node_modules", "@anthropic-ai", "claude-code-linux-x64", "claude"
        )
        argv = [
            binary,
            "-p",
            "hello",
            "--output-format",
            "json",
            "--dangerously-skip-permissions",
            "--model",
            model,
        ]
        return env, argv, ops

    def main(self, entry):
        body = entry.get("body") or {}
        return entry.get("path", "").split("?")[0].endswith("/v1/messages") and any(
            t.get("name") == "Skill" for t in body.get("tools") or []
        )

    def catalog(self, requests):
        for where, text in texts(requests[0]):
            at = text.find(HEADER)
            if at < 0:
                continue
            if text[:at].endswith(OPEN):
                start = at - len(OPEN)
                end = text.find(CLOSE, at)
                return text[start : end + len(CLOSE)], f"{where}, in <system-reminder>"
            end = text.find("\n\n", at + len(HEADER) + 2)
            section = text[at:] if end < 0 else text[at:end]
            return section, f"{where}, one section of the text, joined with \\n\\n"
        return None, "absent"

    def load_calls(self, skill, root):
        return [{"tool": "Skill", "input": {"skill": skill}}]

    def read_calls(self, skill, path, root, case):
        target = os.path.join(self.skill_dir(root, skill), path)
        return self.load_calls(skill, root) + [{"tool": "Read", "input": {"file_path": target}}]

    def added(self, request):
        return wire.anthropic_added_after_call(request)
