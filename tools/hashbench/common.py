"""Helpers shared by the commands: file digests, how the build's executables
are started and what the CPU lets them use, signals while one runs."""

import hashlib
import os
import shlex
import signal
import subprocess


def file_sha256(path):
    """Hex SHA-256 of the file's bytes."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def target_command(executable):
    """The command starting one of the build's executables: behind the words
    of $NGCC_EMULATOR where a cross build sets it (e.g. qemu-aarch64 -L ROOT)."""
    return shlex.split(os.environ.get("NGCC_EMULATOR", "")) + [executable]


def without_emulator_lines(text):
    """stderr of a target executable without the line qemu-user adds when a
    (forked) guest process dies of a signal: the emulator's, not the tool's."""
    if not os.environ.get("NGCC_EMULATOR"):
        return text
    return "".join(l for l in text.splitlines(True) if not l.startswith("qemu: uncaught target signal"))


def usable_cpu_features(ngcc_kat, hiding=True):
    """The extensions code may use here, as a set of names ("AVX2", "AVX512F",
    ...): `ngcc-kat --cpu-features`, started as the build's executables are
    (behind $NGCC_EMULATOR), so it answers for the CPU this process's code
    runs on (an emulator's where there is one), minus NGCC_CPU_DISABLE
    (hiding=False: what the CPU has). Code built for an extension executes it
    whatever NGCC_CPU_DISABLE says: a test or tool asks this before it calls
    such code, and skips it otherwise."""
    env = dict(os.environ)
    if not hiding:
        env.pop("NGCC_CPU_DISABLE", None)
    run = subprocess.run(target_command(ngcc_kat) + ["--cpu-features"], capture_output=True, text=True, env=env)
    if run.returncode != 0:
        raise RuntimeError("%s --cpu-features: %s" % (ngcc_kat, (run.stderr.strip() or "exit %d" % run.returncode)))
    return set(run.stdout.split())


def unusable_reason(needed, usable, present):
    """None where every extension in `needed` is usable; else why code built
    for them must not run here, e.g. "this CPU lacks AVX512F AVX512BW".
    usable and present: usable_cpu_features() with and without hiding, so
    NGCC_CPU_DISABLE is read by the one parser that every module uses."""
    lacking = [f for f in needed if f not in present]
    hidden = [f for f in needed if f in present and f not in usable]
    parts = (["this CPU lacks " + " ".join(lacking)] if lacking else []) + \
        (["NGCC_CPU_DISABLE hides " + " ".join(hidden)] if hidden else [])
    return "; ".join(parts) or None


class Signals:
    """SIGINT and SIGTERM noted, not acted on, while a child (bench,
    ngcc-kat) runs: a Ctrl-C or a time limit signals the whole process group,
    the child stops keeping what ended, and the command goes on to say so."""

    def __enter__(self):
        self.replaced = {s: signal.signal(s, lambda _signum, _frame: None) for s in (signal.SIGINT, signal.SIGTERM)}
        return self

    def __exit__(self, *_):
        for s, handler in self.replaced.items():
            signal.signal(s, handler)
