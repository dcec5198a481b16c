"""Errors a judge can cause by typing or importing something wrong.

Each carries a message that says where and why; the command line prints it
and exits non-zero, without a traceback.
"""


class JudgekitError(Exception):
    """Base of every error the command line reports as a plain message."""

    exit_code = 1


class DocumentError(JudgekitError):
    """A document that cannot be read or parsed."""


class UnknownRuleError(JudgekitError):
    """A well-formed rule number that no local edition holds."""


class UnknownEditionError(JudgekitError):
    """An edition id that is neither bundled nor imported."""


class UnknownDocumentError(JudgekitError):
    """A document id that is neither bundled nor imported."""


class UnknownFaqError(JudgekitError):
    """An FAQ entry number that does not exist."""


class UsageError(JudgekitError):
    """A command typed wrongly: missing, conflicting or out-of-range arguments."""

    exit_code = 2


class ScenarioError(JudgekitError):
    """A scenario file that cannot be run: malformed, inconsistent, or a script the rules forbid."""

    exit_code = 2


class ScenarioStopped(ScenarioError):
    """A step of a scenario could not be done: the run ends there, its *trace* up to that step kept."""

    def __init__(self, message: str, trace):
        super().__init__(message)
        self.trace = trace


class IllegalActionError(JudgekitError):
    """A scripted action the rules forbid; *rule* is the key of the rule that forbids it."""

    exit_code = 2

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(message)
        self.rule = rule


class AmbiguousReferenceError(JudgekitError):
    """A name in a script that matches more than one unit."""

    exit_code = 2
