#!/usr/bin/python3
"""The shell blocks of README.md and docs/submissions.md, run as a reader
runs them: on a fresh clone of the commit under test, in the order written
(a phase of tools/ngcc test).

Every command of a ```sh block is looked up in COMMANDS, the one table that
says how it runs here: as written, shortened (the long ones), or not at all,
with where it is covered instead. A command the table does not know, or an
entry no block uses any more, fails the check, so a change of the text
forces a decision. The fixture package tools/testdata/submission/good (a
C99 CHIME-512 that passes the official KATs) stands for the reader's
package (PLACEHOLDERS); NGCC_FAMILIES=chime keeps the clone's builds to the
family it implements.

Each command runs with bash in the clone. It fails when it exits non-zero,
and when afterwards the clone holds a file outside the places the text
names (allowed()) or a committed file has changed.

usage: readme_check.py [--keep] [--list] [--from DOCUMENT:LINE]
  --keep   leave the clones and the logs in place
  --list   only say how each command would run
  --from   begin at that command, on a fresh clone (e.g. README.md:87, to
           rerun a flow that failed)
"""
import argparse
import dataclasses
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOCUMENTS = ["README.md", "docs/submissions.md"]
FAMILIES = "chime"
# A guard against a command that hangs, not a limit on how long one may take.
HANG_GUARD_SECONDS = 3600


@dataclasses.dataclass(frozen=True)
class Way:
    """How one command of the text runs here."""
    how: str              # "as written", "shortened" or "not run"
    command: str = ""     # shortened: what runs instead
    why: str = ""         # shortened, not run: why, and where it is covered
    fresh: bool = False   # a reader starts here: it and what follows run in a new clone


def as_written(fresh=False):
    return Way("as written", fresh=fresh)


def shortened(command, why, fresh=False):
    return Way("shortened", command, why, fresh)


def not_run(why):
    return Way("not run", why=why)


QUICK_BENCH = "--quick -- --benchmark_filter=CHIME-512/"
QUICK_BENCH_WHY = "one short repetition of CHIME-512's rows, the fixture's instance (the whole campaign takes many minutes)"
QUICK_KAT_WHY = "KAT_2_12 and KAT_2_23 (KAT_2_33 and KAT_Loop take minutes per library; label kat-full runs them for ours)"

# Every command of the shell blocks, as written (a trailing comment left
# out, blanks collapsed). The first command run starts a fresh clone; the
# "Measure your own implementation" flow starts another: it is what a reader
# with a package runs first, nothing built (what tools/ngcc system and
# submission build must cope with). The blocks after it continue in its
# clone, and so does docs/submissions.md, whose reader comes from there: each
# fresh clone builds what its commands run once more (minutes).
COMMANDS = {
    # README.md
    "tools/ngcc test": not_run("the suite that runs this check"),
    "tools/ngcc bench": shortened("tools/ngcc bench " + QUICK_BENCH, QUICK_BENCH_WHY),
    "tools/ngcc submission build path/to/Package": as_written(fresh=True),
    "tools/ngcc kat --campaign build/submissions/Package/campaign.yaml --results results/$(tools/ngcc system)":
        shortened("tools/ngcc kat --quick --campaign build/submissions/Package/campaign.yaml"
                  " --results results/$(tools/ngcc system)", QUICK_KAT_WHY),
    "tools/ngcc bench --campaign build/submissions/Package/campaign.yaml":
        shortened("tools/ngcc bench --campaign build/submissions/Package/campaign.yaml " + QUICK_BENCH,
                  QUICK_BENCH_WHY),
    "NGCC_CPU_DISABLE=AVX512F,AVX512BW,AVX512VL,AVX512VBMI,AVX512VBMI2 tools/ngcc test":
        not_run("the whole suite again; tools/ngcc test runs unit and kat-quick with these hidden on an AVX-512 host"),
    "NGCC_CPU_DISABLE=AVX2 build/release/kat_tests/ngcc-kat build/release/modules/libCHIME-512-opt.so --kinds 2_12":
        as_written(),
    "build/release/kat_tests/ngcc-kat --cpu-features": as_written(),
    "tools/ngcc qemu max -- -L unit":
        not_run("a phase of tools/ngcc test (the release tests under qemu-x86_64)"),
    "build/release/kat_tests/ngcc-kat build/release/modules/lib*-{ref,opt}.so --out DIR":
        shortened("build/release/kat_tests/ngcc-kat build/release/modules/lib*-{ref,opt}.so --out output --kinds 2_12",
                  "KAT_2_12 alone, into the default directory (ctest label kat-full runs all four files of every module)"),
    "build/release/kat_tests/ngcc-kat ./libTheirs.so --name CHIME-512 --digest-bits 512 --kinds 2_12,2_23": as_written(),
    "build/release/kat_tests/ngcc-kat --library CHIME-512:512:submitted-ref:./libTheirs.so ...":
        shortened("build/release/kat_tests/ngcc-kat --library CHIME-512:512:submitted-ref:./libTheirs.so --kinds 2_12",
                  "one library for the '...', KAT_2_12 alone (all four files take minutes)"),
    "tools/ngcc fuzz [SECONDS]":
        not_run("600 s per family; the fuzz phase of tools/ngcc test runs every target for 30 s (ctest --preset fuzz)"),
    "tools/ngcc cross aarch64": not_run("the last phase of tools/ngcc test"),
    "tools/ngcc cross s390x":
        not_run("fetches Debian's s390x packages (root once) and builds the cross-s390x preset; no phase of "
                "tools/ngcc test runs it: by hand"),
    "tools/ngcc system": as_written(),
    "tools/ngcc site": as_written(),
    # docs/submissions.md
    "tools/ngcc submission build path/to/CHIME": as_written(),
    "tools/ngcc kat --campaign build/submissions/CHIME/campaign.yaml --results results/$(tools/ngcc system)":
        shortened("tools/ngcc kat --quick --campaign build/submissions/CHIME/campaign.yaml"
                  " --results results/$(tools/ngcc system)", QUICK_KAT_WHY),
    "tools/ngcc bench --campaign build/submissions/CHIME/campaign.yaml":
        shortened("tools/ngcc bench --campaign build/submissions/CHIME/campaign.yaml " + QUICK_BENCH, QUICK_BENCH_WHY),
    "tools/ngcc field /path/to/02-hash":
        not_run("ctest field (label ct, a phase of tools/ngcc test) runs tools/ngcc field on fixture packages"),
    "tools/ngcc field /path/to/02-hash --full": not_run("hours; tools/ngcc field itself: ctest field"),
    "build/release/kat_tests/ngcc-kat --library CHIME-512:512:submitted-opt:./libchime512.so --kinds 2_12,2_23":
        as_written(),
}

# The reader's own files in the text, and what stands for them here.
PLACEHOLDERS = {
    "path/to/Package": "tools/testdata/submission/good",
    "build/submissions/Package/": "build/submissions/good/",
    "path/to/CHIME": "tools/testdata/submission/good/CHIME",
    "./libTheirs.so": "build/submissions/good/libCHIME-512-submitted-ref.so",
    "./libchime512.so": "build/submissions/CHIME/libCHIME-512-submitted-ref.so",
}


def allowed(path, system):
    """Why the text lets a command leave `path` (relative to the clone), or None."""
    places = {
        "build/": "the build trees and build/submissions/<Package>/",
        "output/": "ngcc-kat's default --out",
    }
    if system:
        places["results/%s/" % system] = "results/<system>/ and its runs/<UTC>/"
    for prefix, why in places.items():
        if path.startswith(prefix):
            return why
    if "__pycache__/" in path:
        return "Python's bytecode cache of the tools"
    return None


@dataclasses.dataclass
class Command:
    document: str
    line: int
    text: str

    @property
    def where(self):
        return "%s:%d" % (self.document, self.line)


def without_comment(line):
    """The line up to a `#` that starts a shell comment (at the start or after
    a blank, outside quotes), stripped."""
    quote = None
    for i, c in enumerate(line):
        if quote:
            if c == quote:
                quote = None
        elif c in "'\"":
            quote = c
        elif c == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].strip()
    return line.strip()


def shell_commands(document):
    """The commands of the document's ```sh blocks, with their line numbers;
    blank and comment-only lines ignored, a trailing backslash continues."""
    commands, in_block, pending = [], False, None
    with open(os.path.join(ROOT, document), encoding="utf-8") as f:
        for number, raw in enumerate(f, 1):
            stripped = raw.strip()
            if not in_block:
                in_block = stripped == "```sh"
                continue
            if stripped.startswith("```"):
                in_block = False
                continue
            text = without_comment(raw.rstrip("\n"))
            if pending:
                pending.text += " " + text
            elif text:
                pending = Command(document, number, text)
            if pending and pending.text.endswith("\\"):
                pending.text = pending.text[:-1].rstrip()
                continue
            if pending:
                pending.text = " ".join(pending.text.split())
                commands.append(pending)
                pending = None
    return commands


def filled(command):
    for placeholder in sorted(PLACEHOLDERS, key=len, reverse=True):
        command = command.replace(placeholder, PLACEHOLDERS[placeholder])
    return command


class Clone:
    """A fresh clone of the commit under test, and what it holds."""

    def __init__(self, parent, number, commit):
        self.path = os.path.join(parent, "clone-%d" % number)
        self.logs = os.path.join(parent, "logs")
        os.makedirs(self.logs, exist_ok=True)
        git(["clone", "--quiet", "--no-checkout", ROOT, self.path])
        git(["-C", self.path, "checkout", "--quiet", "--detach", commit])
        self.reported = set()

    def system(self):
        """results/<system>'s name, from the clone's bench where it is built."""
        bench = os.path.join(self.path, "build", "release", "bench", "bench")
        if not os.access(bench, os.X_OK):
            return None
        run = subprocess.run([bench, "--ngcc_system"], cwd=self.path, capture_output=True, text=True)
        return run.stdout.strip() if run.returncode == 0 else None

    def strays(self):
        """Lines naming what the clone holds outside the allowed places, or
        committed files changed, not named before."""
        status = git(["-C", self.path, "status", "--porcelain", "-z", "--ignored"])
        system, lines = self.system(), []
        for entry in filter(None, status.split("\0")):
            state, path = entry[:2], entry[3:]
            if state in ("??", "!!"):
                if allowed(path, system):
                    continue
                problem = "left %s, outside the places the text names (build/, results/%s/, output/)" % (
                    path, system or "<system>")
            else:
                problem = "changed the committed %s (git status: %s)" % (path, state.strip())
            if problem not in self.reported:
                self.reported.add(problem)
                lines.append(problem)
        return lines

    def remove(self):
        shutil.rmtree(self.path, ignore_errors=True)


def git(args):
    return subprocess.run(["git"] + args, check=True, capture_output=True, text=True).stdout


def run(clone, command, shell_text, env):
    """(passed, seconds, the lines saying why not)."""
    log = os.path.join(clone.logs, "%s-%d.log" % (command.document.replace("/", "_"), command.line))
    start = time.monotonic()
    with open(log, "w") as out:
        try:
            proc = subprocess.run(["bash", "-c", shell_text], cwd=clone.path, env=env, stdin=subprocess.DEVNULL,
                                  stdout=out, stderr=subprocess.STDOUT, timeout=HANG_GUARD_SECONDS)
            status = proc.returncode
        except subprocess.TimeoutExpired:
            status = "hung: stopped after %d s" % HANG_GUARD_SECONDS
    seconds = time.monotonic() - start
    problems = [] if status == 0 else ["exited with status %s; its output's last lines (%s):" % (status, log)
                                       + "".join("\n    " + l for l in tail(log, 15))]
    problems += clone.strays()
    return not problems, seconds, problems


def tail(path, count):
    with open(path, errors="replace") as f:
        return [l.rstrip("\n") for l in f.readlines()[-count:]]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--keep", action="store_true", help="leave the clones and the logs in place")
    parser.add_argument("--list", action="store_true", help="only say how each command would run")
    parser.add_argument("--from", dest="first", metavar="DOCUMENT:LINE",
                        help="begin at that command, on a fresh clone (e.g. README.md:80)")
    args = parser.parse_args()

    commands = [c for document in DOCUMENTS for c in shell_commands(document)]
    if args.list:
        for command in commands:
            way = COMMANDS.get(command.text, Way("not in the table"))
            print("%s: %s: `%s`%s" % (command.where, way.how, filled(way.command or command.text),
                                      ": " + way.why if way.why else ""))
        return 0
    if args.first and args.first not in [c.where for c in commands]:
        parser.error("--from %s: no command there (--list shows them)" % args.first)
    commit = git(["-C", ROOT, "rev-parse", "HEAD"]).strip()
    parent = tempfile.mkdtemp(prefix="ngcc-readme-")
    env = dict(os.environ, NGCC_FAMILIES=FAMILIES)
    print("readme_check: %d commands of %s on fresh clones of %s in %s (NGCC_FAMILIES=%s)"
          % (len(commands), " and ".join(DOCUMENTS), commit[:12], parent, FAMILIES), flush=True)
    if git(["-C", ROOT, "status", "--porcelain", "--untracked-files=no"]):
        print("readme_check: the work tree has uncommitted changes; the clones test the commit alone", flush=True)

    passed = failed = skipped = 0
    clone, clones, start = None, 0, time.monotonic()
    used, begun = set(), not args.first
    try:
        for command in commands:
            way = COMMANDS.get(command.text)
            if way is None:
                print("%s: `%s` is not in the README test's table (tools/tests/readme_check.py COMMANDS): "
                      "say how it runs" % (command.where, command.text), flush=True)
                failed += 1
                continue
            used.add(command.text)
            begun = begun or command.where == args.first
            if not begun:
                continue
            if way.how == "not run":
                print("%s: not run: `%s`: %s" % (command.where, command.text, way.why), flush=True)
                skipped += 1
                continue
            if clone is None or way.fresh:
                if clone and not args.keep:
                    clone.remove()
                clones += 1
                clone = Clone(parent, clones, commit)
                print("readme_check: a fresh clone, %s" % clone.path, flush=True)
            shell_text = filled(way.command or command.text)
            print("%s: %s: `%s` ..." % (command.where, way.how, shell_text), end=" ", flush=True)
            ok, seconds, problems = run(clone, command, shell_text, env)
            print("%s (%.0f s)" % ("passed" if ok else "FAILED", seconds), flush=True)
            for problem in problems:
                print("%s: `%s` %s" % (command.where, command.text, problem), flush=True)
            passed, failed = passed + ok, failed + (not ok)
        for text in COMMANDS:
            if text not in used:
                print("readme_check: the table's `%s` is in no shell block of %s: remove it"
                      % (text, " or ".join(DOCUMENTS)), flush=True)
                failed += 1
    finally:
        if not args.keep:
            shutil.rmtree(parent, ignore_errors=True)
    used_cpu = resource.getrusage(resource.RUSAGE_CHILDREN)
    print("readme_check: %d passed, %d failed, %d not run (the table says why); %d clones, %.1f min (CPU %.1f min)"
          % (passed, failed, skipped, clones, (time.monotonic() - start) / 60,
             (used_cpu.ru_utime + used_cpu.ru_stime) / 60), flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
