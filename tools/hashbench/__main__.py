import sys

from hashbench.cli import main

sys.exit(main())
