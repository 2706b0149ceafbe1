#!/usr/bin/python3
"""Builds a submission package in the NICCS layout into CryptHash modules.

usage: ngcc_submission.py build PACKAGE_DIR [--out DIR] [--config FILE] [--arch x86_64|aarch64]
                          [--manifest ngcc_modules.json] [--cc CC] [--cxx CXX]

Every directory under Reference_Implementation/, Optimized_Implementation/
or Additional_Implementation/ that holds CryptHash_AlgorithmInstance.h is
one instance implementation, built with the guide's flags of the target
architecture (then the harness defaults) into a shared library; every
directory with code that is not built gets one line saying why. The
package layout, the flags, the settings and the campaign entries are
described in docs/submissions.md; the code is in tools/submission/.
"""
import sys

from submission.cli import main

if __name__ == "__main__":
    sys.exit(main(doc=__doc__))
