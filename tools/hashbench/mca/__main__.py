import sys

from hashbench.mca.cli import main

sys.exit(main(sys.argv[1:]))
