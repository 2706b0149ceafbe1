"""The tools of ngcc-hashbench, one package behind tools/ngcc (cli, the
command table). Each command is a function; the C++ executables of the build
(ngcc-kat, bench, ct_harness, the fuzz targets) are the processes that hash
and measure.

Modules, by concern:
  cli            the commands, their help and their options (tools/ngcc)
  host           Debian packages, CMake presets, the build, this machine's
                 name and usable extensions
  declarations   candidates/ and hashes/variants.json checked and normalised
                 (run at configure time)
  plan           the libraries of one run: our modules and campaigns'
  results        where a run writes: results/<system>/ or a run beside it
  relative_paths paths in a campaign made relative to the repository
  kat, ct, bench, field, fuzz, cross, suite
                 the commands that run the build's executables
  mca            static estimates from llvm-mca (its own index)
  ctest_emulated the tests of a build under a qemu-user CPU model
  check          every committed campaign against its evidence
  report         the §3.5 reports and the site (its own index)
  submission     the submission builder (NICCS package layout)
  common         file digests and how the build's executables are started
"""

import os

# The repository this package is part of: tools/hashbench/ -> ../..
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
