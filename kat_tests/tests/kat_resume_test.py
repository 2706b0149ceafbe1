#!/usr/bin/python3
"""ngcc-kat keeps what it finished (README, Official KATs): its --json holds
every file's verdict as the file ends, so a run killed outright (SIGKILL)
leaves them; SIGTERM stops it with the finished files kept, "complete":
false and exit 143; the same command then runs only the rest, reusing the
files kept without rewriting them. A malformed --resume file is one line
and exit 2, with nothing overwritten.

The third module is the first held (kat_tests/tests/held_module.c): its
KAT_2_23 waits while a file of this test exists, so the run cannot end
before the test lets it, however fast the machine.

usage: kat_resume_test.py NGCC_KAT HELD_LIBRARY MODULE_A.so MODULE_B.so"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools"))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "tools", "tests"))
from hashbench.common import target_command  # noqa: E402
from script_checks import expect  # noqa: E402

# Bound on the wait for a verdict that needs no more than a few seconds.
VERDICT_WAIT_SECONDS = 120


def load(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def files_of(doc):
    """{(module stem, kind): file entry} of an ngcc-kat JSON document."""
    return {(m["module"], f["kind"]): f for m in doc["modules"] for f in m["files"]}


class Run:
    """One ngcc-kat run of this test's command, in the background."""

    def __init__(self, command, env, tmp, name):
        self.out_path = os.path.join(tmp, name + ".out")
        self.err_path = os.path.join(tmp, name + ".err")
        with open(self.out_path, "w") as out, open(self.err_path, "w") as err:
            self.process = subprocess.Popen(command, env=env, stdout=out, stderr=err)

    def output(self):
        with open(self.out_path) as out, open(self.err_path) as err:
            return out.read(), err.read()

    def wait_for_files(self, json_path, count):
        """Waits until this run has planned its files (the JSON it wrote
        before is not what counts) and json_path lists at least `count`;
        fails the test if the run ends first or that takes past the bound."""
        def ready():
            return "job(s)," in self.output()[0] and os.path.exists(json_path) \
                and len(files_of(load(json_path))) >= count
        deadline = time.monotonic() + VERDICT_WAIT_SECONDS
        while not ready():
            expect(self.process.poll() is None, "ngcc-kat ended (%s) before %s had %d file(s): %s"
                   % (self.process.returncode, json_path, count, self.output()))
            if time.monotonic() > deadline:
                self.process.kill()
                expect(False, "%s had fewer than %d file(s) after %d s: %s"
                       % (json_path, count, VERDICT_WAIT_SECONDS, self.output()))
            time.sleep(0.05)

    def stop(self, signum):
        self.process.send_signal(signum)
        return self.process.wait(timeout=VERDICT_WAIT_SECONDS)


def main():
    kat, held, module_a, module_b = sys.argv[1:5]
    with tempfile.TemporaryDirectory() as tmp:
        hold = os.path.join(tmp, "hold")
        open(hold, "w").close()
        env = dict(os.environ, NGCC_HELD_MODULE=module_a, NGCC_HOLD_FILE=hold)
        out_dir, json_path = os.path.join(tmp, "kat_output"), os.path.join(tmp, "kat.json")
        command = target_command(kat) + [module_a, module_b, held, "--kinds", "2_12,2_23", "--jobs", "2",
                   "--out", out_dir, "--json", json_path, "--resume", json_path]
        held_stem = os.path.basename(held)[len("lib"):-len(".so")]
        planned = 6  # three modules, two files each

        # Killed outright after the first verdict: the JSON keeps it.
        run = Run(command, env, tmp, "killed")
        run.wait_for_files(json_path, 1)
        run.stop(signal.SIGKILL)
        doc = load(json_path)
        expect(doc["complete"] is False, "a killed run's JSON says it is not complete: %s" % doc.get("complete"))
        killed = files_of(doc)
        expect(killed and all(f["status"] == "PASS" for f in killed.values()),
               "the killed run kept PASS verdicts: %s" % killed)

        # The same command, stopped by SIGTERM once every file but the held
        # one has ended: exit 143, the files kept, and it says so.
        run = Run(command, env, tmp, "terminated")
        run.wait_for_files(json_path, planned - 1)
        status = run.stop(signal.SIGTERM)
        stdout, stderr = run.output()
        expect(status == 128 + signal.SIGTERM, "SIGTERM exits 143, got %d: %s" % (status, stderr))
        expect("kept from the last run: %d file(s); running %d" % (len(killed), planned - len(killed)) in stdout,
               "the rerun says what it kept: %s" % stdout)
        line = "interrupted by SIGTERM: %d of %d files kept in %s; the same command continues" % (
            planned - 1, planned, json_path)
        expect(line in stderr, "it says what it kept: %s" % stderr)
        doc = load(json_path)
        kept = files_of(doc)
        expect(doc["complete"] is False and len(kept) == planned - 1 and (held_stem, "2_23") not in kept,
               "every file but the held one kept: %s" % sorted(kept))
        expect(len(doc["modules"]) == 3, "every module listed, the held one with what it finished")
        for k in killed:
            expect(kept[k].get("kept") is True and kept[k]["seconds"] == killed[k]["seconds"],
                   "%s reused from the killed run, not run again: %s" % (k, kept[k]))
        mtimes = {k: os.stat(f["path"]).st_mtime_ns for k, f in kept.items()}

        # Malformed resume input: one line naming the file and the fault,
        # exit 2, the JSON untouched.
        before = os.stat(json_path).st_mtime_ns
        bad = os.path.join(tmp, "bad.json")
        for content, fault in (("{", "not JSON"),
                               (json.dumps({"schema": "ngcc-kat/1", "modules": [{"module_sha256": "00",
                                "kat_name": "X", "digest_bits": 256, "files": [{"status": "PASS"}]}]}),
                                "modules[0].files[0].kind: missing")):
            with open(bad, "w") as f:
                f.write(content)
            p = subprocess.run(command + ["--resume", bad], env=env, capture_output=True, text=True)
            lines = p.stderr.strip().splitlines()
            expect(p.returncode == 2 and len(lines) == 1 and bad in lines[0] and fault in lines[0],
                   "a malformed --resume file: one line, exit 2: %d %s" % (p.returncode, p.stderr))
        expect(os.stat(json_path).st_mtime_ns == before, "a refused run leaves the JSON as it was")

        # Released: the same command runs only the held file and ends.
        os.remove(hold)
        p = subprocess.run(command, env=env, capture_output=True, text=True)
        expect(p.returncode == 0, "the continued run passes: %s %s" % (p.stdout, p.stderr))
        expect("kept from the last run: %d file(s); running 1" % (planned - 1) in p.stdout,
               "it says it runs only the rest: %s" % p.stdout)
        expect("1 job(s)" in p.stdout, "one job: %s" % p.stdout)
        doc = load(json_path)
        done = files_of(doc)
        expect(doc["complete"] is True and len(done) == planned and all(f["status"] == "PASS" for f in done.values()),
               "complete, every file PASS: %s" % sorted(done))
        expect(all(done[k].get("kept") is True for k in kept) and "kept" not in done[(held_stem, "2_23")],
               "the kept files are marked kept, the new one not")
        expect(all(os.stat(done[k]["path"]).st_mtime_ns == mtimes[k] for k in kept),
               "the kept files were not written again")
    print("kat_resume_test: all checks passed")


if __name__ == "__main__":
    main()
