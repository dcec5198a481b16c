"""The libyaml fast path of scenario reading gives what the pure-Python loader gives, errors included."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from judgekit.errors import ScenarioError
from judgekit.scenarios import schema

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "examples").rglob("*.yaml")) + [ROOT / "cards" / "library.yaml"]

pytestmark = pytest.mark.skipif(schema.FAST_BASE is yaml.SafeLoader, reason="PyYAML built without libyaml")


def _marked(value):
    """Values with every line number they carry, for comparison."""
    if isinstance(value, schema.MarkedDict):
        return str(value.node), {key: (str(value.key_nodes[key]), _marked(item)) for key, item in value.items()}
    if isinstance(value, schema.MarkedList):
        return str(value.node), [str(node) for node in value.item_nodes], [_marked(item) for item in value]
    return type(value).__name__, value


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.name)
def test_both_loaders_read_every_example_alike(path):
    text = path.read_text(encoding="utf-8")
    fast = schema._parsed(text, str(path), schema.FAST_BASE)
    assert _marked(fast) == _marked(schema._parsed(text, str(path), yaml.SafeLoader))


def test_a_syntax_error_keeps_the_pure_python_wording():
    with pytest.raises(ScenarioError) as error:
        schema.load_yaml("title: x\nstate: a: b\n", "s.yaml")
    assert str(error.value) == "s.yaml:2: 不是有效的 YAML：mapping values are not allowed here"


def test_the_fast_path_counts_nesting_as_it_composes():
    """libyaml's events go through the depth-counting composer: nesting deeper than ours but within libyaml's own
    limit (1,000) is refused there, not only by the pure-Python fallback."""
    deep = "title: x\nstate: " + "[" * 100 + "]" * 100 + "\n"
    with pytest.raises(ScenarioError, match=r"^s\.yaml:2: 嵌套超过 40 层"):
        schema._parsed(deep, "s.yaml", schema.FAST_BASE)


def test_a_recursive_alias_is_refused_as_unconstructable_not_miscounted():
    with pytest.raises(ScenarioError) as error:
        schema.load_yaml("title: x\na: &a [1, *a]\n", "s.yaml")
    assert str(error.value) == "s.yaml:2: 不是有效的 YAML：found unconstructable recursive node"
