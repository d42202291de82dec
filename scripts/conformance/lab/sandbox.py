"""The sandbox a client runs in: a fixed folder per client and case under /tmp (so paths in the
recordings are the same on every refresh), a private network namespace with only loopback, a
fresh HOME, and an environment of only what the client needs.
"""

import os
import shutil
import subprocess

from . import cases

SANDBOXES = "/tmp/skills-conformance"


class LabError(Exception):
    """A clear failure of the lab itself: nothing may pass silently."""


def path_for(client, case_name):
    return os.path.join(SANDBOXES, client.name, case_name)


def build(root, ops):
    """Lays out the operations under `root` (emptied first)."""
    if os.path.lexists(root):
        shutil.rmtree(root)
    os.makedirs(root)
    for op in ops:
        build_one(root, op)


def build_one(root, op):
    dest = os.path.join(root, op["path"])
    kind = op["op"]
    if kind == "mkdir":
        os.makedirs(dest, exist_ok=True)
    elif kind == "git-init":
        os.makedirs(dest, exist_ok=True)
        subprocess.run(
            ["git", "init", "-q", dest],
            check=True,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": root},
        )
    elif kind == "copy":
        shutil.copytree(os.path.join(cases.REPO, op["from"]), dest, symlinks=True)
    elif kind == "write":
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        with open(dest, "w", encoding="utf-8", newline="") as f:
            f.write(op["text"].replace("$SANDBOX", root))
    elif kind == "symlink":
        os.makedirs(os.path.dirname(dest), exist_ok=True)
        os.symlink(op["target"], dest)
    else:
        raise LabError(f"unknown tree operation {kind}")


def enter_namespace():
    """Inside `unshare -n`: bring loopback up and make sure it is the only way out."""
    subprocess.run(["ip", "link", "set", "lo", "up"], check=True)
    listing = subprocess.run(["ip", "-o", "link", "show"], check=True, capture_output=True, text=True)
    interfaces = sorted(line.split(":")[1].strip().split("@")[0] for line in listing.stdout.splitlines())
    if interfaces != ["lo"]:
        raise LabError(
            f"the network namespace has interfaces besides lo ({', '.join(interfaces)}); refusing to run"
        )


def base_env(home):
    """What every client gets: a fresh HOME below the sandbox and nothing of ours."""
    return {
        "HOME": home,
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "TERM": "dumb",
        "LANG": "C.UTF-8",
        "NO_COLOR": "1",
        "DO_NOT_TRACK": "1",
        "NO_UPDATE_NOTIFIER": "1",
        "TMPDIR": os.path.join(home, ".tmp"),
    }


def run(argv, env, cwd, log_prefix, timeout=240):
    os.makedirs(env["TMPDIR"], exist_ok=True)
    with open(log_prefix + ".stdout", "wb") as out, open(log_prefix + ".stderr", "wb") as err:
        try:
            p = subprocess.run(
                argv, env=env, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err, timeout=timeout
            )
        except subprocess.TimeoutExpired:
            raise LabError(f"{argv[0]} did not finish in {timeout} s (logs: {log_prefix}.stderr)")
        except FileNotFoundError as e:
            raise LabError(f"cannot start {argv[0]}: {e}")
    return p.returncode
