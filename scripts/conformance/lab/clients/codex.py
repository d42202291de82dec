"""Codex CLI (npm `@openai/codex`, a native musl binary): `codex exec` against the mock's OpenAI
Responses API. The catalog is the `<skills_instructions>` part of a developer message; a load is
a `$name` mention in the prompt, which Codex answers with a `<skill>` user message in the same
request (no tool call). A case's load may also be a whole prompt (see `mention_prompt`).
"""

import os

from .. import wire
from ..client import Client as Base, npm_install
from ..mock import HOST, PORT
from ..sandbox import base_env

OPEN = "<skills_instructions>"

CONFIG = """model = "{model}"
model_provider = "mock"
check_for_update_on_startup = false
{top}
[model_providers.mock]
name = "mock"
base_url = "http://{host}:{port}/v1"
env_key = "MOCK_API_KEY"
wire_api = "responses"
request_max_retries = 0
stream_max_retries = 0

[analytics]
enabled = false

[feedback]
enabled = false

[otel]
exporter = "none"
log_user_prompt = false

[history]
persistence = "none"
"""


def mention_prompt(load, root):
    """The prompt of a load: a plain skill name becomes `$name`; a load with a space, `$` or `[`
    is a whole user message (several mentions, a linked `[$name](path)`, plain text), with
    `$SANDBOX` standing for the sandbox's path."""
    if any(c in load for c in " $["):
        return load.replace("$SANDBOX", root)
    return f"${load}"


class Client(Base):
    name = "codex"
    version = "0.169.0"
    target = "codex"
    models = ["gpt-5.5", "gpt-6-sol"]
    model_dependent = True
    # Codex reads files with its shell tool, which the lab does not script.
    reads = False
    project_root = ".agents/skills"
    user_root = ".agents/skills"
    roots = [
        ("project .codex/skills", "proj/.codex/skills"),
        ("CODEX_HOME skills", "home/.codex/skills"),
        ("user .agents/skills", "home/.agents/skills"),
        ("project .agents/skills", "proj/.agents/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"@openai/codex@{self.version}"])

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env.update(
            {
                "CODEX_HOME": os.path.join(home, ".codex"),
                "MOCK_API_KEY": "sk-test",
                "RUST_LOG": "warn",
            }
        )
        env.update(extra.get("env", {}))
        # A case's `config_toml` holds top-level keys: it goes before the first table.
        config = CONFIG.format(model=model, host=HOST, port=PORT, top=extra.get("config_toml", ""))
        ops = [{"op": "write", "path": "home/.codex/config.toml", "text": config}]
        binary = os.path.join(
            self.install_dir,
            "node_modules",
            "@openai",
            "codex-linux-x64",
            "vendor",
            "x86_64-unknown-linux-musl",
            "bin",
            "codex",
        )
        self.prompt = "hello" if run["kind"] == "catalog" else mention_prompt(run["skill"], root)
        return env, [binary, "exec", "--skip-git-repo-check", "-s", "read-only", "--", self.prompt], ops

    def main(self, entry):
        return entry.get("path", "").split("?")[0].endswith("/responses")

    def catalog(self, requests):
        for i, j, role, text in wire.responses_items(requests[0]):
            if text.startswith(OPEN):
                return text, f"input[{i}] ({role}) content[{j}]"
        return None, "absent"

    def load_calls(self, skill, root):
        # A mention needs no tool call: the first request carries the skill.
        return []


    def added(self, request):
        """The user messages after the prompt: one `<skill>` message per mentioned skill."""
        items = wire.responses_items(request)
        prompt = max((k for k, (i, j, role, text) in enumerate(items) if role == "user" and text == self.prompt), default=None)
        if prompt is None:
            return []
        return [
            {"role": role, "text": text, "wire": f"input[{i}] role={role} content[{j}]"}
            for i, j, role, text in items[prompt + 1 :]
        ]
