"""Mastra (npm `@mastra/core`, a library): a real Agent driven in-process by mastra_driver.mjs on
Node 24, with a workspace on the project folder and `skills: ['skills']` (or the paths a case
gives as `[client.mastra] skills = [...]`, replayed with `--skills-path`). The catalog is two
separate system messages (`<available_skills>…` and the `IMPORTANT: Skills are NOT tools.`
paragraph); a recording joins them with a blank line, as `skills catalog -t mastra` prints them.
"""

import json
import os

from ..client import Client as Base, node24, npm_install
from ..sandbox import base_env

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPEN = "<available_skills>"
NOTE = "IMPORTANT: Skills are NOT tools."


def system_texts(prompt):
    return [m.get("content") for m in prompt if m.get("role") == "system" and isinstance(m.get("content"), str)]


class Client(Base):
    name = "mastra"
    version = "1.71.0"
    target = "mastra"
    in_process = True
    project_root = "skills"
    user_root = "skills"
    roots = [("workspace skills", "proj/skills")]

    def install(self):
        npm_install(self.install_dir, [f"@mastra/core@{self.version}"], node_bin=node24())

    def prepare(self, root, case, model, extra, run):
        env = base_env(os.path.join(root, "home"))
        env["PATH"] = node24() + ":" + env["PATH"]
        env.update(extra.get("env", {}))
        if extra.get("skills"):
            env["LAB_SKILLS"] = json.dumps(extra["skills"])
        node = os.path.join(node24(), "node")
        driver = os.path.join(HERE, "mastra_driver.mjs")
        return env, [node, driver, os.path.join(self.install_dir, "node_modules")], []

    def case_replay_args(self, extra):
        return [arg for path in extra.get("skills", []) for arg in ("--skills-path", path)]

    def catalog(self, requests):
        texts = system_texts(requests[0].get("prompt") or [])
        for i, text in enumerate(texts):
            if text.startswith(OPEN):
                if i + 1 < len(texts) and texts[i + 1].startswith(NOTE):
                    return text + "\n\n" + texts[i + 1], (
                        f"system messages {i + 1} and {i + 2} of {len(texts)}, two separate messages "
                        "(joined here with a blank line)"
                    )
                return text, f"system message {i + 1} of {len(texts)}"
        return None, "absent"

    def load_calls(self, skill, root):
        return [{"tool": "skill", "input": {"name": skill}}]

    def read_calls(self, skill, path, root, case):
        return self.load_calls(skill, root) + [{"tool": "skill_read", "input": {"skillName": skill, "path": path}}]

    def added(self, request):
        prompt = request.get("prompt") or []
        last = max(
            (
                i
                for i, m in enumerate(prompt)
                if m.get("role") == "assistant"
                and any(isinstance(p, dict) and p.get("type") == "tool-call" for p in m.get("content") or [])
            ),
            default=None,
        )
        if last is None:
            return []
        parts = []
        for i, m in enumerate(prompt[last + 1 :], start=last + 1):
            for j, part in enumerate(m.get("content") or []):
                if part.get("type") == "tool-result":
                    output = part.get("output") or {}
                    value = output.get("value")
                    parts.append(
                        {
                            "role": "tool",
                            "text": value if isinstance(value, str) else str(value),
                            "wire": f"prompt[{i}].content[{j}] tool-result output.{output.get('type')}",
                        }
                    )
                elif part.get("type") == "text":
                    parts.append({"role": m.get("role"), "text": part.get("text", ""), "wire": f"prompt[{i}].content[{j}] text"})
        return parts
