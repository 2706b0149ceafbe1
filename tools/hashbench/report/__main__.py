import sys

from hashbench.report import main

sys.exit(main())
