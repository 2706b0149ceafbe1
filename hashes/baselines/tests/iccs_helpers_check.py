#!/usr/bin/python3
"""The ICCS helper modules against an independent model of their definitions
(docs/iccs-helpers.md) written on Python's hashlib SM3 and hmac, which share
no code with the modules but OpenSSL's SM3 itself.

    iccs_helpers_check.py MODULE_DIR        the iccs modules of its ngcc_modules.json
    iccs_helpers_check.py LIB.so [LIB.so...]

For every module: ngcc_instance() says what it is; CryptHash equals the model
at the published check's lengths 0 ... 65536 bytes of the message
(7*i + 1) mod 256; another width returns NGCC_ERR_DIGEST_LENGTH and a
partial last byte NGCC_ERR_MESSAGE_LENGTH, writing nothing. With a module
directory, also: every digest width a candidate declares (candidates/*/candidate.json)
has its pseudoXOF module, and the default campaign (bench/campaign.yaml)
measures every helper.
"""
import ctypes
import hashlib
import hmac
import os
import sys
import unittest


SOURCE = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
sys.path.insert(0, os.path.join(SOURCE, "tools"))
from hashbench.declarations import read_declarations  # noqa: E402
from hashbench.plan import load as load_campaign, read_module_manifest  # noqa: E402

# ngcc/crypthash.h
NGCC_OK, NGCC_ERR_DIGEST_LENGTH, NGCC_ERR_MESSAGE_LENGTH = 0, 3, 5
NGCC_XOF_MAX_DIGEST_BITS = 65536

# The fixed HMAC key of the helpers (docs/iccs-helpers.md).
KEY = bytes.fromhex("5307f6d5eb6a3ced3d24c53cc9c82cce2f8936397023f0695c26c80c1ab182a7"
                    "1db02ba92f544018115a96e719662ca32b7c7efc0a6d2482150766ba6f655b8e")
LENGTHS = (0, 1, 3, 31, 32, 55, 56, 63, 64, 65, 119, 128, 512, 1024, 4096, 8192, 16384, 65536)
WIDTHS = {"sm3hash": (256,), "pseudohash": (512, 768, 1024),
          "pseudoXOF": (256, 384, 512, 768, 1024, 1152, 1280, 2048)}


def sm3(*parts):
    h = hashlib.new("sm3")
    for p in parts:
        h.update(p)
    return h.digest()


def mac(*parts):
    return hmac.new(KEY, b"".join(parts), "sm3").digest()


def pseudo_xof(bits, m):
    blocks = (bits + 255) // 256
    return b"".join(sm3(m, ct.to_bytes(4, "big")) for ct in range(1, blocks + 1))[:bits // 8]


def pseudohash(bits, m):
    dom = bytes((bits // 256, 0))
    k1, h1 = mac(dom, m), sm3(m, dom)
    h2 = sm3(k1, h1)
    out = [h1, h2]
    if bits >= 768:
        k2 = mac(h1)
        out.append(sm3(h2, k2))
    if bits == 1024:
        k3, k4 = mac(h2), mac(out[2])
        out.append(sm3(k3, out[2], k4))
    return b"".join(out)


def model(instance, m):
    helper, bits = instance.rsplit("-", 1)
    bits = int(bits)
    if helper == "sm3hash":
        return sm3(m)
    if helper == "pseudohash":
        return pseudohash(bits, m)
    return pseudo_xof(bits, m)


def message(length):
    return bytes((7 * i + 1) & 0xFF for i in range(length))


class InstanceInfo(ctypes.Structure):
    """ngcc_instance_info (ngcc/crypthash.h), the fields read here first."""
    _fields_ = [("name", ctypes.c_char_p), ("kat_name", ctypes.c_char_p), ("candidate_id", ctypes.c_char_p),
                ("family", ctypes.c_char_p), ("full_name", ctypes.c_char_p), ("digest_bits", ctypes.c_int),
                ("is_xof", ctypes.c_int), ("max_digest_bits", ctypes.c_int), ("baseline", ctypes.c_char_p),
                ("variant", ctypes.c_char_p), ("implementation", ctypes.c_char_p),
                ("build_flags", ctypes.c_char_p), ("cpu_features", ctypes.c_char_p)]


class Library:
    def __init__(self, path):
        self.path = path
        lib = ctypes.CDLL(path)
        self.crypt_hash = lib.CryptHash
        self.crypt_hash.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_ulonglong, ctypes.c_char_p]
        self.crypt_hash.restype = ctypes.c_int
        lib.ngcc_instance.restype = ctypes.POINTER(InstanceInfo)
        self.info = lib.ngcc_instance().contents
        self.name = self.info.name.decode()

    def hash(self, digest_bits, m, msg_bits, out):
        return self.crypt_hash(digest_bits, m, msg_bits, out)


def libraries_from(args):
    """The libraries named, or the iccs modules of a module directory, and
    that directory's manifest (None for libraries named one by one)."""
    if len(args) == 1 and os.path.isdir(args[0]):
        manifest = read_module_manifest(os.path.join(args[0], "ngcc_modules.json"))
        paths = [os.path.join(args[0], m["file"]) for m in manifest["modules"]
                 if m["kind"] == "baseline" and m["variant"] == "iccs"]
        return paths, manifest
    return list(args), None


PATHS, MANIFEST = [], None


class IccsHelpers(unittest.TestCase):
    def setUp(self):
        self.assertTrue(PATHS, "no iccs module to check")
        self.libraries = [Library(p) for p in PATHS]

    def test_describes_itself(self):
        for lib in self.libraries:
            with self.subTest(lib.name):
                i = lib.info
                helper, bits = lib.name.rsplit("-", 1)
                self.assertIn(int(bits), WIDTHS[helper])
                self.assertEqual(os.path.basename(lib.path), "lib%s-iccs.so" % lib.name)
                self.assertEqual((i.variant, i.candidate_id, i.family, i.kat_name.decode()),
                                 (b"iccs", b"baseline", b"ICCS", lib.name))
                self.assertEqual((i.digest_bits, i.is_xof, i.max_digest_bits), (int(bits), 0, int(bits)))
                self.assertEqual(i.cpu_features, b"", "these modules need no CPU extension")

    def test_equals_the_model(self):
        for lib in self.libraries:
            bits = lib.info.digest_bits
            for length in LENGTHS:
                with self.subTest(lib.name, bytes=length):
                    m = message(length)
                    out = ctypes.create_string_buffer(bits // 8)
                    self.assertEqual(lib.hash(bits, m, 8 * length, out), NGCC_OK)
                    self.assertEqual(out.raw.hex(), model(lib.name, m).hex())

    def test_refuses_other_widths_and_partial_bytes_writing_nothing(self):
        m = message(1024)
        for lib in self.libraries:
            width = lib.info.digest_bits
            with self.subTest(lib.name):
                out = ctypes.create_string_buffer(b"\xee" * (NGCC_XOF_MAX_DIGEST_BITS // 8 + 16))
                for bits in sorted({0, -8, 7, width - 8, width + 8, 2 * width, NGCC_XOF_MAX_DIGEST_BITS}
                                   | {w for ws in WIDTHS.values() for w in ws} - {width}):
                    self.assertEqual(lib.hash(bits, m, 512, out), NGCC_ERR_DIGEST_LENGTH, "digest_len_bits %d" % bits)
                for msg_bits in (1, 7, 9, 255, 513, 8 * 1024 - 1):
                    self.assertEqual(lib.hash(width, m, msg_bits, out), NGCC_ERR_MESSAGE_LENGTH, "%d bits" % msg_bits)
                self.assertEqual(set(out.raw[:-1]), {0xEE}, "digest written on error")


class Coverage(unittest.TestCase):
    """Every width a candidate declares has its pseudoXOF, built and measured."""

    def setUp(self):
        if MANIFEST is None:
            self.skipTest("libraries named one by one: no build to check")
        self.declared = set()
        for candidate in read_declarations(SOURCE)["candidates"]:
            self.declared |= {i["digest_bits"] for i in candidate["declaration"]["instances"]}
        self.assertTrue(self.declared, "no candidate declared under %s" % SOURCE)
        self.published = {"%s-%d" % (helper, bits) for helper, widths in WIDTHS.items() for bits in widths}

    def test_every_declared_width_has_its_pseudo_xof(self):
        built = {m["instance"] for m in MANIFEST["modules"] if m["kind"] == "baseline" and m["variant"] == "iccs"}
        self.assertEqual(built, self.published | {"pseudoXOF-%d" % w for w in self.declared})

    def test_the_default_campaign_measures_every_helper(self):
        baselines = set(load_campaign(os.path.join(SOURCE, "bench", "campaign.yaml"))["baselines"])
        wanted = self.published | {"pseudoXOF-%d" % w for w in self.declared}
        self.assertEqual(wanted - baselines, set())


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    PATHS, MANIFEST = libraries_from(sys.argv[1:])
    unittest.main(argv=sys.argv[:1], verbosity=2)
