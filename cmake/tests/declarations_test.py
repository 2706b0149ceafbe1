#!/usr/bin/python3
"""The candidate contract (cmake/NgccDeclaration.cmake, docs/families.md) on
candidate directories of our own making: a good declared-only candidate
passes; each kind of bad declaration, manifest or directory is refused with
an error that names the directory and what is wrong. Runs the checks as the
build does, in script mode (cmake/check_declarations.cmake), so no build is
configured.

usage: declarations_test.py [CMAKE]
"""
import copy
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
CHECK = os.path.join(HERE, "..", "check_declarations.cmake")
KINDS = ("2_12", "2_23", "2_33", "Loop")
DIGEST = "0" * 64

GOOD = {
    "candidate_id": "hash-90",
    "family": "Fixture",
    "full_name": "The Fixture Hash",
    "implemented": False,
    "sources": {"manifest": "example/harness:hash-90/kat.sha256",
                "full_name": "example/harness:summary.md",
                "digest_bits": ["example/package:Fixture-512/CryptHash_AlgorithmInstance.h"],
                "xof": "example/package:Fixture-XOF/CryptHash_AlgorithmInstance.h"},
    "instances": [
        {"name": "Fixture-512", "kat_name": "fixture_512", "digest_bits": 512, "baseline": "SHA-512"},
        {"name": "Fixture-XOF", "kat_name": "fixture_xof", "digest_bits": 1024, "xof": True,
         "max_digest_bits": 1024, "baseline": "SHAKE256-1024"},
    ],
}


def manifest_lines(decl):
    return ["%s strict %s/KAT_%s_%s.txt" % (DIGEST, i["name"], k, i["kat_name"])
            for i in decl["instances"] for k in KINDS]


class Tree:
    """hashes/<dir>/ and kat_tests/data/ in a temporary directory."""

    def __init__(self, root):
        self.hashes = os.path.join(root, "hashes")
        self.manifests = os.path.join(root, "data")
        os.makedirs(self.hashes)
        os.makedirs(self.manifests)

    def candidate(self, directory, decl, manifest=None):
        path = os.path.join(self.hashes, directory)
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, "candidate.json"), "w", encoding="utf-8") as f:
            json.dump(decl, f, indent=2)
        lines = manifest_lines(decl) if manifest is None else manifest
        if lines is not False:
            with open(os.path.join(self.manifests, decl["candidate_id"] + ".sha256"), "w") as f:
                f.write("\n".join(lines) + "\n")
        return path

    def file(self, relpath, text=""):
        path = os.path.join(self.hashes, relpath)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def edited(edit):
    decl = copy.deepcopy(GOOD)
    edit(decl)
    return decl


def check(cmake, label, build, expect):
    """`build(tree)` lays out the candidates; `expect` is None for a pass or
    the text the error must contain."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Tree(tmp)
        build(tree)
        proc = subprocess.run([cmake, "-DNGCC_HASHES_DIR=" + tree.hashes,
                               "-DNGCC_MANIFEST_DIR=" + tree.manifests, "-P", CHECK],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=60)
    said = re.sub(r"\s+", " ", proc.stdout + proc.stderr).replace(tmp, "<tmp>")
    if expect is None:
        ok = proc.returncode == 0 and "declared only" in said
    else:
        ok = proc.returncode != 0 and re.sub(r"\s+", " ", expect) in said
    shown = re.search(r"(hashes/\S+: .*?)(?: Call Stack|$)", said)
    print("%s %s: %s" % ("PASS" if ok else "FAIL", label, shown.group(1) if shown else said.strip()))
    return ok


def one(decl, manifest=None, directory="fixture"):
    return lambda tree: tree.candidate(directory, decl, manifest)


def cases():
    good = GOOD
    lines = manifest_lines(good)

    def two(first, second, second_manifest=None):
        def build(tree):
            tree.candidate("fixture", first)
            tree.candidate("other", second, second_manifest)
        return build

    def ours(d):
        d.pop("implemented")
        d.pop("sources")
        for k, i in enumerate(d["instances"]):
            i["params"] = "kFixture%d" % k

    def with_file(relpath):
        def build(tree):
            tree.candidate("fixture", good)
            tree.file(relpath, "int x;\n")
        return build

    other = edited(lambda d: (d.update(candidate_id="hash-91"),
                              [i.update(name=i["name"] + "b", kat_name=i["kat_name"] + "b")
                               for i in d["instances"]]))
    return [
        ("a good declared-only candidate", one(good), None),
        ("declared only, with a source file", with_file("fixture/fixture.c"),
         "hashes/fixture: declared only (\"implemented\": false) but holds fixture.c"),
        ("declared only, with a header", with_file("fixture/fixture.hpp"), "but holds fixture.hpp"),
        ("declared only, with tests", with_file("fixture/tests/unit_test.cpp"), "but holds tests/"),
        ("a family of ours that lost its sources", one(edited(ours)),
         "hashes/fixture: missing fixture.hpp"),
        ("implemented: true", one(edited(lambda d: d.update(implemented=True))),
         "implemented: say false for a declared-only candidate, or leave it out"),
        ("implemented is not a boolean", one(edited(lambda d: d.update(implemented="no"))),
         "top level.implemented: expected BOOLEAN, found STRING"),
        ("params in a declared-only instance", one(edited(lambda d: d["instances"][0].update(params="kX"))),
         "instances[0]: unknown key 'params'"),
        ("avx512_extensions when declared only", one(edited(lambda d: d.update(avx512_extensions=["VBMI2"]))),
         "top level: unknown key 'avx512_extensions'"),
        ("unknown top-level key", one(edited(lambda d: d.update(note="x"))), "top level: unknown key 'note'"),
        ("unknown instance key", one(edited(lambda d: d["instances"][1].update(width=3))),
         "instances[1]: unknown key 'width'"),
        ("no sources", one(edited(lambda d: d.pop("sources"))), "top level: missing key 'sources'"),
        ("sources is not an object", one(edited(lambda d: d.update(sources="x/y:z"))),
         "top level.sources: expected OBJECT, found STRING"),
        ("a fact without its source", one(edited(lambda d: d["sources"].pop("digest_bits"))),
         "sources: missing key 'digest_bits'"),
        ("an XOF without the source of its XOF limit", one(edited(lambda d: d["sources"].pop("xof"))),
         "sources: missing key 'xof'"),
        ("an unknown source", one(edited(lambda d: d["sources"].update(params="a/b:c"))),
         "sources: unknown key 'params'"),
        ("a source that is no repository path", one(edited(lambda d: d["sources"].update(full_name="the web"))),
         "sources.full_name: 'the web' is not owner/repo:path"),
        ("an empty list of sources", one(edited(lambda d: d["sources"].update(digest_bits=[]))),
         "sources.digest_bits: expected owner/repo:path or a list of them"),
        ("digest_bits not a number", one(edited(lambda d: d["instances"][0].update(digest_bits="512"))),
         "instances[0].digest_bits: expected NUMBER, found STRING"),
        ("digest_bits not whole bytes", one(edited(lambda d: d["instances"][0].update(digest_bits=500))),
         "instances[0]: digest_bits must be a positive multiple of 8"),
        ("an XOF without max_digest_bits", one(edited(lambda d: d["instances"][1].pop("max_digest_bits"))),
         "instances[1]: missing key 'max_digest_bits'"),
        ("max_digest_bits below digest_bits", one(edited(lambda d: d["instances"][1].update(max_digest_bits=512))),
         "max_digest_bits at least that"),
        ("max_digest_bits of a fixed width", one(edited(lambda d: d["instances"][0].update(max_digest_bits=512))),
         "instances[0].max_digest_bits: only an XOF"),
        ("a bad kat_name", one(edited(lambda d: d["instances"][0].update(kat_name="a b")))
         , "kat_name 'a b' is not a valid ALGORITHM_INSTANCE"),
        ("no instances", one(edited(lambda d: d.update(instances=[])), manifest=[]), "instances is empty"),
        ("a bad candidate_id", one(edited(lambda d: d.update(candidate_id="h90"))),
         "candidate_id 'h90' is not of the form hash-<number>"),
        ("a name twice in one candidate",
         one(edited(lambda d: d["instances"][1].update(name="Fixture-512")),
             manifest=sorted(set(manifest_lines(edited(lambda d: d["instances"][1].update(name="Fixture-512")))))),
         "instances[1].name 'Fixture-512' is already declared by hashes/fixture"),
        ("a name of another candidate",
         two(good, edited(lambda d: d.update(candidate_id="hash-91"))),
         "hashes/other: candidate.json: instances[0].name 'Fixture-512' is already declared by hashes/fixture"),
        ("a kat_name of another candidate",
         two(good, edited(lambda d: (d.update(candidate_id="hash-91"),
                                     [i.update(name=i["name"] + "b") for i in d["instances"]]))),
         "hashes/other: candidate.json: instances[0].kat_name 'fixture_512' is already declared by hashes/fixture"),
        ("a candidate_id twice", two(good, dict(other, candidate_id="hash-90"), second_manifest=False),
         "hashes/other: candidate.json: candidate_id 'hash-90' is already declared by hashes/fixture"),
        ("two good candidates", two(good, other), None),
        ("no manifest", one(good, manifest=False), "hashes/fixture: no manifest"),
        ("a KAT file missing from the manifest", one(good, manifest=lines[:-1]),
         "no entry Fixture-XOF/KAT_Loop_fixture_xof.txt"),
        ("a manifest entry with no instance",
         one(good, manifest=lines + ["%s strict Fixture-768/KAT_2_12_fixture_768.txt" % DIGEST]),
         "Fixture-768/KAT_2_12_fixture_768.txt belongs to no declared instance"),
        ("a manifest entry under another name",
         one(good, manifest=[l.replace("Fixture-512/", "fixture_512/") for l in lines]),
         "fixture_512/KAT_2_12_fixture_512.txt belongs to no declared instance"),
        ("a malformed manifest line", one(good, manifest=lines + ["not a manifest line"]),
         "'not a manifest line' is not '<sha256> strict <name>/<file>'"),
        ("a directory that is no C++ namespace", one(good, directory="Fixture"),
         "hashes/Fixture: a family directory name is its C++ namespace"),
    ]


def main():
    cmake = sys.argv[1] if len(sys.argv) > 1 else "cmake"
    results = [check(cmake, *case) for case in cases()]
    failed = results.count(False)
    print("%d of %d declaration checks failed" % (failed, len(results)) if failed
          else "all %d declaration checks passed" % len(results))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
