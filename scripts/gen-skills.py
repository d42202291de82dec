#!/usr/bin/env python3
"""Writes a deterministic tree of N generated Agent Skills for benchmarks: DIR/<group>/<name>/
SKILL.md (YAML frontmatter, then a Markdown body of headings, prose, lists, tables and fenced
code), a third of them with a references/ file and some with a script. The same N, seed and size
give the same bytes.

    scripts/gen-skills.py N DIR [--avg-bytes B] [--spread F] [--seed S]

--avg-bytes is the mean size of a SKILL.md (default 13000, about what 1450 real skills
averaged); sizes vary by up to --spread of it either way (default 0.8: from a fifth to almost
twice; 0 for every one the same size, give or take a paragraph). DIR must not exist yet or be
empty.
"""

import argparse
import os
import random
import sys

WORDS = """
the of and to in is that for it as with was on be by this are or from at an which have not
can will one all use when you your each file data user code run test build check list name
value new more time skill model agent tool task step output input error result config path
project team review change update create read write return make before after only also other
such into than then them these first need should must may would could every what where how
why who query table column index server client request response token cache batch job queue
worker event message stream buffer schema field record document section report summary draft
format style guide rule pattern example template script command option flag default version
release branch commit merge deploy service cluster node image container volume network port
host domain account policy role access secret key certificate signature audit log metric alert
trace span latency throughput budget limit quota cost price invoice customer order product
cart payment refund shipment inventory warehouse supplier contract clause term party date
amount currency rate tax region country language locale translation glossary term brand voice
tone audience channel campaign email subject body header footer link button form label field
validation state action effect hook component layout page route view template render theme
color font spacing grid chart axis legend series point label tooltip filter sort group pivot
""".split()
TECH = """
PostgreSQL Kubernetes TypeScript GraphQL OAuth2 JSON YAML CSV PDF XLSX HTTP/2 gRPC WebSocket
Redis Kafka S3 IAM CI/CD Terraform Docker Next.js React Vue FastAPI Django pandas NumPy
pytest Jest ESLint Prettier Markdown LaTeX SQL BigQuery Snowflake dbt Airflow Spark
""".split()
LANGS = ["python", "bash", "typescript", "sql", "yaml", "json", "rust", "go"]
GROUPS = ["data", "docs", "devops", "frontend", "backend", "security", "finance", "writing",
          "research", "testing", "design", "sales", "support", "legal", "ops", "ml"]


def sentence(rng: random.Random) -> str:
    n = rng.randint(6, 22)
    words = [rng.choice(TECH) if rng.random() < 0.08 else rng.choice(WORDS) for _ in range(n)]
    if rng.random() < 0.15:
        words.insert(rng.randrange(len(words)), f"`{rng.choice(WORDS)}_{rng.choice(WORDS)}`")
    if rng.random() < 0.1:
        words.insert(rng.randrange(len(words)), str(rng.randint(2, 50000)))
    text = " ".join(words)
    return text[0].upper() + text[1:] + rng.choice([".", ".", ".", ":", "?", "!"])


def paragraph(rng: random.Random) -> str:
    return " ".join(sentence(rng) for _ in range(rng.randint(2, 6)))


def code(rng: random.Random) -> str:
    lang = rng.choice(LANGS)
    lines = []
    for _ in range(rng.randint(3, 18)):
        indent = "    " * rng.randint(0, 2)
        a, b = rng.choice(WORDS), rng.choice(WORDS)
        lines.append(rng.choice([
            f"{indent}{a}_{b} = {rng.choice(WORDS)}({b}, {rng.randint(0, 99)})",
            f"{indent}if {a} is not None and {b}:",
            f"{indent}# {sentence(rng)}",
            f"{indent}{a} --{b} {rng.choice(WORDS)}.{rng.choice(['json', 'csv', 'md'])}",
            f"{indent}return {{\"{a}\": {b}, \"{rng.choice(WORDS)}\": [1, 2, 3]}}",
        ]))
    return f"```{lang}\n" + "\n".join(lines) + "\n```"


def table(rng: random.Random) -> str:
    cols = rng.randint(2, 5)
    head = [rng.choice(WORDS).title() for _ in range(cols)]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * cols]
    for _ in range(rng.randint(2, 8)):
        rows.append("| " + " | ".join(" ".join(rng.choice(WORDS) for _ in range(rng.randint(1, 4)))
                                      for _ in range(cols)) + " |")
    return "\n".join(rows)


def body(rng: random.Random, name: str, size: int) -> str:
    parts = [f"# {name.replace('-', ' ').title()}", paragraph(rng), "## When to use", paragraph(rng)]
    while sum(len(p) + 2 for p in parts) < size:
        kind = rng.random()
        if kind < 0.12:
            parts.append(f"## {sentence(rng).rstrip('.:?!')}")
        elif kind < 0.2:
            parts.append(f"### {' '.join(rng.choice(WORDS) for _ in range(rng.randint(2, 5))).title()}")
        elif kind < 0.5:
            parts.append(paragraph(rng))
        elif kind < 0.7:
            marker = rng.choice(["-", "1.", "*"])
            parts.append("\n".join(f"{marker} {sentence(rng)}" for _ in range(rng.randint(2, 7))))
        elif kind < 0.88:
            parts.append(code(rng))
        else:
            parts.append(table(rng))
    return "\n\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("dir")
    parser.add_argument("--avg-bytes", type=int, default=13000)
    parser.add_argument("--spread", type=float, default=0.8)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    if os.path.isdir(args.dir) and os.listdir(args.dir):
        sys.exit(f"{args.dir} is not empty")
    rng = random.Random(args.seed)
    total = 0
    for i in range(args.n):
        group = GROUPS[i % len(GROUPS)]
        name = f"{rng.choice(WORDS)}-{rng.choice(WORDS)}-{i}"
        folder = os.path.join(args.dir, group, name)
        os.makedirs(folder)
        size = int(args.avg_bytes * rng.uniform(1 - args.spread, 1 + args.spread))
        description = (f"{sentence(rng)} Use when the user asks to {rng.choice(WORDS)} "
                       f"{rng.choice(WORDS)} {rng.choice(WORDS)} or mentions {rng.choice(TECH)}.")
        text = f"---\nname: {name}\ndescription: {description}\n---\n\n" + body(rng, name, size)
        with open(os.path.join(folder, "SKILL.md"), "w", encoding="utf-8") as f:
            f.write(text)
        total += len(text.encode())
        if i % 3 == 0:
            os.makedirs(os.path.join(folder, "references"))
            with open(os.path.join(folder, "references", "guide.md"), "w", encoding="utf-8") as f:
                f.write(body(rng, f"{name} guide", rng.randint(1000, 8000)))
        if i % 7 == 0:
            os.makedirs(os.path.join(folder, "scripts"))
            with open(os.path.join(folder, "scripts", "run.py"), "w", encoding="utf-8") as f:
                f.write(code(rng).split("\n", 1)[1].rsplit("```", 1)[0])
    print(f"{args.n} skills, {total / 1e6:.1f} MB of SKILL.md in {args.dir}", file=sys.stderr)


if __name__ == "__main__":
    main()
