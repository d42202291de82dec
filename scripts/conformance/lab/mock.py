"""The mock model API the clients talk to: Anthropic Messages, OpenAI Responses, OpenAI Chat
Completions and Gemini, on 127.0.0.1 only. It logs every request (method, path, headers and
body) as one JSON line and answers with plain text, or, for a load case, with the next tool call
of its script on the first request that offers that tool.

Runs in a thread of the capture process, inside the private network namespace.
"""

import base64
import http.server
import json
import threading
import uuid

HOST = "127.0.0.1"
PORT = 18080


class Script:
    """The tool calls to answer with, in order. A call is `{"tool": NAME, "input": {...}}`; each
    is answered on the next request that offers the tool and passes the client's `main` test
    (which sees the whole logged request: method, path, headers, body)."""

    def __init__(self, calls, main=None):
        self.calls = list(calls)
        self.main = main or (lambda request: True)
        self.lock = threading.Lock()
        self.answered = 0

    def next_call(self, request, offered):
        with self.lock:
            if self.answered >= len(self.calls) or not self.main(request):
                return None
            call = self.calls[self.answered]
            if call["tool"] not in offered:
                return None
            self.answered += 1
            return call


def _sse(events):
    out = []
    for name, data in events:
        if name:
            out.append(f"event: {name}\n")
        out.append(f"data: {json.dumps(data)}\n\n")
    return "".join(out).encode()


def _text_id():
    return uuid.uuid4().hex[:24]


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "mock"

    def log_message(self, *args):  # quiet
        pass

    # -- plumbing -------------------------------------------------------------------------

    def _body(self):
        length = int(self.headers.get("Content-Length") or 0)
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            raw = b""
            while True:
                size = int(self.rfile.readline().strip() or b"0", 16)
                if size == 0:
                    self.rfile.readline()
                    break
                raw += self.rfile.read(size)
                self.rfile.readline()
            return raw
        return self.rfile.read(length) if length else b""

    def _log(self, raw):
        entry = {
            "method": self.command,
            "path": self.path,
            "headers": {k.lower(): v for k, v in self.headers.items()},
        }
        encoding = self.headers.get("Content-Encoding", "").lower()
        if encoding == "zstd":
            raw = self.server.lab.decompress_zstd(raw)
        elif encoding == "gzip":
            import gzip

            raw = gzip.decompress(raw)
        try:
            entry["body"] = json.loads(raw.decode("utf-8")) if raw else None
        except (UnicodeDecodeError, json.JSONDecodeError):
            entry["raw"] = base64.b64encode(raw).decode()
        with self.server.lab.log_lock:
            self.server.lab.log.write(json.dumps(entry, ensure_ascii=False) + "\n")
            self.server.lab.log.flush()
        return entry

    def _send(self, status, payload, content_type="application/json"):
        data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_HEAD(self):
        self._log(b"")
        self.send_response(200)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def do_GET(self):
        self._log(b"")
        if self.path.rstrip("/").endswith("/models"):
            model = self.server.lab.model or "mock-model"
            return self._send(
                200,
                {
                    "object": "list",
                    "data": [{"id": model, "object": "model", "owned_by": "mock"}],
                    "models": [],
                },
            )
        self._send(200, {})

    def do_POST(self):
        entry = self.entry = self._log(self._body())
        body = entry.get("body") if isinstance(entry.get("body"), dict) else {}
        path = self.path.split("?")[0]
        if path.endswith("/messages/count_tokens"):
            return self._send(200, {"input_tokens": 10})
        if path.endswith("/messages"):
            return self._anthropic(body)
        if path.endswith("/responses"):
            return self._responses(body)
        if path.endswith("/chat/completions"):
            return self._chat(body)
        if ":streamGenerateContent" in path or ":generateContent" in path:
            return self._gemini(body, stream=":streamGenerateContent" in path)
        if ":countTokens" in path:
            return self._send(200, {"totalTokens": 10})
        self._send(404, {"error": {"message": "not found"}})

    def _call_for(self, body, offered):
        return self.server.lab.script.next_call(self.entry, offered)

    # -- Anthropic Messages -----------------------------------------------------------------

    def _anthropic(self, body):
        offered = {t.get("name") for t in body.get("tools") or []}
        call = self._call_for(body, offered)
        model = body.get("model", "claude")
        if call:
            block = {
                "type": "tool_use",
                "id": "toolu_" + _text_id(),
                "name": call["tool"],
                "input": call["input"],
            }
            stop = "tool_use"
        else:
            block = {"type": "text", "text": "ok"}
            stop = "end_turn"
        usage = {"input_tokens": 10, "output_tokens": 1}
        message = {
            "id": "msg_" + _text_id(),
            "type": "message",
            "role": "assistant",
            "model": model,
            "content": [block],
            "stop_reason": stop,
            "stop_sequence": None,
            "usage": usage,
        }
        if not body.get("stream"):
            return self._send(200, message)
        start = dict(message, content=[], stop_reason=None)
        if block["type"] == "text":
            first = {"type": "text", "text": ""}
            delta = {"type": "text_delta", "text": "ok"}
        else:
            first = dict(block, input={})
            delta = {"type": "input_json_delta", "partial_json": json.dumps(block["input"])}
        events = [
            ("message_start", {"type": "message_start", "message": start}),
            (
                "content_block_start",
                {"type": "content_block_start", "index": 0, "content_block": first},
            ),
            ("content_block_delta", {"type": "content_block_delta", "index": 0, "delta": delta}),
            ("content_block_stop", {"type": "content_block_stop", "index": 0}),
            (
                "message_delta",
                {
                    "type": "message_delta",
                    "delta": {"stop_reason": stop, "stop_sequence": None},
                    "usage": {"output_tokens": 1},
                },
            ),
            ("message_stop", {"type": "message_stop"}),
        ]
        self._send(200, _sse(events), "text/event-stream")

    # -- OpenAI Responses -------------------------------------------------------------------

    def _responses(self, body):
        offered = {t.get("name") for t in body.get("tools") or []}
        call = self._call_for(body, offered)
        rid = "resp_" + _text_id()
        model = body.get("model", "gpt")
        if call:
            item = {
                "type": "function_call",
                "id": "fc_" + _text_id(),
                "call_id": "call_" + _text_id(),
                "name": call["tool"],
                "arguments": json.dumps(call["input"]),
                "status": "completed",
            }
            events = [
                ("response.created", {"type": "response.created", "response": {"id": rid}}),
                (
                    "response.output_item.done",
                    {"type": "response.output_item.done", "output_index": 0, "item": item},
                ),
            ]
        else:
            mid = "msg_" + _text_id()
            part = {"type": "output_text", "text": "ok", "annotations": []}
            item = {
                "type": "message",
                "id": mid,
                "role": "assistant",
                "status": "completed",
                "content": [part],
            }
            events = [
                ("response.created", {"type": "response.created", "response": {"id": rid}}),
                (
                    "response.output_item.added",
                    {
                        "type": "response.output_item.added",
                        "output_index": 0,
                        "item": dict(item, content=[], status="in_progress"),
                    },
                ),
                (
                    "response.content_part.added",
                    {
                        "type": "response.content_part.added",
                        "item_id": mid,
                        "output_index": 0,
                        "content_index": 0,
                        "part": dict(part, text=""),
                    },
                ),
                (
                    "response.output_text.delta",
                    {
                        "type": "response.output_text.delta",
                        "item_id": mid,
                        "output_index": 0,
                        "content_index": 0,
                        "delta": "ok",
                    },
                ),
                (
                    "response.output_text.done",
                    {
                        "type": "response.output_text.done",
                        "item_id": mid,
                        "output_index": 0,
                        "content_index": 0,
                        "text": "ok",
                    },
                ),
                (
                    "response.output_item.done",
                    {"type": "response.output_item.done", "output_index": 0, "item": item},
                ),
            ]
        usage = {
            "input_tokens": 10,
            "input_tokens_details": {"cached_tokens": 0},
            "output_tokens": 1,
            "output_tokens_details": {"reasoning_tokens": 0},
            "total_tokens": 11,
        }
        events.append(
            (
                "response.completed",
                {
                    "type": "response.completed",
                    "response": {
                        "id": rid,
                        "object": "response",
                        "model": model,
                        "status": "completed",
                        "output": [item],
                        "usage": usage,
                    },
                },
            )
        )
        self._send(200, _sse(events), "text/event-stream")

    # -- OpenAI Chat Completions ------------------------------------------------------------

    def _chat(self, body):
        offered = {(t.get("function") or {}).get("name") for t in body.get("tools") or []}
        call = self._call_for(body, offered)
        cid = "chatcmpl-" + _text_id()
        model = body.get("model", "mock-model")
        usage = {"prompt_tokens": 10, "completion_tokens": 1, "total_tokens": 11}

        def chunk(delta, finish=None, with_usage=False):
            c = {
                "id": cid,
                "object": "chat.completion.chunk",
                "created": 1700000000,
                "model": model,
                "choices": [{"index": 0, "delta": delta, "finish_reason": finish}],
            }
            if with_usage:
                c["usage"] = usage
            return c

        if not body.get("stream"):
            if call:
                message = {
                    "role": "assistant",
                    "content": None,
                    "tool_calls": [
                        {
                            "id": "call_" + _text_id(),
                            "type": "function",
                            "function": {
                                "name": call["tool"],
                                "arguments": json.dumps(call["input"]),
                            },
                        }
                    ],
                }
                finish = "tool_calls"
            else:
                message = {"role": "assistant", "content": "ok"}
                finish = "stop"
            return self._send(
                200,
                {
                    "id": cid,
                    "object": "chat.completion",
                    "created": 1700000000,
                    "model": model,
                    "choices": [{"index": 0, "message": message, "finish_reason": finish}],
                    "usage": usage,
                },
            )
        if call:
            chunks = [
                chunk(
                    {
                        "role": "assistant",
                        "tool_calls": [
                            {
                                "index": 0,
                                "id": "call_" + _text_id(),
                                "type": "function",
                                "function": {"name": call["tool"], "arguments": ""},
                            }
                        ],
                    }
                ),
                chunk({"tool_calls": [{"index": 0, "function": {"arguments": json.dumps(call["input"])}}]}),
                chunk({}, "tool_calls", True),
            ]
        else:
            chunks = [chunk({"role": "assistant", "content": "ok"}), chunk({}, "stop", True)]
        data = "".join(f"data: {json.dumps(c)}\n\n" for c in chunks) + "data: [DONE]\n\n"
        self._send(200, data.encode(), "text/event-stream")

    # -- Gemini -------------------------------------------------------------------------------

    def _gemini(self, body, stream):
        offered = set()
        for tool in body.get("tools") or []:
            for decl in tool.get("functionDeclarations") or []:
                offered.add(decl.get("name"))
        call = self._call_for(body, offered)
        config = body.get("generationConfig") or {}
        if call:
            part = {"functionCall": {"name": call["tool"], "args": call["input"]}}
        elif config.get("responseMimeType") == "application/json":
            # A side request that wants JSON (Gemini CLI's model router): refuse it at once, as
            # an API that cannot classify would, so the client falls back to its default model
            # without retrying.
            return self._send(400, {"error": {"code": 400, "message": "mock: no classifier", "status": "INVALID_ARGUMENT"}})
        else:
            part = {"text": "ok"}
        answer = {
            "candidates": [
                {"content": {"role": "model", "parts": [part]}, "finishReason": "STOP", "index": 0}
            ],
            "usageMetadata": {
                "promptTokenCount": 10,
                "candidatesTokenCount": 1,
                "totalTokenCount": 11,
            },
            "modelVersion": "mock",
        }
        if not stream:
            return self._send(200, answer)
        self._send(200, f"data: {json.dumps(answer)}\r\n\r\n".encode(), "text/event-stream")


class Lab:
    """One mock server with its request log and script."""

    def __init__(self, log_path, script, model=None, port=PORT):
        self.log = open(log_path, "w", encoding="utf-8")
        self.log_lock = threading.Lock()
        self.script = script
        self.model = model
        self.server = http.server.ThreadingHTTPServer((HOST, port), Handler)
        self.port = self.server.server_address[1]
        self.server.daemon_threads = True
        self.server.lab = self
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def decompress_zstd(self, raw):
        try:
            import zstandard  # only when a client compresses its requests
        except ImportError as e:
            raise RuntimeError("a client sent a zstd body; pip install zstandard") from e
        return zstandard.ZstdDecompressor().decompress(raw, max_output_size=1 << 30)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.server.shutdown()
        self.server.server_close()
        self.log.close()
