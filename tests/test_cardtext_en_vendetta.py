"""English forms the Vendetta cards (no Chinese text) need, on invented texts: each tree, its Chinese rendering read
back to the same tree, and where the engine runs it a scenario step."""

from __future__ import annotations

from conftest import board, flow, play_scenario

from judgekit.cardtext.en import compile_english, render


def _tree(text: str, card_type: str = "spell") -> tuple[dict, str]:
    """The tree of an invented English text and its Chinese rendering (which must read back to the same tree)."""
    facts = {"type": card_type, "cost": 2, **({"might": 2} if card_type == "unit" else {})}
    tree, problems = compile_english(text, facts)
    assert not problems, problems
    return tree, render({**facts, **tree})


def _refused(text: str, card_type: str = "spell") -> bool:
    return compile_english(text, {"type": card_type})[0] is None


def test_a_token_named_with_the_region_it_is_from_is_that_token():
    tree, shown = _tree("Play two 1 Might Tentacle unit tokens from Bilgewater.")
    assert tree["effects"] == [{"create": {"token": "触手", "count": 2, "play": True}}]
    assert "打出两名1战力的“触手”" in shown
    for wrong in ("Play a 1 Might Tentacle unit token from Demacia.", "Play a 2 Might Tentacle unit token.",
                  "Play a 1 Might Recruit unit token from Bilgewater."):
        assert _refused(wrong), wrong
    cards = f"cards:\n  示例·深渊: {flow({'type': 'spell', 'cost': 0, **tree})}\n"
    _, final = play_scenario(cards, board("hand: [示例·深渊]"), script="- play: 示例·深渊\n- pass:\n")
    made = [unit for unit in final.units.values() if unit.card == "触手"]
    assert len(made) == 2 and all(unit.controller == "A" and unit.location == "base:A" for unit in made)

