"""The verdict of a check script that ctest runs as a program (not a
unittest module): the first expectation not met is one FAIL line and exit 1."""
import sys


def expect(cond, what):
    """Ends the script with `FAIL: <what>` where cond is false."""
    if not cond:
        print("FAIL: " + what)
        sys.exit(1)
