"""Helpers shared by the Python tools in tools/."""

import hashlib
import os
import shlex


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
