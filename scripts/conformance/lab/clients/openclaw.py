"""OpenClaw (npm `openclaw`, Node 24): `openclaw agent --local` against the mock's OpenAI chat
completions API. The catalog is the `## Skills` section of the system message; there is no skill
tool: a load is the model reading the listed SKILL.md with `read`.

OpenClaw's bundled skills are listed with their paths, and the catalog's budget counts those
characters, so the recordings must not depend on where the client is installed: each run points
OpenClaw's own OPENCLAW_BUNDLED_SKILLS_DIR at `$SANDBOX/openclaw/skills`, a link to the package's
`skills` folder (its `custodian-skills` sibling is linked beside it), which the replay's
environment names as well.
"""

import html
import json
import os
import re

from .. import wire
from ..client import Client as Base, node24, npm_install
from ..mock import HOST, PORT
from ..sandbox import LabError, base_env

HEADING = "## Skills"
INTERNAL = "<<<BEGIN_OPENCLAW_INTERNAL_CONTEXT>>>"


class Client(Base):
    name = "openclaw"
    version = "2026.9.6"
    target = "openclaw"
    package = "openclaw"
    project_root = "skills"
    user_root = ".agents/skills"
    roots = [
        ("workspace skills", "proj/skills"),
        ("workspace .agents/skills", "proj/.agents/skills"),
        ("user .agents/skills", "home/.agents/skills"),
        ("managed skills", "home/.openclaw/skills"),
    ]

    def install(self):
        npm_install(self.install_dir, [f"openclaw@{self.version}"], node_bin=node24())

    def prepare(self, root, case, model, extra, run):
        home = os.path.join(root, "home")
        state = os.path.join(home, ".openclaw")
        env = base_env(home)
        env["PATH"] = node24() + ":" + env["PATH"]
        env.update(
            {
                "OPENCLAW_STATE_DIR": state,
                "OPENCLAW_CONFIG_PATH": os.path.join(state, "openclaw.json"),
                "OPENCLAW_DISABLE_UPDATE_CHECK": "1",
                "OPENCLAW_NO_UPDATE_CHECK": "1",
            }
        )
        package = os.path.join(self.install_dir, "node_modules", "openclaw")
        links = os.path.join(root, "openclaw")
        os.makedirs(links, exist_ok=True)
        for folder in ("skills", "custodian-skills"):
            link = os.path.join(links, folder)
            if not os.path.lexists(link):
                os.symlink(os.path.join(os.path.realpath(package), folder), link)
        env["OPENCLAW_BUNDLED_SKILLS_DIR"] = os.path.join(links, "skills")
        env.update(extra.get("env", {}))
        config = {
            "agents": {
                "defaults": {
                    "workspace": os.path.join(root, "proj"),
                    "model": {"primary": "mock/mock-model"},
                }
            },
            "models": {
                "mode": "replace",
                "providers": {
                    "mock": {
                        "baseUrl": f"http://{HOST}:{PORT}/v1",
                        "apiKey": "sk-test",
                        "api": "openai-completions",
                        "models": [
                            {
                                "id": "mock-model",
                                "name": "mock-model",
                                "reasoning": False,
                                "input": ["text"],
                                "cost": {"input": 0, "output": 0, "cacheRead": 0, "cacheWrite": 0},
                                "contextWindow": 200000,
                                "maxTokens": 4096,
                            }
                        ],
                    }
                },
            },
            "update": {"checkOnStart": False},
        }
        for key, value in extra.get("config", {}).items():
            config[key] = value
        text = json.dumps(config, indent=2).replace(root, "$SANDBOX") + "\n"
        ops = [{"op": "write", "path": "home/.openclaw/openclaw.json", "text": text}]
        node = os.path.join(node24(), "node")
        script = os.path.join(self.install_dir, "node_modules", "openclaw", "openclaw.mjs")
        argv = [node, script, "agent", "--local", "--agent", "main", "--session-id", "lab", "-m", "hello", "--json"]
        return env, argv, ops

    def main(self, entry):
        body = entry.get("body") or {}
        return entry.get("path", "").endswith("/chat/completions") and bool(body.get("tools"))

    def catalog(self, requests):
        self.locations = {}
        for i, text in enumerate(wire.chat_system(requests[0])):
            at = text.find(HEADING + "\n")
            if at < 0:
                continue
            end = text.find("\n## ", at + len(HEADING))
            section = text[at:] if end < 0 else text[at : end + 1]
            self.locations = {
                html.unescape(name): html.unescape(location)
                for name, location in re.findall(
                    r"<name>(.*?)</name>\n(?:    <description>.*?</description>\n)?    <location>(.*?)</location>",
                    section,
                    re.S,
                )
            }
            return section, f"messages[0] (system) text {i}, the `{HEADING}` section up to the next `## ` heading"
        return None, "absent"

    def folder(self, root, skill):
        """The folder of the skill OpenClaw lists as `skill`: where the catalog's <location>
        points (the model reads exactly that); else a skill of that frontmatter name or folder
        name; else where a guess would look in the workspace."""
        location = getattr(self, "locations", {}).get(skill)
        if location:
            if location.startswith("~/"):
                location = os.path.join(root, "home", location[2:])
            return os.path.dirname(location)
        for base, dirs, files in sorted(os.walk(root)):
            dirs.sort()
            if "SKILL.md" in files:
                with open(os.path.join(base, "SKILL.md"), encoding="utf-8", errors="replace") as f:
                    text = f.read().lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
                names = re.findall(r"^name:\s*(.*?)\s*$", text.split("\n---", 1)[0], re.M)
                if names and names[0].strip("\"'") == skill:
                    return base
        try:
            return self.skill_dir(root, skill)
        except LabError:
            return os.path.join(root, "proj", self.project_root, skill)

    def load_calls(self, skill, root):
        return [{"tool": "read", "input": {"path": os.path.join(self.folder(root, skill), "SKILL.md")}}]

    def read_calls(self, skill, path, root, case):
        return self.load_calls(skill, root) + [
            {"tool": "read", "input": {"path": os.path.join(self.folder(root, skill), path)}}
        ]

    def added(self, request):
        # OpenClaw adds its own per-turn context as a user message after every tool result;
        # it is not part of the read.
        return [
            p
            for p in wire.chat_added_after_call(request)
            if not (p["role"] == "user" and p["text"].startswith(INTERNAL))
        ]
