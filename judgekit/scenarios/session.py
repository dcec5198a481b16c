"""Running scenarios for the judge: one file, or every scenario of a folder.

Each run pairs the trace with the local text of every rule it cites, taken
from the editions that share the engine's numbering.  Nothing here prints:
``report`` renders a run or a folder check and the command line prints it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import NamedTuple

from judgekit.corpus import Corpus
from judgekit.editions.maps import Cited
from judgekit.editions.stale import scenario_cites, stale_citations
from judgekit.engine.rules import NUMBERING
from judgekit.engine.trace import Trace, Verdict
from judgekit.errors import JudgekitError, ScenarioError, ScenarioStopped
from judgekit.index.store import Store
from judgekit.scenarios import faqsuite, runner, scenario
from judgekit.scenarios.faqsuite import FaqSource


class RuleText(NamedTuple):
    """The local text of a cited rule, and the edition it comes from."""

    edition: str
    text: str



class ScenarioRun(NamedTuple):
    trace: Trace
    texts: dict[str, RuleText | None]  # cited number -> local text (None where the store lacks it)
    faq: FaqSource | None
    stale: tuple[Cited, ...] = ()  # rules the scenario cites that changed in the newest edition


class CheckedFile(NamedTuple):
    """One file of a folder check: its run, or why it could not run."""

    path: Path
    run: ScenarioRun | None
    error: str | None = None

    @property
    def failed(self) -> list[Verdict]:
        return [v for v in self.run.trace.verdicts if not v.passed] if self.run else []


@dataclass
class FolderCheck:
    """The run of every scenario file of a folder (``judgekit run --check``)."""

    folder: Path
    files: list[CheckedFile] = field(default_factory=list)

    @property
    def exit_code(self) -> int:
        """0 when every expectation holds, 1 when one does not, 2 when a file is invalid."""
        if any(checked.error for checked in self.files):
            return 2
        return 1 if any(checked.failed for checked in self.files) else 0

    @property
    def outcomes(self) -> dict[str, bool]:
        """Catalogue ruling id -> whether every scenario here reproducing it passed."""
        outcomes: dict[str, bool] = {}
        for checked in self.files:
            if checked.run and checked.run.faq:
                ruling = checked.run.faq.ruling.id
                outcomes[ruling] = outcomes.get(ruling, True) and not checked.failed and not checked.error
        return outcomes

    @property
    def shows_coverage(self) -> bool:
        """FAQ coverage is reported for FAQ scenarios, or for the folder holding the catalogue."""
        return bool(self.outcomes) or (self.folder / faqsuite.CATALOGUE_NAME).is_file()


def rule_texts(
    corpus: Corpus, store: Store, edition: str, numbers: list[str], where: str
) -> dict[str, RuleText | None]:
    """Local text for each cited number, from the editions sharing the scenario's numbering.

    *where* names the scenario's ``edition:`` line for the error when that edition
    is unknown or numbered differently from the engine's rules.
    """
    try:
        chosen = corpus.edition(edition)
    except JudgekitError as error:
        raise ScenarioError(f"{where}: edition：{error}") from None
    if chosen.numbering != NUMBERING:
        raise ScenarioError(
            f"{where}: edition 为 {edition}（编号体系 {chosen.numbering}），但引擎引用的规则采用 {NUMBERING} 编号体系；"
            f"请写 zh-2026-07-17 或 en-2026-07-16"
        )
    texts = {}
    for number in numbers:
        found = store.resolve(edition, number)
        texts[number] = RuleText(found[0].edition, found[0].text) if found else None
    return texts


def run_file(path: Path, corpus: Corpus, store: Store, explain: bool = False) -> ScenarioRun:
    """The run of one scenario; a step that could not be done ends it, the trace so far kept (``trace.stopped``)."""
    loaded = scenario.load(path)
    try:
        trace = runner.run(loaded, explain)
    except ScenarioStopped as stopped:
        trace = stopped.trace
    texts = rule_texts(corpus, store, loaded.edition, trace.cited(), loaded.edition_where)
    changed = stale_citations(store.maps, loaded.edition, list(scenario_cites(loaded)))
    return ScenarioRun(trace, texts, loaded.faq, changed)


def folder_files(folder: Path) -> list[Path]:
    """The scenario files a folder check runs; an error when there is no folder or no scenario in it."""
    if not folder.is_dir():
        raise ScenarioError(f"{folder}：不是文件夹（--check 需要一个放着场景文件的文件夹）")
    files = faqsuite.scenario_files(folder)
    if not files:
        raise ScenarioError(f"{folder}：没有 .yaml 场景文件")
    return files


def check_file(path: Path, corpus: Corpus, store: Store) -> CheckedFile:
    try:
        run = run_file(path, corpus, store)
        return CheckedFile(path, run, run.trace.stopped)
    except (JudgekitError, OSError) as error:  # one bad file never stops the others
        return CheckedFile(path, None, str(error))


def check_folder(
    folder: Path, corpus: Corpus, store: Store, checked: Callable[[CheckedFile], None] = lambda _: None
) -> FolderCheck:
    """Run every scenario in *folder*; *checked* hears of each file as soon as it has run."""
    result = FolderCheck(folder)
    for path in folder_files(folder):
        result.files.append(check_file(path, corpus, store))
        checked(result.files[-1])
    return result
