"""opencode (npm `opencode-ai`, a native Bun binary): `opencode run` against the mock's OpenAI
chat completions API, with ripgrep 15.1.0 from PyPI on PATH (its skill tool lists files with
`rg`, and would try to download it otherwise).
"""

import json
import os
import subprocess

from .. import wire
from ..client import CACHE, Client as Base, npm_install
from ..mock import HOST, PORT
from ..sandbox import LabError, base_env

RIPGREP = "15.1.0"

INTRO = "Skills provide specialized instructions and workflows for specific tasks."


def ripgrep_bin():
    """A folder with `rg` in it, from the PyPI package `ripgrep`."""
    venv = os.path.join(CACHE, f"ripgrep@{RIPGREP}")
    rg = os.path.join(venv, "bin", "rg")
    if not os.path.exists(rg):
        subprocess.run(["python3", "-m", "venv", venv], check=True)
        p = subprocess.run(
            [os.path.join(venv, "bin", "pip"), "install", "--quiet", f"ripgrep=={RIPGREP}"],
            capture_output=True,
            text=True,
        )
        if p.returncode != 0 or not os.path.exists(rg):
            raise LabError(f"pip install ripgrep=={RIPGREP} failed:\n{p.stderr[-2000:]}")
    only = os.path.join(venv, "rg-only")
    os.makedirs(only, exist_ok=True)
    link = os.path.join(only, "rg")
    if not os.path.lexists(link):
        os.symlink(rg, link)
    return only


class Client(Base):
    name = "opencode"
    version = "1.18.33"
    target = "opencode"
    project_root = ".opencode/skills"
    user_root = ".config/opencode/skills"
    roots = [
        ("home .claude/skills", "home/.claude/skills"),
        ("home .agents/skills", "home/.agents/skills"),
        ("project .claude/skills", "proj/.claude/skills"),
        ("project .agents/skills", "proj/.agents/skills"),
        ("config skill", "home/.config/opencode/skill"),
        ("config skills", "home/.config/opencode/skills"),
        ("project .opencode/skill", "proj/.opencode/skill"),
        ("project .opencode/skills", "proj/.opencode/skills"),
        ("home .opencode/skill", "home/.opencode/skill"),
        ("home .opencode/skills", "home/.opencode/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"opencode-ai@{self.version}"])
        ripgrep_bin()

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env["PATH"] = ripgrep_bin() + ":" + env["PATH"]
        env.update(
            {
                "XDG_CONFIG_HOME": os.path.join(home, ".config"),
                "XDG_DATA_HOME": os.path.join(home, ".local/share"),
                "XDG_CACHE_HOME": os.path.join(home, ".cache"),
                "XDG_STATE_HOME": os.path.join(home, ".local/state"),
                "OPENCODE_DISABLE_AUTOUPDATE": "1",
                "OPENCODE_DISABLE_MODELS_FETCH": "1",
                "OPENCODE_DISABLE_SHARE": "1",
                "OPENCODE_DISABLE_LSP_DOWNLOAD": "1",
                "OPENCODE_DISABLE_DEFAULT_PLUGINS": "1",
                "OPENCODE_DISABLE_EMBEDDED_WEB_UI": "1",
                "OPENCODE_DISABLE_TERMINAL_TITLE": "1",
                "OPENCODE_EXPERIMENTAL_DISABLE_FILEWATCHER": "1",
                "OPENCODE_PERMISSION": '{"*":"allow"}',
            }
        )
        env.update(extra.get("env", {}))
        config = {
            "$schema": "https://opencode.ai/config.json",
            "autoupdate": False,
            "share": "disabled",
            "lsp": False,
            "formatter": False,
            "enabled_providers": ["mock"],
            "model": "mock/mock-model",
            "small_model": "mock/mock-model",
            "provider": {
                "mock": {
                    "npm": "@ai-sdk/openai-compatible",
                    "name": "mock",
                    "options": {"baseURL": f"http://{HOST}:{PORT}/v1", "apiKey": "sk-test"},
                    "models": {
                        "mock-model": {
                            "name": "mock-model",
                            "tool_call": True,
                            "limit": {"context": 200000, "output": 8192},
                        }
                    },
                }
            },
        }
        config.update(extra.get("config", {}))
        ops = [
            {
                "op": "write",
                "path": "home/.config/opencode/opencode.json",
                "text": json.dumps(config, indent=2) + "\n",
            }
        ]
        binary = os.path.join(self.install_dir, "node_modules", ".bin", "opencode")
        return env, [binary, "run", "hello"], ops

    def main(self, entry):
        # The title generator's request offers no tools.
        return bool((entry.get("body") or {}).get("tools"))

    def catalog(self, requests):
        system = wire.chat_system(requests[0])
        for i, text in enumerate(system):
            at = text.rfind(INTRO)
            if at >= 0:
                return text[at:], f"messages[0] (system) text {i}, the last part, after a newline"
        return None, "absent"

    def load_calls(self, skill, root):
        return [{"tool": "skill", "input": {"name": skill}}]

    def read_calls(self, skill, path, root, case):
        return self.load_calls(skill, root) + [
            {"tool": "read", "input": {"filePath": os.path.join(self.skill_dir(root, skill), path)}}
        ]

    def added(self, request):
        return wire.chat_added_after_call(request)
