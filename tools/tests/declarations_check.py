#!/usr/bin/python3
"""The candidate contract (tools/hashbench/declarations.py, docs/families.md) on
candidate directories of our own making: a good declared-only candidate
passes; each kind of bad declaration, manifest or directory is refused with
an error that names the directory and what is wrong.

usage: declarations_check.py
"""
import copy
import json
import os
import shutil
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "tools"))
from hashbench.declarations import DeclarationError, read_declarations  # noqa: E402

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
    """candidates/, hashes/ and the variants table in a temporary directory."""

    def __init__(self, root):
        self.root = root
        os.makedirs(os.path.join(root, "candidates"))
        os.makedirs(os.path.join(root, "hashes"))
        shutil.copy(os.path.join(ROOT, "hashes", "variants.json"), os.path.join(root, "hashes"))

    def candidate(self, directory, decl, manifest=None):
        path = os.path.join(self.root, "candidates", directory)
        os.makedirs(path, exist_ok=True)
        with open(os.path.join(path, "candidate.json"), "w", encoding="utf-8") as f:
            json.dump(decl, f, indent=2)
        lines = manifest_lines(decl) if manifest is None else manifest
        if lines is not False:
            with open(os.path.join(path, "kat.sha256"), "w") as f:
                f.write("\n".join(lines) + "\n")
        return path

    def file(self, relpath, text=""):
        path = os.path.join(self.root, relpath)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)


def edited(edit):
    decl = copy.deepcopy(GOOD)
    edit(decl)
    return decl


def check(label, build, expect):
    """`build(tree)` lays out the candidates; `expect` is None for a pass or
    the text the error must contain."""
    with tempfile.TemporaryDirectory() as tmp:
        tree = Tree(tmp)
        build(tree)
        try:
            read_declarations(tmp)
            said, refused = "accepted", False
        except DeclarationError as e:
            said, refused = str(e), True
    ok = not refused if expect is None else refused and expect in said
    print("%s %s: %s" % ("PASS" if ok else "FAIL", label, said))
    return ok


def one(decl, manifest=None, directory="hash-90-fixture"):
    return lambda tree: tree.candidate(directory, decl, manifest)


def cases():
    good = GOOD
    lines = manifest_lines(good)

    def two(first, second, second_manifest=None):
        def build(tree):
            tree.candidate("hash-90-fixture", first)
            tree.candidate(second["candidate_id"] + "-other", second, second_manifest)
        return build

    def ours(d):
        d.pop("implemented")
        d.pop("sources")
        for k, i in enumerate(d["instances"]):
            i["params"] = "kFixture%d" % k

    def with_file(relpath):
        def build(tree):
            tree.candidate("hash-90-fixture", good)
            tree.file(relpath, "int x;\n")
        return build

    def ours_with_files(tree):
        tree.candidate("hash-90-fixture", edited(ours))
        for name in ("fixture.hpp", "permutation.hpp", "permutation_portable.cpp", "permutation_avx2.cpp"):
            tree.file("hashes/fixture/" + name)

    other = edited(lambda d: (d.update(candidate_id="hash-91"),
                              [i.update(name=i["name"] + "b", kat_name=i["kat_name"] + "b")
                               for i in d["instances"]]))
    return [
        ("a good declared-only candidate", one(good), None),
        ("declared only, with code of ours", with_file("hashes/fixture/fixture.hpp"),
         "candidates/hash-90-fixture: declared only (\"implemented\": false) but hashes/fixture exists"),
        ("a family directory no candidate declares", with_file("hashes/stray/permutation.hpp"),
         "hashes/stray: a family directory no candidates/hash-NN-stray/ declares"),
        ("a family of ours that lost its sources", one(edited(ours)),
         "candidates/hash-90-fixture: no hashes/fixture"),
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
         "candidate_id 'h90' is not the directory's hash-90"),
        ("a name twice in one candidate",
         one(edited(lambda d: d["instances"][1].update(name="Fixture-512")),
             manifest=sorted(set(manifest_lines(edited(lambda d: d["instances"][1].update(name="Fixture-512")))))),
         "candidate.json: name 'Fixture-512' is already declared by candidates/hash-90-fixture"),
        ("a name of another candidate",
         two(good, edited(lambda d: d.update(candidate_id="hash-91"))),
         "candidates/hash-91-other: candidate.json: name 'Fixture-512' is already declared by candidates/hash-90-fixture"),
        ("a kat_name of another candidate",
         two(good, edited(lambda d: (d.update(candidate_id="hash-91"),
                                     [i.update(name=i["name"] + "b") for i in d["instances"]]))),
         "candidates/hash-91-other: candidate.json: kat_name 'fixture_512' is already declared by candidates/hash-90-fixture"),
        ("a candidate_id twice", two(good, dict(other, candidate_id="hash-90")),
         "candidates/hash-90-other: candidate.json: candidate_id 'hash-90' is already declared by candidates/hash-90-fixture"),
        ("two good candidates", two(good, other), None),
        ("no manifest", one(good, manifest=False), "candidates/hash-90-fixture: no kat.sha256"),
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
        ("a directory that is no C++ namespace", one(good, directory="hash-90-Fixture"),
         "candidates/hash-90-Fixture: a candidate directory is named <candidate_id>-<name>"),
        ("a directory of another id", one(good, directory="hash-91-fixture"),
         "candidate_id 'hash-90' is not the directory's hash-91"),
        ("an AVX-512 extension the variants table does not know",
         one(edited(lambda d: (ours(d), d.update(avx512_extensions=["IFMA"])))),
         "avx512_extensions: unknown 'IFMA'"),
        ("a family of ours with all its files", ours_with_files, None),
        ("a family source of no variant", lambda tree: (ours_with_files(tree), tree.file("hashes/fixture/permutation_sve.cpp")),
         "hashes/fixture/permutation_sve.cpp: sources are permutation_<implementation>.cpp"),
    ]


def main():
    results = [check(*case) for case in cases()]
    failed = results.count(False)
    print("%d of %d declaration checks failed" % (failed, len(results)) if failed
          else "all %d declaration checks passed" % len(results))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
