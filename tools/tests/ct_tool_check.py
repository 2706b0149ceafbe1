#!/usr/bin/python3
"""hashbench.ct end to end (ctest ct/ngcc_ct): a plan of a module of ours,
a leaky library exporting only CryptHash and libraries it skips, --merge, a
bad plan;
--resume keeps the verdicts of unchanged library files, and a run stopped by
SIGTERM keeps what ended (HELD_LIBRARY, kat_tests/tests/held_module.c: the
leaky library, with calls past 4096 bits held while a file of this test
exists).

usage: ct_tool_check.py CT_HARNESS LEAKY_LIBRARY MODULE.so HELD_LIBRARY"""
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from script_checks import expect, tool_command

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)
from hashbench import plan as library_plan  # noqa: E402

ROOT = os.path.dirname(TOOLS)


def command(harness, out, *args):
    return tool_command("ct") + ["--harness", harness, "--root", ROOT, "--out", out,
            "--usable", "AVX2 BMI1 BMI2", "--jobs", "2"] + list(args)


def our_module(module):
    """The plan entry of a module of ours, as tools/ngcc ct plans it."""
    build = os.path.dirname(os.path.dirname(os.path.abspath(module)))
    return next(e for e in library_plan.plan(build)["libraries"] if e["path"] == os.path.abspath(module))


def theirs(name, variant, path, requires=()):
    """The plan entry of a library a campaign describes, of 256 bits."""
    return dict(path=path, kind="submitted", instance=name, kat_name=name, digest_bits=256, variant=variant,
                requires=list(requires), flags="", sha256="")


def plan(tmp, *libraries):
    """A library plan of these entries (tools/hashbench/plan.py), written into tmp; its path."""
    path = os.path.join(tmp, "plan-%d.json" % len(os.listdir(tmp)))
    library_plan.write_plan(path, library_plan.plan_of(list(libraries)))
    return path


def run(harness, out, *args):
    return subprocess.run(command(harness, out, *args), capture_output=True, text=True)


def entries(out):
    with open(out, encoding="utf-8") as f:
        doc = json.load(f)
    assert doc["schema"] == "ngcc-ct/1", doc
    return {(e["instance"], e["variant"]): e for e in doc["libraries"]}


def check_resume(harness, leaky, module, tmp, out):
    """--resume keeps what out holds of unchanged files, checks the rest."""
    before = entries(out)
    ours = next(k for k in before if k[1] not in ("submitted-ref", "submitted-avx512", "submitted-odd",
                                                  "submitted-gone"))
    changed = os.path.join(tmp, "libct_changed.so")
    shutil.copy(leaky, changed)
    p = run(harness, out, "--resume", "--plan", plan(tmp, our_module(module), theirs("CT-Leaky", "submitted-ref", leaky),
                                                   theirs("CT-Changed", "submitted-ref", changed)))
    kept = 1 + (before[ours]["status"] == "PASS")
    expect(p.returncode == 1, "a kept FAIL exits 1: %d %s" % (p.returncode, p.stderr))
    expect("ct: kept from the last run: %d librar" % kept in p.stdout and "checking %d" % (3 - kept) in p.stdout,
           "it says what it kept: %s" % p.stdout)
    expect("CT-Leaky/submitted-ref:" not in p.stdout, "the leaky library is not checked again: %s" % p.stdout)
    after = entries(out)
    expect(after[("CT-Leaky", "submitted-ref")] == before[("CT-Leaky", "submitted-ref")], "its entry is kept")
    expect(after[("CT-Changed", "submitted-ref")]["status"] == "FAIL", "the new library is checked")
    with open(changed, "ab") as f:
        f.write(b"\0")  # another file: its verdict is of the one before
    p = run(harness, out, "--resume", "--plan", plan(tmp, theirs("CT-Changed", "submitted-ref", changed)))
    expect("CT-Changed/submitted-ref: FAIL" in p.stdout and "kept from the last run" not in p.stdout,
           "a changed library is checked again: %s" % p.stdout)


def check_stopped(harness, leaky, held, tmp):
    """SIGTERM once the first library has ended: exit 143, that one kept."""
    out = os.path.join(tmp, "stopped.json")
    hold = os.path.join(tmp, "hold")
    open(hold, "w").close()
    env = dict(os.environ, NGCC_HELD_MODULE=leaky, NGCC_HOLD_FILE=hold)
    p = subprocess.Popen(command(harness, out, "--resume",
                                 "--plan", plan(tmp, theirs("CT-Leaky", "submitted-ref", leaky),
                                                theirs("CT-Held", "submitted-held", held))),
                         env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not os.path.exists(out):
        if p.poll() is not None:
            expect(False, "hashbench.ct ended before saving a verdict: %s" % (p.communicate(),))
        if time.monotonic() > deadline:
            p.kill()
            expect(False, "no verdict saved in %s after 120 s" % out)
        time.sleep(0.05)
    p.send_signal(signal.SIGTERM)
    os.remove(hold)  # the held library's valgrind may end now, unrecorded
    stdout, stderr = p.communicate(timeout=300)
    expect(p.returncode == 128 + signal.SIGTERM, "SIGTERM exits 143: %d %s" % (p.returncode, stderr))
    expect("interrupted by SIGTERM: 1 of 2 libraries kept in %s; the same command continues" % out in stderr,
           "it says what it kept: %s" % stderr)
    saved = entries(out)
    expect(list(saved) == [("CT-Leaky", "submitted-ref")], "the leaky library's verdict alone: %s" % saved)


def main():
    harness, leaky, module, held = sys.argv[1:5]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "ct.json")
        p = run(harness, out, "--plan", plan(tmp, our_module(module), theirs("CT-Leaky", "submitted-ref", leaky),
                                             theirs("CT-Wide", "submitted-avx512", leaky, ["AVX512F", "AVX512BW"]),
                                             theirs("CT-Odd", "submitted-odd", leaky, ["AVX9"]),
                                             theirs("CT-Gone", "submitted-gone", os.path.join(tmp, "libnone.so"))))
        expect(p.returncode == 1, "a FAIL and an ERROR exit 1, got %d: %s" % (p.returncode, p.stderr))
        e = entries(out)
        ours = next(v for (i, var), v in e.items() if var not in ("submitted-ref", "submitted-avx512",
                                                                    "submitted-odd", "submitted-gone"))
        expect(ours["status"] in ("PASS", "SKIP") and ours["sites"] == [], "our module: %s" % ours)
        leak = e[("CT-Leaky", "submitted-ref")]
        expect(leak["status"] == "FAIL" and leak["calls"] > 0, "the leaky library fails: %s" % leak)
        expect(leak["sites"][0]["where"] == "leaky_lookup (in libct_leaky_library.so)",
               "its site is the function in the library: %s" % leak["sites"])
        expect(e[("CT-Wide", "submitted-avx512")]["why"] == "valgrind runs no AVX-512 instructions",
               "AVX-512 libraries are skipped with the reason")
        expect(e[("CT-Odd", "submitted-odd")]["why"] == "this CPU does not run AVX9",
               "a library for extensions the CPU lacks is skipped")
        expect(e[("CT-Gone", "submitted-gone")]["status"] == "ERROR", "a missing library is an ERROR")
        expect("CT-Leaky/submitted-ref: FAIL, 1 site(s), first at leaky_lookup" in p.stdout, p.stdout)

        p = run(harness, out, "--merge", "--plan", plan(tmp, our_module(module)))
        expect(p.returncode == 0, "a rerun of our module alone passes: %s" % p.stderr)
        expect(("CT-Leaky", "submitted-ref") in entries(out), "--merge keeps the other entries")

        check_resume(harness, leaky, module, tmp, out)
        check_stopped(harness, leaky, held, tmp)

        bad = os.path.join(tmp, "bad-plan.json")
        with open(bad, "w") as f:
            f.write('{"schema": "ngcc-plan/1", "libraries": [{"path": "%s"}]}' % leaky)
        p = run(harness, out, "--plan", bad)
        expect(p.returncode == 2 and p.stderr == "ngcc ct: --plan %s: libraries[0]: key 'kind' missing\n" % bad,
               "a bad plan is a usage error: %s" % p.stderr)
    print("ct_tool_check: all checks passed")


if __name__ == "__main__":
    main()
