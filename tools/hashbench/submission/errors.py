"""The one error type of the builder."""


class SubmissionError(Exception):
    """A package, setting or implementation that cannot be built: one line for the user."""


class OtherArchitecture(SubmissionError):
    """An implementation whose code is for another architecture than the one
    being built (it needs that architecture's intrinsics headers)."""
