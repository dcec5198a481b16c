"""The FAQ suite: scenarios that reproduce catalogued FAQ rulings, and their coverage.

A scenario names its ruling with ``ruling: <catalogue id>`` (the ids of
``examples/faq/rulings.yaml``), optionally ``source: {document, entry}`` checked
against the catalogue, and — where the catalogue records that the FAQ and the
2026-07 rules disagree — a ``conflict`` saying which one wins.  ``judgekit faq
show N`` lists the scenarios of bundled entry N, ``judgekit run --faq N`` runs
them, and ``judgekit run --check`` prints how many rulings of each FAQ pass.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import yaml

from judgekit.corpus import bundled_root, read_document
from judgekit.errors import ScenarioError, UsageError
from judgekit.scenarios import catalogue_cache
from judgekit.scenarios.schema import Node, where

CATALOGUE_NAME = "rulings.yaml"
BUNDLED_FAQ_FILE = "faq/zh-vendetta-faq.txt"
RULING_LINE = re.compile(r"^ruling:\s*['\"]?([^'\"\s#]+)", re.MULTILINE)


@dataclass(frozen=True)
class Ruling:
    """One ruling of the FAQ catalogue: where it comes from, its topic, and why it has no scenario if it has none."""

    id: str
    document: str  # the FAQ's document id (the bundled manifest's id, or the imported file's stem)
    entry: str
    topic: str
    reason_not_scenario: str | None  # set for rulings that turn on wording alone
    conflict: dict | None


@dataclass(frozen=True)
class FaqSource:
    """What a scenario says it reproduces."""

    ruling: Ruling
    conflict_winner: str | None


def faq_folder() -> Path:
    """Where the FAQ scenarios live, beside the catalogue."""
    return bundled_root() / "examples" / "faq"


def catalogue_path() -> Path:
    return bundled_root() / "examples" / "faq" / CATALOGUE_NAME


@cache
def _bundled_document_ids() -> dict[str, str]:
    manifest = tomllib.loads(read_document(bundled_root() / "faq" / "manifest.toml"))
    return {f"faq/{doc['file']}": doc["id"] for doc in manifest["document"]}


def _document_id(file: str) -> str:
    return _bundled_document_ids().get(file) or Path(file).stem


@cache
def catalogue() -> dict[str, Ruling]:
    return {
        entry["id"]: Ruling(
            id=entry["id"],
            document=_document_id(entry["source"]["file"]),
            entry=str(entry["source"]["entry"]),
            topic=entry["topic"],
            reason_not_scenario=entry.get("wording_reason") if entry["scenario"] == "wording" else None,
            conflict=entry.get("conflict"),
        )
        for entry in catalogue_cache.entries(read_document(catalogue_path()), _parse_catalogue)
    }


def _parse_catalogue(text: str) -> dict:
    # The catalogue is checked by its own tests; no line numbers are needed, so the fast loader reads it.
    return yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))


def bundled_document() -> str:
    return _document_id(BUNDLED_FAQ_FILE)


# -- a scenario's source -------------------------------------------------------


def faq_source(data: dict) -> FaqSource | None:
    """The ruling a scenario reproduces, checked against the catalogue (``None`` without ``ruling``)."""
    if "ruling" not in data:  # a conflict may stand alone: a judge's unseen ruling where the FAQ and rules disagree
        if "source" in data:
            raise ScenarioError(f"{where(data, 'source')}: `source` 需要同时写 `ruling: <目录编号>`（见 examples/faq/rulings.yaml）")
        return None
    ruling = _known_ruling(data["ruling"], where(data, "ruling"))
    if "source" in data:
        _check_source(data["source"], ruling, where(data, "source"))
    return FaqSource(ruling, _checked_conflict(data, ruling))


def _known_ruling(ruling_id: str, node: Node) -> Ruling:
    rulings = catalogue()
    if ruling_id not in rulings:
        close = [r for r in rulings if r.startswith(ruling_id.rsplit("-", 1)[0])][:5]
        hint = f"；相近的编号：{'、'.join(close)}" if close else ""
        raise ScenarioError(f"{node}: ruling 应为 examples/faq/rulings.yaml 中的编号，没有 {ruling_id}{hint}")
    ruling = rulings[ruling_id]
    if ruling.reason_not_scenario:
        raise ScenarioError(f"{node}: 裁定 {ruling_id} 在目录中标为 wording（不是场景：{ruling.reason_not_scenario}）")
    return ruling


def _check_source(value: dict, ruling: Ruling, node: Node) -> None:
    stated = (value["document"], str(value["entry"]))
    if stated != (ruling.document, ruling.entry):
        raise ScenarioError(
            f"{node}: source 应为 {{document: {ruling.document}, entry: {ruling.entry}}}（目录中 {ruling.id} 的出处），"
            f"而不是 {{document: {stated[0]}, entry: {stated[1]}}}"
        )


def _checked_conflict(data: dict, ruling: Ruling) -> str | None:
    """A catalogued conflict must be restated with the same winner; an uncatalogued one is an error."""
    stated = data.get("conflict")
    if ruling.conflict is None:
        if stated is not None:
            raise ScenarioError(f"{where(data, 'conflict')}: 目录中 {ruling.id} 没有记录冲突；删去 conflict，或先在目录中记录")
        return None
    if stated is None:
        raise ScenarioError(
            f"{where(data, 'ruling')}: 目录记录了 {ruling.id} 的 FAQ 与规则冲突，场景须写 conflict: "
            f"{{faq, rules, winner: {ruling.conflict['winner']}, why}} 并按胜出的一方设定预期"
        )
    if stated["winner"] != ruling.conflict["winner"]:
        raise ScenarioError(
            f"{where(data, 'conflict')}: conflict.winner 应为 {ruling.conflict['winner']}（目录按 FAQ 的优先原则：{ruling.conflict['why']}）"
        )
    return stated["winner"]


# -- finding and counting scenarios ---------------------------------------------


def scenario_files(folder: Path) -> list[Path]:
    """The scenario files of *folder*: every YAML file but the catalogue."""
    files = sorted(path for path in folder.iterdir() if path.suffix.lower() in (".yaml", ".yml") and path.is_file())
    return [path for path in files if path.name != CATALOGUE_NAME]


def stated_ruling(path: Path) -> str | None:
    """The ``ruling:`` a scenario file names, read without running it (for listings)."""
    found = RULING_LINE.search(read_document(path))
    return found.group(1) if found else None


def scenarios_for_entry(document: str, entry: str, folder: Path | None = None) -> list[tuple[str, Path]]:
    """(ruling id, file) of each scenario in *folder* that reproduces FAQ *document* entry *entry*."""
    rulings = catalogue()
    found = []
    for path in scenario_files(folder or faq_folder()):
        ruling = rulings.get(stated_ruling(path) or "")
        if ruling and (ruling.document, ruling.entry) == (document, entry):
            found.append((ruling.id, path))
    return found


def bundled_entry_scenarios(number: int) -> list[tuple[str, Path]]:
    return scenarios_for_entry(bundled_document(), str(number))


def scenarios_to_run(number: int) -> list[Path]:
    found = bundled_entry_scenarios(number)
    if not found:
        raise UsageError(
            f"随包 FAQ 第 {number} 条还没有复现它的场景（{faq_folder()}）；"
            "examples/faq/README.md 说明如何把一条裁定写成场景"
        )
    return [path for _, path in found]


def scenario_listing(number: int) -> list[dict]:
    return [{"ruling": ruling, "file": _shown(path)} for ruling, path in bundled_entry_scenarios(number)]


def is_bundled_entry(number: int) -> bool:
    return any(r.document == bundled_document() and r.entry == str(number) for r in catalogue().values())


def scenario_text(number: int) -> str:
    """The lines ``faq show`` adds for a bundled entry (nothing for an imported FAQ's entry)."""
    if not is_bundled_entry(number):
        return ""
    listed = scenario_listing(number)
    if not listed:
        return "复现此条的场景：尚无\n"
    lines = [f"  {item['file']}（{item['ruling']}）" for item in listed]
    return "复现此条的场景（judgekit run --faq {}）：\n{}\n".format(number, "\n".join(lines))


def _shown(path: Path) -> str:
    try:
        return str(path.relative_to(bundled_root()))
    except ValueError:
        return str(path)


def coverage_lines(outcomes: dict[str, bool]) -> list[str]:
    """Per FAQ (the bundled one first): rulings reproduced / rulings catalogued, then the wording ones.

    *outcomes* maps a ruling id to whether every scenario naming it passed.
    """
    by_document: dict[str, list[Ruling]] = {}
    for ruling in catalogue().values():
        by_document.setdefault(ruling.document, []).append(ruling)
    ordered = sorted(by_document, key=lambda doc: doc != bundled_document())
    lines = []
    for document in ordered:
        rulings = by_document[document]
        passed = sum(1 for r in rulings if outcomes.get(r.id))
        wording = sum(1 for r in rulings if r.reason_not_scenario)
        failing = sum(1 for r in rulings if outcomes.get(r.id) is False)
        lines.append(
            f"覆盖  {document}：复现 {passed}/{len(rulings)} 条"
            + (f"，{failing} 条场景不通过" if failing else "")
            + (f"，{wording} 条不是场景" if wording else "")
        )
    lines += [
        f"不是场景  {r.id}：{r.reason_not_scenario}" for r in catalogue().values() if r.reason_not_scenario
    ]
    return lines
