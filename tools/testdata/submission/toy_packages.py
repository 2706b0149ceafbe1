"""Writes the toy submission packages of our own making that have the shapes
of the published ones (the package layout of docs/submissions.md), for
tools/tests/submission_layout_check.py:

  shapes/Toy  reference, optimized and additional directories: a program
              beside the library sources, a .c that includes a C++ header (with x86 intrinsics),
              a source that #includes another, two sources defining one
              function, sources without an instance header, x86 and ARM
              directories of one instance, a hardware-only directory, and
              a shared source the settings add;
  trees/Toy   the same instance in an x86 and an ARM tree of one package,
              and supporting material (Others/) with a copy of a header;
  nested/Toy  the kind directories deep below the package (CHAMP's
              "Implementations and Test_Vectors/API_CryptHash/Implementations/"),
              beside the official KAT program and DRNG, with comments in GBK,
              a self-test main() beside CryptHash, and a directory whose
              first error is GBK text;
  api/Toy     Garnet's shape: "Implementations/API_CryptHash/Implementations/",
              an instance header named CryptHash_<Name>.h, an Additional_Implementation/
              that is itself the implementation, and assembly with a program
              and no header;
  selected/Toy  Garnet's one source set for several instances, its header
              naming none of them: an Additional_Implementation/ whose
              instance a define chooses, and a Reference_Implementation/Toy
              whose instance is which of two sources defining one function
              goes in (the settings' `instances:` say which);
  numbered/Toy  QSH's numbered kind directories (1_Reference_Implementation/),
              ZC-DM's Embedded32_Implementation/ and shared code outside
              every kind directory (lib/), Cuishen's assembly beside a
              CryptHash_<Instance>.h, WChain's source with a main() behind
              a define.

    write(root)   creates root/<shape>/Toy for each of them
"""
import os

HEADER = """/* Toy instance of our own making: the shape of a NICCS instance directory. */
#ifndef CRYPTHASH_ALGORITHM_INSTANCE_H
#define CRYPTHASH_ALGORITHM_INSTANCE_H

#define ALGORITHM_INSTANCE "{name}"
#define DIGEST_BIT_LENGTH {bits}

#ifdef __cplusplus
extern "C" {{
#endif
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);
#ifdef __cplusplus
}}
#endif
#endif
"""

# The C entry point of a toy directory: fold the message into the digest with toy_fold().
ENTRY = """#include "CryptHash_AlgorithmInstance.h"
#include "toy.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    toy_fold(msg, (msg_len_bits + 7) / 8, digest, (unsigned)(digest_len_bits + 7) / 8);
    return 0;
}
"""

TOY_H = """#ifndef TOY_H
#define TOY_H
void toy_fold(const unsigned char *msg, unsigned long long bytes, unsigned char *digest, unsigned digest_bytes);
#endif
"""

TOY_C = """#include "toy.h"

void toy_fold(const unsigned char *msg, unsigned long long bytes, unsigned char *digest, unsigned digest_bytes)
{
    unsigned long long i;
    for (i = 0; i < digest_bytes; i++)
        digest[i] = (unsigned char)(i * %d);
    for (i = 0; i < bytes; i++)
        digest[i %% digest_bytes] ^= msg[i];
}
"""

# A program beside the library sources, written as older code writes it, that
# compiles a library source in: it stays a source of the library.
BENCH_C = """#include <stdio.h>
#include "CryptHash_AlgorithmInstance.h"
#include "toy.c"

void main(void)
{
    unsigned char digest[DIGEST_BIT_LENGTH / 8];
    printf("%d\\n", CryptHash(DIGEST_BIT_LENGTH, (const unsigned char *)"abc", 24, digest));
}
"""

# A .c entry point that includes a C++ header (its own makefile builds it with g++).
CXX_ENTRY = """#include "CryptHash_AlgorithmInstance.h"
#include "toy.hpp"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    return toy_hash(msg, static_cast<std::size_t>((msg_len_bits + 7) / 8), digest,
                    static_cast<std::size_t>(digest_len_bits / 8));
}
"""

# C++ for x86 only, as CHIME's optimized P.hpp.
TOY_HPP = """#ifndef TOY_HPP
#define TOY_HPP
#include <cstddef>
#include <immintrin.h>

int toy_hash(const unsigned char *msg, std::size_t bytes, unsigned char *digest, std::size_t digest_bytes);
#endif
"""

TOY_CPP = """#include "toy.hpp"

extern "C" int toy_extra(void);  // in ../common/extra.c, which the settings add

int toy_hash(const unsigned char *msg, std::size_t bytes, unsigned char *digest, std::size_t digest_bytes)
{
    for (std::size_t i = 0; i < digest_bytes; i++)
        digest[i] = static_cast<unsigned char>(i);
    for (std::size_t i = 0; i < bytes; i++)
        digest[i % digest_bytes] ^= msg[i];
    return toy_extra() - 1;
}
"""

EXTRA_C = """/* A source the settings add to one implementation (settings `sources:`). */
int toy_extra(void);

int toy_extra(void)
{
    return 1;
}
"""

MAIN_C = """#include "toy.h"

int main(void)
{
    unsigned char digest[128];
    toy_fold((const unsigned char *)"abc", 3, digest, sizeof digest);
    return digest[0];
}
"""

ROUND_V = """// A hardware description: nothing the builder compiles.
module toy_round(input [7:0] a, output [7:0] b);
  assign b = a ^ 8'h5a;
endmodule
"""


# Comments and an #error in GBK, as some packages write them (encoded on writing).
# Also with a self-test main() beside CryptHash, as JuziHash keeps one: still a library source.
GBK_ENTRY = """/* 哈希函数的入口（测试） */
""" + ENTRY + """
#ifdef TOY_SELFTEST
int main(void)
{
    unsigned char digest[32];
    return CryptHash(256, (const unsigned char *)"abc", 24, digest);
}
#endif
"""

GBK_BROKEN = """/* 编译失败的目录 */
#error 需要特定的编译器
"""

# The official KAT program and DRNG beside the sources: the harness brings
# its own, so neither is compiled (the #error says so if one were).
KAT_C = """#include "CryptHash_AlgorithmInstance.h"

int main(void)
{
    return 0;
}
"""

DRNG_C = """#error the harness brings its own DRNG: this file is not compiled
"""

# Assembly that folds one byte, for the architectures the tests build.
TOY_S = """    .text
    .globl toy_mix
#if defined(__x86_64__)
    .type toy_mix, @function
toy_mix:
    movl %edi, %eax
    xorl $0x5a, %eax
    ret
#elif defined(__aarch64__)
    .type toy_mix, %function
toy_mix:
    eor w0, w0, #0x5a
    ret
#endif
    .section .note.GNU-stack,"",%progbits
"""

ASM_ENTRY = """#include "{header}"

int toy_mix(int byte);

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{{
    unsigned long long i;
    for (i = 0; i < (unsigned long long)digest_len_bits / 8; i++)
        digest[i] = (unsigned char)toy_mix((int)i);
    for (i = 0; i < (msg_len_bits + 7) / 8; i++)
        digest[i % ((unsigned long long)digest_len_bits / 8)] ^= msg[i];
    return 0;
}}
"""

# A toy_fold() whose variant a define chooses (Garnet's SUBMISSION_VARIANT_512).
VARIANT_C = """#include "toy.h"

#ifndef TOY_VARIANT
#define TOY_VARIANT 1
#endif

void toy_fold(const unsigned char *msg, unsigned long long bytes, unsigned char *digest, unsigned digest_bytes)
{
    unsigned long long i;
    for (i = 0; i < digest_bytes; i++)
        digest[i] = (unsigned char)(i * TOY_VARIANT);
    for (i = 0; i < bytes; i++)
        digest[i % digest_bytes] ^= msg[i];
}
"""

# A source whose main() a define hides (WChain's wchain_c.c and WCHAIN_NO_MAIN):
# a program unless the settings name it.
TOOL_C = """int toy_tool_answer(void)
{
    return 42;
}

#ifndef TOY_NO_MAIN
int main(void)
{
    return toy_tool_answer();
}
#endif
"""

GBK_FILES = {"nested/Toy/Implementations and Test_Vectors/API_CryptHash/Implementations/Reference_Implementation/"
             + name for name in ("Toy-256/CryptHash_AlgorithmInstance.c", "Toy-512/CryptHash_AlgorithmInstance.c")}


def toy_directory(name, bits):
    """The files of a plain toy instance directory."""
    return {"CryptHash_AlgorithmInstance.h": HEADER.format(name=name, bits=bits),
            "CryptHash_AlgorithmInstance.c": ENTRY, "toy.h": TOY_H, "toy.c": TOY_C % 1}


def packages():
    """{relative path: text} of both packages."""
    impl, opt, add = "shapes/Toy/Implementations/", "shapes/Toy/Implementations/Optimized_Implementation/", \
        "shapes/Toy/Implementations/Additional_Implementation/Toy-256/"
    dirs = {
        impl + "Reference_Implementation/Toy-256": dict(toy_directory("Toy-256", 256), **{"bench.c": BENCH_C}),
        opt + "Toy-256": {"CryptHash_AlgorithmInstance.h": HEADER.format(name="Toy-256", bits=256),
                          "CryptHash_AlgorithmInstance.c": CXX_ENTRY, "toy.hpp": TOY_HPP, "toy.cpp": TOY_CPP},
        opt + "common": {"extra.c": EXTRA_C},
        opt + "Toy-512": {"CryptHash_AlgorithmInstance.h": HEADER.format(name="Toy-512", bits=512),
                          "CryptHash_AlgorithmInstance.c": ENTRY, "toy.h": TOY_H, "perm.c": TOY_C % 3,
                          "perm_wide.c": "/* The wide code falls back to the portable one, which it compiles in. */\n"
                                         "#include \"perm.c\"\n"},
        opt + "Toy-768": {"CryptHash_AlgorithmInstance.h": HEADER.format(name="Toy-768", bits=768),
                          "CryptHash_AlgorithmInstance.c": ENTRY, "toy.h": TOY_H,
                          "toy_a.c": TOY_C % 1, "toy_b.c": TOY_C % 1},
        opt + "Toy-1024": {"toy.h": TOY_H, "toy.c": TOY_C % 1, "main.c": MAIN_C},
        add + "X86/Wide_Implementation": toy_directory("Toy-256", 256),
        add + "ARM/Neon_Implementation": toy_directory("Toy-256", 256),
        add + "ASIC/Round_Implementation": {"toy_round.v": ROUND_V},
        "trees/Toy/Others/Self-Assessment/Implementations/Reference_Implementation/Toy-256":
            {"CryptHash_AlgorithmInstance.h": HEADER.format(name="Toy-256", bits=256)},
    }
    for tree in ("Toy-X86", "Toy-ARM"):
        dirs["trees/Toy/Implementations and Test_vector/%s/Implementations/Reference_Implementation/Toy-256"
             % tree] = toy_directory("Toy-256", 256)
    nested = "nested/Toy/Implementations and Test_Vectors/API_CryptHash/Implementations/Reference_Implementation/"
    dirs[nested + "Toy-256"] = dict(toy_directory("Toy-256", 256), **{
        "CryptHash_AlgorithmInstance.c": GBK_ENTRY, "KAT_CryptHash.c": KAT_C, "drng.c": DRNG_C})
    dirs[nested + "Toy-512"] = {"CryptHash_AlgorithmInstance.h": HEADER.format(name="Toy-512", bits=512),
                                "CryptHash_AlgorithmInstance.c": GBK_BROKEN}
    api = "api/Toy/Implementations/API_CryptHash/Implementations/"
    dirs[api + "Reference_Implementation/Toy"] = {
        "CryptHash_Toy.h": HEADER.format(name="Toy-1280", bits=1280),
        "CryptHash_Toy.c": ENTRY.replace("CryptHash_AlgorithmInstance.h", "CryptHash_Toy.h"),
        "toy.h": TOY_H, "toy.c": TOY_C % 5, "main.c": MAIN_C}
    dirs[api + "Additional_Implementation"] = dict(toy_directory("Toy-1280", 1280), **{"toy.mk": "all:\n"})
    dirs[api + "Optimized_Implementation/Toy_1280"] = {"toy_1280.S": TOY_S, "main_1280.c": MAIN_C}
    selected = api.replace("api/", "selected/", 1)
    named_entry = ENTRY.replace("CryptHash_AlgorithmInstance.h", "CryptHash_Toy.h")
    dirs[selected + "Additional_Implementation"] = {
        "CryptHash_Toy.h": HEADER.format(name="Toy", bits=256), "CryptHash_Toy.c": named_entry,
        "toy.h": TOY_H, "toy_variant.c": VARIANT_C}
    dirs[selected + "Reference_Implementation/Toy"] = {
        "CryptHash_Toy.h": HEADER.format(name="Toy", bits=256), "CryptHash_Toy.c": named_entry,
        "toy.h": TOY_H, "toy_narrow.c": TOY_C % 2, "toy_wide.c": TOY_C % 4}
    numbered = "numbered/Toy/Implementations/"
    dirs[numbered + "Implementations/1_Reference_Implementation/Toy-256"] = dict(toy_directory("Toy-256", 256),
                                                                                   **{"toy_tool.c": TOOL_C})
    dirs[numbered + "Implementations/2_Optimized_Implementation/Toy-512"] = {
        "CryptHash_Toy-512.h": HEADER.format(name="Toy-512", bits=512),
        "CryptHash_Toy-512.c": ASM_ENTRY.format(header="CryptHash_Toy-512.h"), "toy_mix.S": TOY_S}
    dirs[numbered + "Implementations/Embedded32_Implementation/Toy-256"] = toy_directory("Toy-256", 256)
    dirs[numbered + "lib/low"] = {"toy.h": TOY_H, "toy.c": TOY_C % 7}
    return {os.path.join(d, f): text for d, files in dirs.items() for f, text in files.items()}


def write(root):
    for path, text in packages().items():
        os.makedirs(os.path.dirname(os.path.join(root, path)), exist_ok=True)
        with open(os.path.join(root, path), "w", encoding="gbk" if path in GBK_FILES else "utf-8") as f:
            f.write(text)
