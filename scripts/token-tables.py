#!/usr/bin/env python3
"""Writes the token tables `src/tokens.rs` reads in place: `src/tokens/o200k_base.bin` and
`src/tokens/cl100k_base.bin`, from OpenAI's published `o200k_base.tiktoken` and
`cl100k_base.tiktoken` (one `BASE64-TOKEN RANK` line per token), checked against the SHA-256 that
OpenAI's `tiktoken` checks.

    scripts/token-tables.py DIR

DIR holds `o200k_base.tiktoken` and `cl100k_base.tiktoken` (or the same names ending in `.gz`),
or the files under the names `tiktoken` caches them by (the SHA-1 of their URL, as in
TIKTOKEN_CACHE_DIR). The `bpe-openai` crate on crates.io ships both files gzipped in its `data/`
folder. The output is the same for the same input: run it again and `git diff` stays empty.

A table, all integers little-endian:

    "tok2", N (tokens), BITS (log2 of the slot count), L (bytes of token text)   u32 each
    SLOTS[2^BITS]   u64 each; open addressing with linear probing; 0 = empty
    BYTES[L]        the bytes of the tokens longer than 5 bytes, in rank order

Ranks are 0..N in file order. A slot holds a token as

    bits 0..18    its rank + 1
    bit 18        1 when the token's bytes are in the slot (tokens of at most 5 bytes)
    then either   bits 19..22 its length, bits 22..62 its bytes (little-endian, zero above)
    or            bits 19..27 its length, bits 27..48 where its bytes start in BYTES,
                  bits 48..64 a TAG

so that a look-up of a key of at most 5 bytes reads one slot per probe and nothing else, and
one of a longer key reads the bytes only of a slot whose length and TAG match. A key's slot is
the top BITS bits of HASH(key), its TAG the 16 bits below them (see `hash_key`, which
`src/tokens/table.rs` computes the same way).
"""

import base64
import gzip
import hashlib
import os
import struct
import sys

ENCODINGS = {
    # name: (SHA-256 of the .tiktoken file, log2 of the slot count)
    "o200k_base": ("446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d", 18),
    "cl100k_base": ("223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7", 17),
}
URL = "https://openaipublic.blob.core.windows.net/encodings/{}.tiktoken"
RANK_BITS = 18
TAG_BITS = 16
INLINE = 5
K = 0x9E3779B97F4A7C15
M64 = (1 << 64) - 1


def hash_key(key: bytes) -> int:
    """The 64-bit hash of a token's bytes: 8-byte little-endian words (the last padded with
    zeros), each folded in by rotate, xor and multiply, starting from the length."""
    h = (len(key) * K) & M64
    for i in range(0, len(key), 8):
        word = int.from_bytes(key[i : i + 8].ljust(8, b"\0"), "little")
        h = ((((h << 5) | (h >> 59)) & M64) ^ word) * K & M64
    return h


def read_source(folder: str, name: str) -> bytes:
    candidates = [
        os.path.join(folder, f"{name}.tiktoken"),
        os.path.join(folder, hashlib.sha1(URL.format(name).encode()).hexdigest()),
    ]
    for path in candidates:
        if os.path.exists(path):
            with open(path, "rb") as f:
                return f.read()
    gz = os.path.join(folder, f"{name}.tiktoken.gz")
    if os.path.exists(gz):
        with gzip.open(gz, "rb") as f:
            return f.read()
    sys.exit(f"no {name}.tiktoken (or .gz, or its tiktoken cache name) in {folder}")


def build(name: str, data: bytes, bits: int) -> bytes:
    tokens = []
    for number, line in enumerate(data.splitlines()):
        if not line:
            continue
        text, rank = line.split()
        if int(rank) != number:
            sys.exit(f"{name}: rank {int(rank)} on line {number + 1}; ranks must be 0, 1, 2…")
        tokens.append(base64.b64decode(text))
    n = len(tokens)
    if n + 1 >= 1 << RANK_BITS or 5 * n > 4 << bits:
        sys.exit(f"{name}: {n} tokens do not fit the layout")
    body = bytearray()
    slots = [0] * (1 << bits)
    mask = (1 << bits) - 1
    probes = []
    for rank, token in enumerate(tokens):
        if not 1 <= len(token) <= 128:
            sys.exit(f"{name}: token {rank} is {len(token)} bytes long")
        h = hash_key(token)
        if len(token) <= INLINE:
            entry = 1 << 18 | len(token) << 19 | int.from_bytes(token, "little") << 22
        else:
            if len(body) >= 1 << 21:
                sys.exit(f"{name}: the token text does not fit the layout")
            tag = (h >> (64 - bits - TAG_BITS)) & ((1 << TAG_BITS) - 1)
            entry = len(token) << 19 | len(body) << 27 | tag << 48
            body += token
        i = h >> (64 - bits)
        steps = 0
        while slots[i]:
            i = (i + 1) & mask
            steps += 1
        slots[i] = entry | (rank + 1)
        probes.append(steps)
    out = b"tok2" + struct.pack("<3I", n, bits, len(body))
    out += struct.pack(f"<{1 << bits}Q", *slots)
    out += bytes(body)
    print(
        f"{name}: {n} tokens, {len(body)} bytes of text, {1 << bits} slots "
        f"(load {n / (1 << bits):.2f}, longest probe {max(probes)}), {len(out)} bytes",
        file=sys.stderr,
    )
    return out


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for name, (sha256, bits) in ENCODINGS.items():
        data = read_source(sys.argv[1], name)
        digest = hashlib.sha256(data).hexdigest()
        if digest != sha256:
            sys.exit(f"{name}: SHA-256 {digest}, expected {sha256}")
        table = build(name, data, bits)
        with open(os.path.join(repo, "src", "tokens", f"{name}.bin"), "wb") as f:
            f.write(table)


if __name__ == "__main__":
    main()
