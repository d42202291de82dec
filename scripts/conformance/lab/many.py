"""Writes fixtures/conformance/skills/many: 400 generated skills for the budget cases, the same
bytes on every run (a fixed linear congruential sequence picks words and lengths).

    python3 scripts/conformance/lab/many.py
"""

import os
import shutil
import sys

WORDS = (
    "ledger invoice parser schema table chart report audit review deploy release cache queue "
    "index search render layout theme token budget metric trace span alert incident runbook "
    "backup restore migrate archive export import convert format lint test bench profile "
    "build package publish sign verify scan patch upgrade monitor notify summarize translate "
    "classify extract merge split compress encrypt decode sanitize validate reconcile"
).split()

VERBS = "Builds Checks Cleans Drafts Explains Finds Fixes Lists Maps Plans Reads Sorts Tunes Writes".split()


def lcg(seed):
    state = seed
    while True:
        state = (state * 1103515245 + 12345) % (1 << 31)
        yield state


def main():
    repo = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    out = os.path.join(repo, "fixtures", "conformance", "skills", "many")
    if os.path.exists(out):
        shutil.rmtree(out)
    rand = lcg(20261124)
    for i in range(400):
        first, second = WORDS[next(rand) % len(WORDS)], WORDS[next(rand) % len(WORDS)]
        name = f"{first}-{second}-{i:03d}"
        # Description lengths spread from about 30 to about 700 characters.
        target = 30 + next(rand) % 670
        words = [VERBS[next(rand) % len(VERBS)]]
        while len(" ".join(words)) < target:
            words.append(WORDS[next(rand) % len(WORDS)])
        description = " ".join(words) + f". Use when the task mentions {first} or {second}."
        folder = os.path.join(out, name)
        os.makedirs(folder)
        with open(os.path.join(folder, "SKILL.md"), "w", encoding="utf-8", newline="\n") as f:
            f.write(
                f"---\nname: {name}\ndescription: {description}\n---\n\n# {name}\n\n"
                f"Generated skill {i} of the budget cases.\n"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
