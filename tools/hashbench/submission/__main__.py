import sys

from hashbench.submission.cli import main

sys.exit(main())
