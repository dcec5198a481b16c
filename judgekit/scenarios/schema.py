"""Reading a scenario file: YAML with line numbers, checked against ``scenario.schema.json``.

The JSON Schema is the one description of the format: editors use it, and
this module checks files against it (the subset it uses: type, const, enum,
properties, required, additionalProperties, items, anyOf, $ref, minimum,
minItems, minProperties, maxProperties).  Every error names the file, the
line and what was expected.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import yaml
from yaml.composer import Composer

from judgekit.errors import ScenarioError

SCHEMA_PATH = Path(__file__).with_name("scenario.schema.json")
TYPE_NAMES = {
    "string": "字符串",
    "integer": "整数",
    "boolean": "true/false",
    "null": "空值",
    "object": "映射（键: 值）",
    "array": "列表",
}


class Node:
    """Where a value came from: file and 1-based line."""

    def __init__(self, source: str, line: int):
        self.source, self.line = source, line

    def __str__(self) -> str:
        return f"{self.source}:{self.line}"


class MarkedDict(dict):
    """A mapping that remembers the line of itself and of each key."""

    node: Node
    key_nodes: dict


class MarkedList(list):
    node: Node
    item_nodes: list


def renamed(data: MarkedDict, names: dict[str, str]) -> MarkedDict:
    """*data* with keys renamed by *names*, keeping every line number."""
    result = MarkedDict((names.get(key, key), value) for key, value in data.items())
    result.node = data.node
    result.key_nodes = {names.get(key, key): node for key, node in data.key_nodes.items()}
    return result


def where(container, key=None) -> Node:
    """The position of *container*, or of its entry *key*."""
    if key is not None:
        if isinstance(container, MarkedDict) and key in container.key_nodes:
            return container.key_nodes[key]
        if isinstance(container, MarkedList) and isinstance(key, int) and key < len(container.item_nodes):
            return container.item_nodes[key]
    return container.node


# libyaml's loader when PyYAML was built with it: the same nodes and line numbers, several times faster.
FAST_BASE = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _loader(source: str, base=yaml.SafeLoader):
    # PyYAML's own composer, also over libyaml's events, so that nesting and expansion are counted as the nodes
    # are built: the C composer recurses without a limit (a deep file would exhaust the stack), and one pass
    # reads the file once.
    class Loader(*(() if issubclass(base, Composer) else (Composer,)), base):
        def __init__(self, stream):
            base.__init__(self, stream)
            self.anchors, self.depth, self.sizes = {}, 0, {}

        def compose_node(self, parent, index):
            """The node, with the values it expands to counted: each alias once per use (an alias bomb grows
            exponentially); an alias's node was counted where it was anchored, as nothing if that is not done
            (a recursive alias, which construction refuses)."""
            if self.check_event(yaml.AliasEvent):
                return Composer.compose_node(self, parent, index)
            node = Composer.compose_node(self, parent, index)
            size = 1 + sum(self.sizes.get(id(child), 0) for child in _children(node))
            if size > MAX_NODES:
                raise ScenarioError(
                    f"{source}:{node.start_mark.line + 1}: 展开别名（*引用）后超过 {MAX_NODES} 个值；请不要层层嵌套引用"
                )
            self.sizes[id(node)] = size
            return node

        def compose_sequence_node(self, anchor):
            return self._nested(Composer.compose_sequence_node, anchor)

        def compose_mapping_node(self, anchor):
            return self._nested(Composer.compose_mapping_node, anchor)

        def _nested(self, compose, anchor):
            self.depth += 1
            if self.depth > MAX_DEPTH:
                line = self.peek_event().start_mark.line + 1
                raise ScenarioError(f"{source}:{line}: 嵌套超过 {MAX_DEPTH} 层；场景文件不需要这么深的结构")
            node = compose(self, anchor)
            self.depth -= 1
            return node

    def mapping(loader, node):
        result = MarkedDict()
        result.node = Node(source, node.start_mark.line + 1)
        result.key_nodes = {}
        for key_node, value_node in node.value:
            key = loader.construct_object(key_node, deep=True)
            if not isinstance(key, str | int):
                raise ScenarioError(f"{source}:{key_node.start_mark.line + 1}: 键必须是文字，实际为 {key!r}")
            key = str(key)
            if key in result:
                raise ScenarioError(f"{source}:{key_node.start_mark.line + 1}: 键“{key}”重复出现")
            result[key] = loader.construct_object(value_node, deep=True)
            result.key_nodes[key] = Node(source, key_node.start_mark.line + 1)
        return result

    def sequence(loader, node):
        result = MarkedList(loader.construct_object(child, deep=True) for child in node.value)
        result.node = Node(source, node.start_mark.line + 1)
        result.item_nodes = [Node(source, child.start_mark.line + 1) for child in node.value]
        return result

    # Rule numbers such as 807.2 look like floats to YAML; scenarios have no other decimals.
    Loader.add_constructor("tag:yaml.org,2002:float", lambda loader, node: loader.construct_scalar(node))
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, mapping)
    Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, sequence)
    return Loader


def load_yaml(text: str, source: str):
    """Parse YAML safely (data only, never code), keeping line numbers, within the limits below."""
    if len(text) > MAX_CHARS:
        raise ScenarioError(f"{source}: 文件有 {len(text)} 个字符，超过上限 {MAX_CHARS}；场景文件只需描述一个局面")
    if FAST_BASE is not yaml.SafeLoader:
        try:
            return _parsed(text, source, FAST_BASE)
        except Exception:  # noqa: BLE001, S110 - the fast path is trusted only when it succeeds
            pass  # libyaml words its errors differently: the pure-Python loader reports them, as it always has
    return _parsed(text, source, yaml.SafeLoader)


def _parsed(text: str, source: str, base):
    try:
        loader = _loader(source, base)(text)  # a (C)SafeLoader subclass: data only
        root = loader.get_single_node()
        data = loader.construct_document(root) if root is not None else None
        loader.dispose()
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        line = f":{mark.line + 1}" if mark else ""
        raise ScenarioError(f"{source}{line}: 不是有效的 YAML：{error.problem or error.context}") from None
    except yaml.YAMLError as error:
        raise ScenarioError(f"{source}: 不是有效的 YAML：{error}") from None
    if not isinstance(data, MarkedDict):
        raise ScenarioError(f"{source}: 场景文件的顶层应为映射（title、state、script …）")
    _check_numbers(data)
    return data


# -- limits: what no scenario needs, refused before it can exhaust time or memory ---------

MAX_CHARS = 1_000_000
MAX_DEPTH = 40  # a scenario nests about 8 levels deep
MAX_NODES = 200_000  # values after aliases are expanded (an alias bomb expands exponentially)
MAX_SCRIPT_STEPS = 5_000
MAX_NUMBER = 10_000  # any count, damage or might
MAX_DECK = 1_000


def _children(node) -> list:
    if isinstance(node, yaml.SequenceNode):
        return node.value
    return [part for pair in node.value for part in pair] if isinstance(node, yaml.MappingNode) else []


def _check_numbers(data: MarkedDict) -> None:
    """Script length and numbers no board can hold (deck size, damage, might; printed might ≥ 0)."""
    script = data.get("script")
    if isinstance(script, list) and len(script) > MAX_SCRIPT_STEPS:
        raise ScenarioError(f"{where(data, 'script')}: script 有 {len(script)} 步，超过上限 {MAX_SCRIPT_STEPS}")
    for container, key, value in _numbers(data):
        limit = MAX_DECK if key in ("deck", "rune_deck") else MAX_NUMBER
        if abs(value) > limit:
            raise ScenarioError(f"{where(container, key)}: {key} 为 {value}，超出可能的范围（绝对值最多 {limit}）")
    cards = data.get("cards")
    if isinstance(cards, dict):
        for name, card in cards.items():
            might = card.get("might") if isinstance(card, dict) else None
            if isinstance(might, int) and not isinstance(might, bool) and might < 0:
                raise ScenarioError(f"{where(card, 'might')}: 牌“{name}”的印刷战力为 {might}；印刷战力不能为负数")


def _numbers(data):
    """(container, key, value) for every integer in *data*; shared (aliased) values are visited once."""
    seen, stack = set(), [data]
    while stack:
        container = stack.pop()
        if id(container) in seen:
            continue
        seen.add(id(container))
        items = container.items() if isinstance(container, dict) else enumerate(container)
        for key, value in items:
            if isinstance(value, (dict, list)):
                stack.append(value)
            elif isinstance(value, int) and not isinstance(value, bool):
                yield container, key, value


@cache
def schema() -> dict:
    return json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def validate(data, source: str) -> None:
    _check(data, schema(), "", data.node)


def validate_card(entry, name: str, node: Node) -> None:
    _check(entry, schema()["$defs"]["card"], name, node)


def _type_of(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, str):
        return "string"
    if isinstance(value, dict):
        return "object"
    if isinstance(value, list):
        return "array"
    return type(value).__name__


def _shown(value) -> str:
    text = json.dumps(value, ensure_ascii=False, default=str)
    return text if len(text) <= 40 else text[:37] + "…"


def _fail(node: Node, path: str, message: str):
    raise ScenarioError(f"{node}: {path or '顶层'}：{message}")


def _check(value, rule: dict, path: str, node: Node) -> None:
    if "$ref" in rule:
        rule = _resolved(rule["$ref"])
    if "anyOf" in rule:
        _check_any(value, rule["anyOf"], path, node)
        return
    if "const" in rule and value != rule["const"]:
        _fail(node, path, f"应为 {rule['const']}，实际为 {_shown(value)}")
    if "enum" in rule and value not in rule["enum"]:
        _fail(node, path, f"应为 {' / '.join(map(str, rule['enum']))} 之一，实际为 {_shown(value)}")
    if "type" in rule:
        allowed = rule["type"] if isinstance(rule["type"], list) else [rule["type"]]
        if _type_of(value) not in allowed:
            expected = " 或 ".join(TYPE_NAMES[name] for name in allowed)
            _fail(
                node, path, f"应为{expected}，实际为{TYPE_NAMES.get(_type_of(value), _type_of(value))} {_shown(value)}"
            )
    if "minimum" in rule and isinstance(value, int) and value < rule["minimum"]:
        _fail(node, path, f"不能小于 {rule['minimum']}，实际为 {value}")
    if isinstance(value, dict):
        _check_object(value, rule, path, node)
    if isinstance(value, list):
        if len(value) < rule.get("minItems", 0):
            _fail(node, path, f"至少需要 {rule['minItems']} 项")
        if "items" in rule:
            for index, item in enumerate(value):
                _check(item, rule["items"], f"{path}[{index}]", where(value, index))


def _resolved(pointer: str) -> dict:
    """The rule a local ``$ref`` points at (``#/$defs/card/properties/target``: any JSON pointer into the schema)."""
    rule = schema()
    for part in pointer.removeprefix("#/").split("/"):
        rule = rule[part.replace("~1", "/").replace("~0", "~")]
    return rule


def _check_object(value: dict, rule: dict, path: str, node: Node) -> None:
    properties = rule.get("properties", {})
    for key in rule.get("required", ()):
        if key not in value:
            _fail(node, path, f"缺少必填字段“{key}”")
    if len(value) < rule.get("minProperties", 0):
        _fail(node, path, f"至少需要 {rule['minProperties']} 项")
    if len(value) > rule.get("maxProperties", len(value)):
        _fail(node, path, f"只能有 {rule['maxProperties']} 项，实际为 {'、'.join(value)}")
    extra = rule.get("additionalProperties", True)
    for key, item in value.items():
        child = f"{path}.{key}" if path else key
        if key in properties:
            _check(item, properties[key], child, where(value, key))
        elif extra is False:
            _fail(where(value, key), path, f"未知字段“{key}”（可用：{'、'.join(properties)}）")
        elif isinstance(extra, dict):
            _check(item, extra, child, where(value, key))


def _check_any(value, options: list[dict], path: str, node: Node) -> None:
    errors = []
    for option in options:
        try:
            _check(value, option, path, node)
            return
        except ScenarioError as error:
            errors.append(str(error).split("：", 1)[-1])
    _fail(node, path, "；或".join(dict.fromkeys(errors)))
