"""Reading the four request formats: the messages of a request as (role, text) pieces, and what a
client added after the model's tool call, as the parts a load recording keeps.

Roles are the ones `skills load --format json` uses: system, developer, user, assistant, tool.
`wire` says where the text sat in the client's own format.
"""


def _text_of(content):
    """A message content (string or list of parts) as a list of texts."""
    if content is None:
        return []
    if isinstance(content, str):
        return [content]
    out = []
    for part in content:
        if isinstance(part, str):
            out.append(part)
        elif part.get("type") in ("text", "input_text", "output_text"):
            out.append(part.get("text", ""))
    return out


# -- OpenAI chat completions -----------------------------------------------------------------


def chat_system(request):
    """The text of every system (or developer) message, in order."""
    out = []
    for m in request.get("messages") or []:
        if m.get("role") in ("system", "developer"):
            out.extend(_text_of(m.get("content")))
    return out


def chat_added_after_call(request):
    """Messages after the last assistant message with tool calls."""
    messages = request.get("messages") or []
    last = max(
        (i for i, m in enumerate(messages) if m.get("role") == "assistant" and m.get("tool_calls")),
        default=None,
    )
    if last is None:
        return []
    parts = []
    for i, m in enumerate(messages[last + 1 :], start=last + 1):
        role = m.get("role")
        for j, text in enumerate(_text_of(m.get("content"))):
            parts.append(
                {
                    "role": "tool" if role == "tool" else role,
                    "text": text,
                    "wire": f"messages[{i}] role={role}" + (f" content[{j}]" if not isinstance(m.get("content"), str) else ""),
                }
            )
    return parts


# -- Anthropic Messages ----------------------------------------------------------------------


def anthropic_added_after_call(request):
    """The parts of every message after the last assistant message with a tool_use block: the
    tool result and whatever the client sent with it or after it."""
    messages = request.get("messages") or []
    last = max(
        (
            i
            for i, m in enumerate(messages)
            if m.get("role") == "assistant"
            and any(isinstance(p, dict) and p.get("type") == "tool_use" for p in m.get("content") or [])
        ),
        default=None,
    )
    if last is None:
        return []
    parts = []
    for i, m in enumerate(messages[last + 1 :], start=last + 1):
        role = m.get("role")
        content = m.get("content")
        if isinstance(content, str):
            parts.append({"role": role, "text": content, "wire": f"messages[{i}] role={role} content"})
            continue
        for j, part in enumerate(content or []):
            kind = part.get("type")
            if kind == "tool_result":
                inner = part.get("content")
                texts = [inner] if isinstance(inner, str) else _text_of(inner)
                for k, text in enumerate(texts):
                    parts.append(
                        {
                            "role": "tool",
                            "text": text,
                            "wire": f"messages[{i}].content[{j}] tool_result"
                            + ("" if isinstance(inner, str) else f" content[{k}]")
                            + (" is_error" if part.get("is_error") else ""),
                        }
                    )
            elif kind == "text":
                parts.append(
                    {"role": role, "text": part.get("text", ""), "wire": f"messages[{i}].content[{j}] role={role} text"}
                )
    return parts


# -- Gemini ------------------------------------------------------------------------------------


def gemini_system(request):
    si = request.get("systemInstruction") or {}
    return [p.get("text", "") for p in si.get("parts") or [] if "text" in p]


def gemini_added_after_call(request):
    """The function responses of the last user content."""
    contents = request.get("contents") or []
    if not contents:
        return []
    i = len(contents) - 1
    parts = []
    for j, part in enumerate(contents[i].get("parts") or []):
        if "functionResponse" in part:
            response = part["functionResponse"].get("response") or {}
            if "output" in response:
                parts.append(
                    {
                        "role": "tool",
                        "text": response["output"],
                        "wire": f"contents[{i}].parts[{j}] functionResponse.response.output",
                    }
                )
            elif "error" in response:
                parts.append(
                    {
                        "role": "tool",
                        "text": response["error"] if isinstance(response["error"], str) else str(response["error"]),
                        "wire": f"contents[{i}].parts[{j}] functionResponse.response.error",
                        "error": True,
                    }
                )
        elif "text" in part:
            parts.append({"role": "user", "text": part["text"], "wire": f"contents[{i}].parts[{j}] text"})
    return parts


# -- OpenAI Responses -------------------------------------------------------------------------


def responses_items(request):
    """(index, role, text) of every message item's text parts."""
    out = []
    for i, item in enumerate(request.get("input") or []):
        if item.get("type", "message") != "message":
            continue
        for j, text in enumerate(_text_of(item.get("content"))):
            out.append((i, j, item.get("role"), text))
    return out
