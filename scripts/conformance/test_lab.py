"""Tests of the conformance lab itself (standard library only, no client, no network beyond
loopback): the mock answers each API as clients expect, scripted tool calls go to the right
requests, cases lay out the same tree for the same client, recordings keep their date when
nothing else changed, and the wire readers find what a client added after a tool call.

    python3 -m unittest discover -s scripts/conformance -p 'test_*.py'
"""

import http.client
import json
import os
import shutil
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from lab import capture, cases, mock, record, sandbox, wire  # noqa: E402


def post(port, path, body, headers=None):
    conn = http.client.HTTPConnection(mock.HOST, port, timeout=10)
    conn.request("POST", path, json.dumps(body), {"Content-Type": "application/json", **(headers or {})})
    response = conn.getresponse()
    data = response.read().decode()
    conn.close()
    return response.status, data


def sse_events(text):
    return [json.loads(line[6:]) for line in text.splitlines() if line.startswith("data: ") and line != "data: [DONE]"]


class MockTest(unittest.TestCase):
    def setUp(self):
        self.dir = tempfile.mkdtemp()
        self.log = os.path.join(self.dir, "requests.jsonl")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def lab(self, calls=(), main=None):
        return mock.Lab(self.log, mock.Script(calls, main), "mock-model", port=0)

    def logged(self):
        with open(self.log) as f:
            return [json.loads(line) for line in f]

    def test_chat_completions_answer_text_then_the_scripted_call_only_where_the_tool_is_offered(self):
        call = {"tool": "skill", "input": {"name": "pdf"}}
        with self.lab([call]) as lab:
            status, text = post(lab.port, "/v1/chat/completions", {"stream": True, "messages": []})
            self.assertEqual(status, 200)
            self.assertEqual(sse_events(text)[0]["choices"][0]["delta"]["content"], "ok")
            tools = [{"type": "function", "function": {"name": "skill"}}]
            _, text = post(lab.port, "/v1/chat/completions", {"stream": True, "messages": [], "tools": tools})
            events = sse_events(text)
            self.assertEqual(events[0]["choices"][0]["delta"]["tool_calls"][0]["function"]["name"], "skill")
            self.assertEqual(json.loads(events[1]["choices"][0]["delta"]["tool_calls"][0]["function"]["arguments"]), {"name": "pdf"})
            self.assertEqual(events[-1]["choices"][0]["finish_reason"], "tool_calls")
            # The script is used up: text again.
            _, text = post(lab.port, "/v1/chat/completions", {"stream": False, "messages": [], "tools": tools})
            self.assertEqual(json.loads(text)["choices"][0]["message"]["content"], "ok")
        self.assertEqual(len(self.logged()), 3)
        self.assertEqual(self.logged()[1]["body"]["tools"], tools)

    def test_anthropic_messages_stream_a_tool_use(self):
        with self.lab([{"tool": "Skill", "input": {"skill": "x"}}]) as lab:
            _, text = post(lab.port, "/v1/messages", {"stream": True, "model": "m", "messages": [], "tools": [{"name": "Skill"}]})
        events = sse_events(text)
        kinds = [e["type"] for e in events]
        self.assertEqual(kinds[0], "message_start")
        self.assertEqual(kinds[-1], "message_stop")
        start = next(e for e in events if e["type"] == "content_block_start")
        self.assertEqual(start["content_block"]["name"], "Skill")
        delta = next(e for e in events if e["type"] == "content_block_delta")
        self.assertEqual(json.loads(delta["delta"]["partial_json"]), {"skill": "x"})

    def test_responses_and_gemini_answer_text(self):
        with self.lab() as lab:
            _, text = post(lab.port, "/v1/responses", {"model": "gpt", "input": []})
            self.assertEqual(sse_events(text)[-1]["type"], "response.completed")
            _, text = post(lab.port, "/v1beta/models/g:streamGenerateContent?alt=sse", {"contents": []})
            part = sse_events(text)[0]["candidates"][0]["content"]["parts"][0]
            self.assertEqual(part, {"text": "ok"})
            # A router request that wants JSON is refused at once.
            status, _ = post(
                lab.port,
                "/v1beta/models/g:generateContent",
                {"contents": [], "generationConfig": {"responseMimeType": "application/json"}},
            )
            self.assertEqual(status, 400)

    def test_the_main_test_keeps_calls_for_main_loop_requests(self):
        main = lambda entry: "main" in entry["path"]  # noqa: E731
        tools = [{"type": "function", "function": {"name": "skill"}}]
        with self.lab([{"tool": "skill", "input": {}}], main) as lab:
            _, text = post(lab.port, "/side/chat/completions", {"messages": [], "tools": tools})
            self.assertIn("ok", text)
            _, text = post(lab.port, "/main/chat/completions", {"messages": [], "tools": tools})
            self.assertIn("tool_calls", text)


class FakeClient:
    name = "fake"
    project_root = ".fake/skills"
    user_root = ".fake/skills"
    roots = [("user", "home/.fake/skills"), ("project", "proj/.fake/skills")]


class CasesTest(unittest.TestCase):
    def test_every_case_lays_out_for_a_client_the_same_way_twice(self):
        for name in cases.names():
            case = cases.load(name)
            self.assertEqual(cases.operations(case, FakeClient), cases.operations(case, FakeClient), name)

    def test_placements_and_generated_skills(self):
        case = {
            "name": "t",
            "skills": [
                {"make": ["in-{n}"], "at": "every-root", "description": "In {root}."},
                {"from": ["fixtures/skills/code-review"], "at": "path:proj/app/{project}", "under": "g"},
            ],
            "files": [{"path": "proj/{project}/x.txt", "text": "$SANDBOX"}],
        }
        ops = cases.operations(case, FakeClient)
        paths = [op["path"] for op in ops]
        self.assertIn("home/.fake/skills/in-0/SKILL.md", paths)
        self.assertIn("proj/.fake/skills/in-1/SKILL.md", paths)
        self.assertIn("proj/app/.fake/skills/g/code-review", paths)
        self.assertIn("proj/.fake/skills/x.txt", paths)
        written = next(op for op in ops if op["path"] == "proj/.fake/skills/in-1/SKILL.md")
        self.assertIn("description: In project.\n", written["text"])

    def test_a_tree_is_built_with_the_sandbox_path_substituted(self):
        root = tempfile.mkdtemp()
        try:
            sandbox.build(root, [{"op": "write", "path": "a/b.txt", "text": "at $SANDBOX/x"}, {"op": "symlink", "path": "a/l", "target": "b.txt"}])
            with open(os.path.join(root, "a/b.txt")) as f:
                self.assertEqual(f.read(), f"at {root}/x")
            self.assertEqual(os.readlink(os.path.join(root, "a/l")), "b.txt")
        finally:
            shutil.rmtree(root)

    def test_the_replay_env_names_the_sandbox_and_nothing_of_this_machine(self):
        root = "/tmp/lab-sandbox"
        env = {
            "HOME": f"{root}/home",
            "PATH": "/usr/bin",
            "LAB_DRIVER": "x",
            "TOOL_CACHE": os.path.join(capture.INSTALLS, "tool@1.0", "cache"),
            "MODEL": "mock-model",
        }
        self.assertEqual(capture.replay_env(env, root), {"HOME": "$SANDBOX/home", "MODEL": "mock-model"})

    def test_unknown_cases_and_placements_are_errors(self):
        with self.assertRaises(cases.CaseError):
            cases.load("no-such-case")
        with self.assertRaises(cases.CaseError):
            cases.operations({"name": "t", "skills": [{"make": ["a"], "at": "nowhere"}]}, FakeClient)


class RecordTest(unittest.TestCase):
    def setUp(self):
        self.root = tempfile.mkdtemp()
        self.saved = record.ROOT
        record.ROOT = self.root

    def tearDown(self):
        record.ROOT = self.saved
        shutil.rmtree(self.root)

    def client(self):
        c = FakeClient()
        c.version = "1.0"
        return c

    def test_a_refresh_that_only_changes_the_date_changes_nothing(self):
        first = record.Recording(self.client(), "case")
        first.put("m/catalog.txt", "A")
        first.put_json("m/meta.json", {"model": "m", "captured": "2026-01-01"})
        self.assertTrue(first.commit())
        again = record.Recording(self.client(), "case")
        again.put("m/catalog.txt", "A")
        again.put_json("m/meta.json", {"model": "m", "captured": "2026-02-02"})
        self.assertEqual(again.commit(), [])
        changed = record.Recording(self.client(), "case")
        changed.put("m/catalog.txt", "B")
        changed.put_json("m/meta.json", {"model": "m", "captured": "2026-02-02"})
        diff = "".join(changed.commit())
        self.assertIn("-A", diff)
        self.assertIn("+B", diff)
        with open(os.path.join(self.root, "fake@1.0", "case", "m", "meta.json")) as f:
            self.assertEqual(json.load(f)["captured"], "2026-02-02")


class WireTest(unittest.TestCase):
    def test_chat_parts_after_the_tool_call(self):
        request = {
            "messages": [
                {"role": "system", "content": "sys"},
                {"role": "user", "content": "hello"},
                {"role": "assistant", "content": None, "tool_calls": [{"id": "1"}]},
                {"role": "tool", "content": "LOADED"},
                {"role": "user", "content": [{"type": "text", "text": "more"}]},
            ]
        }
        parts = wire.chat_added_after_call(request)
        self.assertEqual([(p["role"], p["text"]) for p in parts], [("tool", "LOADED"), ("user", "more")])

    def test_anthropic_parts_after_the_tool_use(self):
        request = {
            "messages": [
                {"role": "user", "content": "hello"},
                {"role": "assistant", "content": [{"type": "tool_use", "name": "Skill"}]},
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "content": [{"type": "text", "text": "Launching"}], "is_error": False},
                        {"type": "text", "text": "Base directory"},
                    ],
                },
            ]
        }
        parts = wire.anthropic_added_after_call(request)
        self.assertEqual([(p["role"], p["text"]) for p in parts], [("tool", "Launching"), ("user", "Base directory")])

    def test_gemini_function_responses(self):
        request = {"contents": [{"role": "user", "parts": [{"functionResponse": {"response": {"output": "X"}}}]}]}
        self.assertEqual(wire.gemini_added_after_call(request)[0]["text"], "X")
        request = {"contents": [{"role": "user", "parts": [{"functionResponse": {"response": {"error": "E"}}}]}]}
        self.assertTrue(wire.gemini_added_after_call(request)[0]["error"])


class CodexTest(unittest.TestCase):
    def test_a_load_is_a_mention_or_a_whole_prompt(self):
        from lab.clients.codex import mention_prompt

        self.assertEqual(mention_prompt("pdf", "/sb"), "$pdf")
        self.assertEqual(mention_prompt("$a and $b", "/sb"), "$a and $b")
        self.assertEqual(mention_prompt("[$d]($SANDBOX/p/SKILL.md)", "/sb"), "[$d](/sb/p/SKILL.md)")
        self.assertEqual(mention_prompt("no sigil", "/sb"), "no sigil")

    def test_the_mentions_are_the_user_messages_after_the_prompt(self):
        from lab.clients.codex import Client

        client = Client()
        client.prompt = "[$d](/p/SKILL.md)"
        request = {
            "input": [
                {"type": "message", "role": "developer", "content": [{"type": "input_text", "text": "<skills_instructions>"}]},
                {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "[$d](/p/SKILL.md)"}]},
                {"type": "message", "role": "user", "content": [{"type": "input_text", "text": "<skill>d</skill>"}]},
            ]
        }
        self.assertEqual([p["text"] for p in client.added(request)], ["<skill>d</skill>"])

    def test_config_keys_of_a_case_stay_top_level(self):
        from lab.clients.codex import CONFIG

        text = CONFIG.format(model="m", host="h", port=1, top="model_context_window = 100\n")
        self.assertLess(text.index("model_context_window"), text.index("["))


class AdapterTest(unittest.TestCase):
    def test_letta_keeps_a_catalog_whose_description_closes_the_block(self):
        from lab.clients.letta import Client

        system = (
            "Prompt with <available_skills> in it.\n<memory_metadata>\n- x\n</memory_metadata>\n\n"
            "<available_skills>\n- `a`: Mentions </available_skills> here\n- `b`: B\n</available_skills>"
        )
        text, _ = Client().catalog([{"messages": [{"role": "system", "content": system}]}])
        self.assertEqual(text, system[system.index("\n\n<available_skills>") + 2 :])

    def test_pi_loads_the_location_the_catalog_lists(self):
        from lab.clients.pi import Client

        client = Client()
        client.catalog_text = (
            "<available_skills>\n  <skill>\n    <name>a&amp;b</name>\n"
            "    <description>two\nlines</description>\n    <location>/s/proj/x/SKILL.md</location>\n"
            "  </skill>\n</available_skills>"
        )
        self.assertEqual(client.load_calls("a&b", "/s"), [{"tool": "read", "input": {"path": "/s/proj/x/SKILL.md"}}])
        self.assertEqual(client.read_calls("a&b", "r.md", "/s", {})[1]["input"]["path"], "/s/proj/x/r.md")
        guess = client.load_calls("nope", "/s")[0]["input"]["path"]
        self.assertEqual(guess, "/s/proj/.agents/skills/nope/SKILL.md")


if __name__ == "__main__":
    unittest.main()
