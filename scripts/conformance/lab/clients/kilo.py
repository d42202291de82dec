"""Kilo CLI (npm `@kilocode/cli`, an opencode fork, native Bun binary): `kilo run` against the
mock's OpenAI chat completions API, configured through KILO_CONFIG_CONTENT, with ripgrep on PATH
as opencode needs. The registry's newest platform package is older than the launcher package; the
binary that runs is the platform package's. Where the catalog sits and how loads and reads are
answered is opencode's, so this adapter only installs and configures Kilo.
"""

import json
import os

from ..client import npm_install
from ..mock import HOST, PORT
from ..sandbox import base_env
from .opencode import Client as OpenCode, ripgrep_bin


class Client(OpenCode):
    name = "kilo"
    version = "7.8.1"
    target = "kilo"
    project_root = ".agents/skills"
    user_root = ".agents/skills"
    roots = [
        ("home .claude/skills", "home/.claude/skills"),
        ("home .agents/skills", "home/.agents/skills"),
        ("project .claude/skills", "proj/.claude/skills"),
        ("project .agents/skills", "proj/.agents/skills"),
        ("config kilo skills", "home/.config/kilo/skills"),
        ("project .kilo/skills", "proj/.kilo/skills"),
        ("project .kilocode/skills", "proj/.kilocode/skills"),
        ("project .opencode/skills", "proj/.opencode/skills"),
    ]

    def install(self):
        npm_install(
            self.install_dir,
            [f"@kilocode/cli@{self.version}", "@kilocode/cli-linux-x64"],
            extra=["--ignore-scripts"],
        )
        ripgrep_bin()

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        env = base_env(home)
        env["PATH"] = ripgrep_bin() + ":" + env["PATH"]
        config = {
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
                        "mock-model": {"name": "mock-model", "tool_call": True, "limit": {"context": 200000, "output": 8192}}
                    },
                }
            },
        }
        config.update(extra.get("config", {}))
        env.update(
            {
                "XDG_CONFIG_HOME": os.path.join(home, ".config"),
                "XDG_DATA_HOME": os.path.join(home, ".local/share"),
                "XDG_CACHE_HOME": os.path.join(home, ".cache"),
                "XDG_STATE_HOME": os.path.join(home, ".local/state"),
                "KILO_CONFIG_CONTENT": json.dumps(config),
                "KILO_PERMISSION": '{"*":"allow"}',
                "KILO_DISABLE_AUTOUPDATE": "1",
                "KILO_DISABLE_MODELS_FETCH": "1",
                "KILO_DISABLE_SHARE": "1",
                "KILO_DISABLE_DEFAULT_PLUGINS": "1",
                "KILO_DISABLE_SESSION_INGEST": "1",
                "KILO_DISABLE_LSP_DOWNLOAD": "1",
                "KILO_EXPERIMENTAL_DISABLE_FILEWATCHER": "1",
            }
        )
        env.update(extra.get("env", {}))
        binary = os.path.join(self.install_dir, "node_modules", "@kilocode", "cli-linux-x64", "bin", "kilo")
        return env, [binary, "run", "hello"], []
