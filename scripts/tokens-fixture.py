#!/usr/bin/env python3
"""Writes tests/data/tokens-tiktoken.json: texts chosen to break a pre-tokenizer or a byte-pair
merge (long white space runs, mixed scripts, marks, digits, contractions, CRLF, emoji, unusual
code points, long pieces) and seeded random mixes of such characters, each with the tokens
OpenAI's `tiktoken` gives it (`encode_ordinary`) in o200k_base and cl100k_base. The unit tests
of src/tokens.rs check that ours are the same, token for token.

    PYTHON=/path/to/python-with-tiktoken scripts/tokens-fixture.py

tiktoken needs its two .tiktoken files: without network, put them in TIKTOKEN_CACHE_DIR (see
scripts/tokens-parity.sh).
"""

import json
import os
import random
import sys

import tiktoken

CASES = {
    # White space.
    "spaces": [" " * n for n in (1, 2, 3, 7, 16, 63, 64, 65, 200, 1000)],
    "space runs before things": [
        f"{ws}{x}"
        for ws in (" ", "  ", "   ", "\t", " \t", "\t ", "\u00a0", " \u3000", "\n ", " \n", "\r\n  ")
        for x in ("word", "Word", "12", "(", "\u0301", "日本", "'s", "")
    ],
    "newlines": [
        "\n" * 100,
        "\r\n" * 50,
        "a\n\n\n\nb",
        "\r\r\n\n",
        "\r",
        "x\r",
        "x \r\n",
        "  \r\n  x",
        "a  \n  \n  ",
        "a\n \n \n",
        "end  \n  ",
        "tail \t\n\t ",
        "\n\t\n\tdef f():\n\t\treturn 1\n",
    ],
    "unicode white space": [
        "a\u0085b",
        "a\u00a0b",
        "a\u1680b",
        "a\u2000\u2001\u200ab",
        "a\u2028b\u2029c",
        "a\u202fb\u205fc\u3000d",
        "a\u180eb",
        "a\u200bb",
        "\ufeffstart",
        "a\x1c\x1d\x1e\x1fb",
        "a\x0b\x0cb",
        "\u3000\u3000x",
        "x\u3000\u3000",
    ],
    # Letters and scripts.
    "cases": [
        "HTTPServerError",
        "CamelCaseWord",
        "ALLCAPS lower MiXeD",
        "\u01c5ungla \u01c4UNGLA \u01c6ungla",
        "\u02b0\u02b1 modifier\u02b0 \u02b0Upper",
        "\u10d0\u10d1 \u1c90\u1c91 Georgian",
        "\u00c9cole \u00e9t\u00e9 E\u0301COLE e\u0301te\u0301",
        "\u0130stanbul \u0131\u015f\u0131k",
        "\u1e9e\u00df STRASSE",
        "\u03a3\u03c3\u03c2 \u0391\u03b8\u03ae\u03bd\u03b1",
    ],
    "mixed scripts": [
        "\u65e5\u672c\u8a9eEnglish\u4e2d\u6587abc\ud55c\uad6d\uc5b4",
        "\u041f\u0440\u0438\u0432\u0435\u0442 world \u043c\u0438\u0440",
        "\u0645\u0631\u062d\u0628\u0627 123 \u05e9\u05dc\u05d5\u05dd",
        "\u0928\u092e\u0938\u094d\u0924\u0947 \u0e2a\u0e27\u0e31\u0e2a\u0e14\u0e35",
        "\u1780\u17d2\u1798\u17c2\u179a \u1019\u103c\u1014\u103a\u1019\u102c",
        "\u65e5\u672c's \u4e2d\u6587'LL",
        "a\u65e5b\u672cC\u8a9e",
    ],
    "marks": [
        "\u0301",
        "\u0301\u0301\u0301",
        " \u0301x",
        "(\u0301 ",
        "A\u0301\u0301B",
        "\u0301A",
        "a\u20dd",
        "\u0915\u093f",
        "x\u0301'S",
        "\u0301" * 200,
    ],
    # Numbers.
    "digits": [
        "1",
        "1234567890",
        "3.14159 1,000,000 v2.0.1 0x1F 1e-9",
        "abc123def4567",
        "\u0660\u0661\u0662\u0663\u0664",
        "\uff11\uff12\uff13\uff14",
        "\u00b2\u00b3 \u00bd\u00bc \u2160\u216b",
        "2024-01-01T12:00:00Z",
        "90's 1990s",
    ],
    # Contractions.
    "contractions": [
        "'s 'S 't 'T 're 'RE 'rE 've 'VE 'm 'M 'll 'LL 'lL 'd 'D 'x",
        "'\u017f x'\u017f X'\u017f",
        "I'm don't DON'T y'all we'd you'LL",
        "''s ' s 'st 's's x's's",
        "HELLO'll Hello'LL h\u0301's",
        "'",
        "''",
        "rock 'n' roll",
        "it\u2019s \u2018quoted\u2019",
    ],
    # Symbols and the encodings' special cases.
    "symbols": [
        "}\n/x/y\n",
        "/**/ :// --> <!-- ... \n\n",
        "a/b/c\n/",
        " /\n",
        "?!\r\n",
        "}\r\n/",
        "https://example.com/a/b?c=d&e=f#g",
        "```rust\nfn main() {}\n```\n",
        "| a | b |\n|---|---|\n| 1 | 2 |\n",
        "<|endoftext|><|fim_prefix|><|im_start|>system<|im_end|><|endofprompt|>",
        "=" * 300,
        "-" * 77 + "\n" + "#" * 5,
    ],
    # Emoji and pictographs.
    "emoji": [
        "\U0001f389\U0001f680\u2705",
        "\U0001f44d\U0001f3fd",
        "\U0001f468\u200d\U0001f469\u200d\U0001f467\u200d\U0001f466",
        "\U0001f1ef\U0001f1f5\U0001f1fa\U0001f1f8",
        "1\ufe0f\u20e3 #\ufe0f\u20e3",
        "\u2764\ufe0f\u200d\U0001f525",
        "\U0001f600" * 300,
        "a\U0001f600b",
    ],
    # Unusual code points.
    "unusual": [
        "\ufffd\ufffd",
        "\ue000\uf8ff\U000f0000",
        "\uffff\U0010ffff",
        "\u0378\u0379",
        "\u200d\u200c",
        "\u200f\u200eRTL",
        "\x00\x01\x7f",
        "\U0001e030\U0001e031",
        "\u1c89\u1c8a",
        "\U00010d40\U00010d50\U00010d70",
        "\u0897 \u1acf \U00011f5a",
    ],
    # Long pieces.
    "long": [
        "a" * 1000,
        "a" * 5000,
        "ab" * 777,
        "Pneumonoultramicroscopicsilicovolcanoconiosis" * 20,
        "\u65e5" * 500,
        " " * 3000 + "x",
        "\t" * 500 + "\n",
    ],
}

# Characters for the random mixes: one or more of each class the expressions tell apart.
ALPHABET = (
    list("aAzZ'sStTrReEvVmMlLdD ")
    + list("019\t\n\r /()-.,!?_=\"#")
    + [
        "\u00a0", "\u3000", "\u0085", "\u2028",
        "\u0301", "\u20dd", "\u093f",
        "\u01c5", "\u02b0", "\u017f", "\u00e9", "\u00c9",
        "\u65e5", "\u672c", "\u3002", "\uff01",
        "\u0660", "\u00b2", "\u2160",
        "\U0001f600", "\U0001f3fd", "\u200d", "\ufe0f",
        "\ufffd", "\ue000", "\u0378",
    ]
)


def random_texts() -> list:
    rng = random.Random(20260516)
    texts = []
    for i in range(600):
        length = rng.randint(1, 12 if i < 300 else 80)
        texts.append("".join(rng.choice(ALPHABET) for _ in range(length)))
    return texts


def main() -> None:
    encodings = {name: tiktoken.get_encoding(name) for name in ("o200k_base", "cl100k_base")}
    cases = [
        (group, text) for group, texts in CASES.items() for text in texts
    ] + [("random", text) for text in random_texts()]
    out = [
        {
            "group": group,
            "text": text,
            "o200k_base": encodings["o200k_base"].encode_ordinary(text),
            "cl100k_base": encodings["cl100k_base"].encode_ordinary(text),
        }
        for group, text in cases
    ]
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.path.join(repo, "tests", "data", "tokens-tiktoken.json")
    with open(path, "w", encoding="utf-8") as f:
        doc = {"tiktoken": tiktoken.__version__, "written_by": "scripts/tokens-fixture.py", "cases": out}
        json.dump(doc, f, ensure_ascii=True, separators=(",", ":"))
        f.write("\n")
    print(f"{len(out)} texts to {os.path.relpath(path, repo)}", file=sys.stderr)


if __name__ == "__main__":
    main()
