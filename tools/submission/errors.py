"""The one error type of the builder."""


class SubmissionError(Exception):
    """A package, setting or implementation that cannot be built: one line for the user."""
