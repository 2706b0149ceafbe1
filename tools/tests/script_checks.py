"""What the check scripts that ctest runs as programs share: the verdict
(the first expectation not met is one FAIL line and exit 1), and the
command starting a module of the tools' package as its own process."""
import os
import sys

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The processes these scripts start import the package as tools/ngcc does.
os.environ["PYTHONPATH"] = os.pathsep.join([TOOLS] + [p for p in [os.environ.get("PYTHONPATH")] if p])


def expect(cond, what):
    """Ends the script with `FAIL: <what>` where cond is false."""
    if not cond:
        print("FAIL: " + what)
        sys.exit(1)


def tool_command(module):
    """The command line running hashbench.<module> (its __main__) with this
    interpreter."""
    return [sys.executable, "-m", "hashbench." + module]
