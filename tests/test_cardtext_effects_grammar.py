"""The Chinese compiler's triggers and effect verbs with their objects (issue 16, task grammar-effects), on
synthetic cards (no card text from the catalog).

Each wording: the tree it compiles to (checked by hand against the rules it stands for), the gate (the engine
runs it) and the round trip (the rendering compiles to the same tree); a few are then run in a scenario.
"""

from __future__ import annotations

import textwrap

import pytest
from test_cardtext_triggers import SCENARIO, _compiled, _flow, _passes

from judgekit.cardtext import CardSource, compile_card
from judgekit.scenarios.runner import play
from judgekit.scenarios.scenario import parse

DRAW = [{"draw": 1}]
PLAYED_TO_BATTLEFIELD = {"event": "played", "zone": "battlefield"}
MOVED_TO_BATTLEFIELD = {"event": "moved", "zone": "battlefield"}

CASES = [
    # “when you play me to a battlefield”: played, working at a battlefield once played (the event follows it)
    ("unit", "当你将我打出到一处战场时，抽一张牌。", {"abilities": [{"trigger": PLAYED_TO_BATTLEFIELD, "effects": DRAW}]}),
    ("unit", "当你将我打出至一处战场时，抽一张牌。", {"abilities": [{"trigger": PLAYED_TO_BATTLEFIELD, "effects": DRAW}]}),
    # “此处” is where the source is as the instruction executes (359.3.f.2); after an arrival, “该战场”/“相同的战场” is
    # the battlefield of the trigger condition, locked in as it triggers (359.3.f.3)
    ("unit", "每当你将我打出到一处战场时，你可以选择移动任意一名友方单位到此处。",
     {"abilities": [{"trigger": PLAYED_TO_BATTLEFIELD, "target": {"who": "friendly"},
                     "effects": [{"may": [{"move": {"to": "source"}}]}]}]}),
    ("unit", "当我移动至一处战场时，你可以选择将一名敌方单位移动至该战场。",
     {"abilities": [{"trigger": MOVED_TO_BATTLEFIELD, "target": {"who": "enemy"},
                     "effects": [{"may": [{"move": {"to": "here"}}]}]}]}),
    # “你可以选择支付X，Y”: an optional payment, as “…支付X，以此Y”
    ("unit", "当我移动到一处战场时，你可以选择支付紫色符能，将你控制的另一名单位移动到相同的战场。",
     {"abilities": [{"trigger": MOVED_TO_BATTLEFIELD, "target": {"who": "friendly", "other": True},
                     "cost": {"runes": ["混沌"]}, "effects": [{"move": {"to": "here"}}]}]}),
    ("unit", "当我进攻时，你可以选择支付①，将此处一名敌方单位移动到其基地。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "enemy", "where": "here"},
                     "cost": {"energy": 1}, "effects": [{"move": {"to": "base"}}]}]}),
    # 315.1.b.1, 415.3.b: readying by an effect or as you awaken; “其” is the readied unit
    ("gear", "每当你让一名友方单位变为活跃状态时，让其本回合内战力+1。",
     {"abilities": [{"trigger": {"event": "readied", "subject": "friendly", "player": "you"}, "target": "event_subject",
                     "effects": [{"might": 1}]}]}),
    # the mover is the moved event's player; “该敌方单位” the event's unit when the event is about an enemy unit
    ("gear", "当你移动一名敌方单位时，你可以选择让此装备变为休眠状态，以此眩晕该敌方单位。",
     {"abilities": [{"trigger": {"event": "moved", "subject": "enemy", "player": "you"}, "cost": {"exhaust": True},
                     "target": "event_subject", "effects": [{"stun": None}]}]}),
    # 428.5: a kill attributed to a spell you control
    ("unit", "当你使用法术摧毁一名单位时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "killed", "subject": "any", "responsible": "you", "by": "spell"},
                     "effects": DRAW}]}),
    ("unit", "当你用法术摧毁一名敌方单位时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "killed", "subject": "enemy", "responsible": "you", "by": "spell"},
                     "effects": DRAW}]}),
    # the place the wording puts after its object (“从战场上”) belongs to the object
    ("unit", "当我进攻时，让另一名单位从战场上返回其所属的手牌。",
     {"abilities": [{"trigger": "attacked", "target": {"other": True, "where": "battlefield"},
                     "effects": [{"return_to_hand": None}]}]}),
    # 191.2, 751: control of a spell on the chain, and new choices for it
    ("spell", "获得一个敌方法术的控制权。你可以选择为其指定新的目标。",
     {"target": {"kind": "spell", "who": "enemy"}, "effects": [{"gain_control": None}, {"may": [{"new_choices": None}]}]}),
    # several gains of one object, named once: Might this turn and a keyword this turn
    ("unit", "当我进攻时，让你在此处的另一名单位在本回合内获得战力+3和壁垒。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "friendly", "where": "here", "other": True},
                     "effects": [{"might": 3}, {"grant": {"keyword": "壁垒"}}]}]}),
    # the units named, without 让: every one of them
    ("unit", "消耗3经验：你在此处的单位在本回合内获得游走。",
     {"abilities": [{"cost": {"xp": 3}, "effects": [{"grant": {"keyword": "游走",
                                                              "to": {"each": {"who": "friendly", "where": "here"}}}}]}]}),
    # “当你打出我或X时”: either; X a filter on the unit played, as it is on the board
    ("unit", "当你打出我或其他“龙”属性单位时，抽一张牌。",
     {"abilities": [{"trigger": "played", "effects": DRAW},
                    {"trigger": {"event": "played", "subject": "friendly", "card_type": "unit", "other": True,
                                 "card": {"tag": "龙"}}, "effects": DRAW}]}),
    # “此战场上”: the chosen unit's battlefield; “该友方单位” the one friendly target
    ("spell", "选择战场上的一名敌方单位，此战场上每有一名友方单位，就让该敌方单位在本回合内战力+2。",
     {"target": {"who": "enemy", "where": "battlefield"},
      "effects": [{"repeat": {"times": {"count": {"who": "friendly", "where": "there"}}, "effects": [{"might": 2}]}}]}),
    ("unit", "当我进攻时，此处每有一名敌方单位，就抽一张牌。",
     {"abilities": [{"trigger": "attacked", "effects": [{"draw": {"amount": {"count": {"who": "enemy", "where": "here"}}}}]}]}),
    # 433: two units at the same battlefield, one spec each
    ("spell", "让同一处战场上的两名单位在本回合内战力互换。",
     {"target": [{"where": "battlefield"}, {"where": "same_battlefield"}], "effects": [{"swap_might": None}]}),
    # damage split among any number of the units named, each chosen one dealt at least 1
    ("unit", "当我防守时，对此处的敌方单位造成共计4点伤害，可在多名单位之间分摊。",
     {"abilities": [{"trigger": "defended", "target": {"who": "enemy", "where": "here", "count": None},
                     "effects": [{"deal": {"amount": 4, "split": True}}]}]}),
    # up to one at each location, any number in all (355.9.b)
    ("unit", "当我进攻时，在每个位置选择最多一名敌方单位。对其造成2点伤害。",
     {"abilities": [{"trigger": "attacked", "target": {"who": "enemy", "count": None, "per_location": True},
                     "effects": [{"deal": 2}]}]}),
    # “选择X，和Y”: two chosen; “随后” is “then”, and the second unit of a fight may be chosen after an effect
    ("spell", "选择任意一名敌方单位，和战场上的一名友方单位。让这两名单位相互以自身战力给对方造成伤害。",
     {"target": [{"who": "enemy"}, {"who": "friendly", "where": "battlefield"}], "effects": [{"fight": None}]}),
    ("spell", "让一名友方单位本回合内战力+2。随后，选择一名休眠的敌方单位，让这两名单位互相以自身战力给对方造成伤害。",
     {"target": [{"who": "friendly"}, {"who": "enemy", "exhausted": True}],
      "effects": [{"might": {"to": {"target": 1}, "amount": 2}}, {"fight": None}]}),
    # “任意数量的”: any number chosen, none included (355.13: `up_to`; `count: null` alone is every one, not chosen);
    # “自己” your own; “此战场” where the source is
    ("unit", "当我防守时，你可以选择将任意数量的友方指示物单位移动到此战场。",
     {"abilities": [{"trigger": "defended", "target": {"who": "friendly", "token": True, "count": None, "up_to": True},
                     "effects": [{"may": [{"move": {"to": "source"}}]}]}]}),
    # “处于休眠状态的”, a state in the words of conditions, in an object too
    ("gear", "横置：将战场上一名处于休眠状态的友方单位移动到其基地。",
     {"abilities": [{"cost": {"exhaust": True}, "target": {"who": "friendly", "exhausted": True, "where": "battlefield"},
                     "effects": [{"move": {"to": "base"}}]}]}),
    # “本回合内，让X战力+2，Y战力-2”: 让 and this turn said once for several changes
    ("spell", "本回合内，让一名单位战力+2，另一名单位战力-2，不得低于1战力。",
     {"target": [{}, {"other": True}],
      "effects": [{"might": {"to": {"target": 1}, "amount": 2}}, {"might": {"to": {"target": 2}, "amount": -2, "min": 1}}]}),
    # “你的传奇”: your legend (174.5), which ready and exhaust act on
    ("battlefield", "当你征服此处时，你可以选择支付①，以此让你的传奇变为活跃状态。",
     {"abilities": [{"trigger": "conquered", "cost": {"energy": 1}, "effects": [{"ready": {"to": "legend"}}]}]}),
    # 440.1: the top cards of your Main Deck into your trash is Burn N (burning out as 431.1.b)
    ("battlefield", "当你征服此处时，将你主牌堆顶部的两张牌放入废牌堆。",
     {"abilities": [{"trigger": "conquered", "effects": [{"burn": 2}]}]}),
    # a trigger's condition written before it is checked as it triggers, as after it (383.2.a.1)
    ("unit", "每回合限一次，如果我位于战场上，当一名友方单位被摧毁时，抽两张牌。",
     {"abilities": [{"trigger": {"event": "killed", "subject": "friendly"}, "condition": {"at_battlefield": True},
                     "effects": [{"draw": 2}], "limit": "turn"}]}),
    ("unit", "如果我在场上，则每当另一名友方单位被摧毁时，抽一张牌。",  # what every ability on the board is
     {"abilities": [{"trigger": {"event": "killed", "subject": "friendly", "other": True}, "effects": DRAW}]}),
    ("unit", "如果我变为强力单位，则我获得法盾、游走和坚守。",  # while I am Mighty (the English: “While I'm Mighty”)
     {"abilities": [{"static": {"grant": keyword, "to": "self"}, "while": {"mighty": True}}
                    for keyword in ("法盾", "游走", "坚守")]}),
    # every unit and every gear: one instruction on each kind
    ("spell", "让所有单位和装备返回其所属的手牌。",
     {"effects": [{"return_to_hand": {"to": {"each": {}}}}, {"return_to_hand": {"to": {"each": {"kind": "gear"}}}}]}),
    # each opponent performs it (135.2.b.5.a)
    ("spell", "每名对手弃置一张手牌，然后每名对手抽一张牌。",
     {"effects": [{"discard": {"who": "opponent", "amount": 1}}, {"draw": {"who": "opponent", "amount": 1}}]}),
    # the countered card to its owner's hand instead of the trash (`counter: {to: hand}`)
    ("spell", "无效化一个敌方法术。让其返回所属的手牌，而不是将其放入废牌堆。抽两张牌。",
     {"target": {"kind": "spell", "who": "enemy"}, "effects": [{"counter": {"to": "hand"}}, {"draw": 2}]}),
    # a chosen player (355.5): “选择一名玩家/对手，让其…” is done by that player
    ("unit", "当你打出我时，选择一名玩家，让其弃置一张手牌。",
     {"abilities": [{"trigger": "played", "target": {"kind": "player"},
                     "effects": [{"discard": {"who": "chosen_player", "amount": 1}}]}]}),
    ("spell", "选择一名对手，让其抽两张牌。",
     {"target": {"kind": "player", "who": "enemy"}, "effects": [{"draw": {"who": "chosen_player", "amount": 2}}]}),
    # “在它本回合下次受到伤害时，将其摧毁”: next_time bound to the chosen unit; a spell's Legion on its targets, “改为” instead
    ("spell", "选择一名单位，在它本回合内下次受到伤害时，将其摧毁。\n鼓舞—改为立即将其摧毁。",
     {"target": {}, "effects": [{"next_time": {"event": "damaged", "effects": [{"kill": None}]}}],
      "legion": [{"kill": None}], "legion_instead": True}),
    ("spell", "将一名友方单位变为活跃状态，然后将一名敌方单位变为休眠状态。",
     {"target": [{"who": "friendly"}, {"who": "enemy"}],
      "effects": [{"ready": {"to": {"target": 1}}}, {"exhaust": {"to": {"target": 2}}}]}),
    # a static Might of an amount read whenever it is looked at (477.3)
    ("unit", "把你的分数加到我的战力上。", {"abilities": [{"static": {"might": {"points_of": "you"}, "to": "self"}}]}),
    # “若如此做，则…”: the 则 restates the link; the buff is the source's, not the gear chosen
    ("unit", "当我进攻时，你可以选择摧毁一件装备。若如此做，则给予我增益。",
     {"abilities": [{"trigger": "attacked", "target": {"kind": "gear"},
                     "effects": [{"may": [{"kill": None}]}, {"buff": {"to": "self", "if": {"you_did": True}}}]}]}),
    # the next time the chosen unit dies / wins a combat this turn (390.2, a delayed trigger bound to it; 466.3.c)
    ("spell", "对一名敌方单位造成3点伤害。当该单位在本回合被摧毁时，抽一张牌。",
     {"target": {"who": "enemy"}, "effects": [{"deal": 3}, {"next_time": {"event": "killed", "effects": DRAW}}]}),
    ("spell", "让一名友方单位本回合内战力+3。当它在本回合内赢得一场战斗时，获得2经验。",
     {"target": {"who": "friendly"},
      "effects": [{"might": 3}, {"next_time": {"event": "won_combat", "effects": [{"gain_xp": 2}]}}]}),
    # a token where the move that triggered the ability started, locked in as it triggered (359.3.f.3)
    ("unit", "当我移动时，在我移动的起点位置打出一名1战力的“随从”。",
     {"abilities": [{"trigger": "moved", "effects": [{"create": {"token": "随从", "at": "origin", "play": True}}]}]}),
    # each player named kills one of their own units (gear), their choice (428)
    ("spell", "每名玩家摧毁自己的一件装备。", {"effects": [{"kill_own": {"kind": "gear", "who": "each_player"}}]}),
    ("unit", "当你打出我时，每名对手必须摧毁自己的一名单位。",
     {"abilities": [{"trigger": "played", "effects": [{"kill_own": {"who": "opponent"}}]}]}),
    # Might raised to another chosen unit's, never lowered (477.1.a.1, read as it executes)
    ("spell", "选择一名敌方单位。本回合内，将其战力提升至与另一名敌方单位战力相同。",
     {"target": [{"who": "enemy"}, {"who": "enemy", "other": True}],
      "effects": [{"might_becomes": {"amount": {"might_of": {"target": 2}}, "raise_only": True, "to": {"target": 1}}}]}),
    # a move to the battlefield a unit named before is at, as the move executes (359.3.f.2)
    ("spell", "眩晕战场上的一名敌方单位。你可以选择将一名友方单位移动到该敌方单位的战场上。",
     {"target": [{"who": "enemy", "where": "battlefield"}, {"who": "friendly"}],
      "effects": [{"stun": {"to": {"target": 1}}},
                  {"may": [{"move": {"what": {"target": 2}, "to": {"location_of": {"target": 1}}}}]}]}),
    # the triggering event's unit at a battlefield: “该战场” is that unit's battlefield
    ("unit", "当你眩晕战场上的一名敌方单位时，可以选择将我移动到该单位所在的战场。",
     {"abilities": [{"trigger": {"event": "stunned", "subject": "enemy", "player": "you", "card": {"where": "battlefield"}},
                     "target": "event_subject",
                     "effects": [{"may": [{"move": {"what": "self", "to": {"location_of": "target"}}}]}]}]}),
    # a spell of yours choosing me (383.4.b); an activated ability of a gear played (206.1)
    ("unit", "每当你将我选为法术目标时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "chosen", "player": "you", "by": "spell"}, "effects": DRAW}]}),
    ("unit", "当你使用一件装备的主动技能时，让我本回合内战力+1。",
     {"abilities": [{"trigger": {"event": "activated", "subject": "any", "player": "you", "card_type": "gear"},
                     "effects": [{"might": 1}]}]}),
    # a battlefield the controller chooses as it resolves (a base refused)
    ("spell", "给予你基地中的一名友方单位增益，然后将其移动到一处战场。",
     {"target": {"who": "friendly", "where": "base"}, "effects": [{"buff": None}, {"move": {"to": "chosen_battlefield"}}]}),
    # “你基地中的” is *your* base: a unit you control (107.1.c), never one in an opponent's base (audit)
    ("spell", "给予你基地中的一名单位增益。", {"target": {"who": "friendly", "where": "base"}, "effects": [{"buff": None}]}),
    ("spell", "让一名位于你的基地中的单位在本回合内战力+1。",
     {"target": {"who": "friendly", "where": "base"}, "effects": [{"might": 1}]}),
    ("spell", "给予基地中的一名单位增益。", {"target": {"where": "base"}, "effects": [{"buff": None}]}),  # any base
    # “位于此处且…”: where the unit is, and the rest of the phrase; another battlefield than its own (446.1)
    ("unit", "当我移动时，你可以选择将一名位于此处且战力高于我的敌方单位移动到另一处战场。",
     {"abilities": [{"trigger": "moved", "target": {"who": "enemy", "where": "here", "might": {"gt": {"might_of": "self"}}},
                     "effects": [{"may": [{"move": {"to": "chosen_battlefield"}}]}]}]}),
    # an amount “等同于X”, read as the instruction executes: the source's Might, a unit named before's, a count, a hand
    ("unit", "当我进攻时，对此处的所有敌方单位造成等同于我的战力的伤害。",
     {"abilities": [{"trigger": "attacked", "effects": [{"deal": {"amount": {"might_of": "self"},
                                                                  "to": {"each": {"who": "enemy", "where": "here"}}}}]}]}),
    ("spell", "对一名敌方单位造成等同于其战力的伤害。",
     {"target": {"who": "enemy"}, "effects": [{"deal": {"amount": {"might_of": "target"}}}]}),
    ("unit", "当我进攻时，让我在本回合内获得等同于此处敌方单位数量的+战力加成。",
     {"abilities": [{"trigger": "attacked",
                     "effects": [{"might": {"amount": {"count": {"who": "enemy", "where": "here"}}}}]}]}),
    ("spell", "抽等同于你手牌数量的牌。", {"effects": [{"draw": {"amount": {"hand_of": "you"}}}]}),
    # “每有一名X，我便/你便Y”: the doer named after the count, the same one for each
    ("unit", "当我进攻时，此处每有一名敌方单位，我便在本回合内战力+1。",
     {"abilities": [{"trigger": "attacked",
                     "effects": [{"might": {"amount": {"count": {"who": "enemy", "where": "here"}}}}]}]}),
    ("unit", "当我进攻时，你每拥有一名其他友方单位，你便抽一张牌。",
     {"abilities": [{"trigger": "attacked", "effects": [{"draw": {"amount": {"count": {"who": "friendly", "other": True}}}}]}]}),
    # durations and whose, in other words: “直到回合结束”, “在本次战斗中” (until the combat ends), “该单位的控制者”, “对手控制的”
    ("spell", "让一名友方单位获得强攻2，直到回合结束。",
     {"target": {"who": "friendly"}, "effects": [{"grant": {"keyword": "强攻", "value": 2}}]}),
    ("spell", "让一名友方单位在这场战斗中战力+2。",
     {"target": {"who": "friendly"}, "effects": [{"might": {"amount": 2, "until": "combat"}}]}),
    ("spell", "对一名敌方单位造成2点伤害。该单位的控制者抽一张牌。",
     {"target": {"who": "enemy"}, "effects": [{"deal": 2}, {"draw": {"who": "target_controller", "amount": 1}}]}),
    ("spell", "选择一名敌方单位。其控制者召出一枚休眠的符文。",
     {"target": {"who": "enemy"}, "effects": [{"channel": {"exhausted": True, "who": "target_controller", "count": 1}}]}),
    ("spell", "让对手控制的一名单位变为休眠状态。", {"target": {"who": "enemy"}, "effects": [{"exhaust": None}]}),
    # a change this turn in other word orders; “它们” the units chosen; “每名X单位” every one
    ("spell", "让一名友方单位的战力在本回合内+2。", {"target": {"who": "friendly"}, "effects": [{"might": 2}]}),
    ("spell", "让一名友方单位在本回合内获得+2战力。", {"target": {"who": "friendly"}, "effects": [{"might": 2}]}),
    ("spell", "给予一名友方单位本回合内强攻2。",
     {"target": {"who": "friendly"}, "effects": [{"grant": {"keyword": "强攻", "value": 2}}]}),
    ("spell", "选择两名友方单位，让它们在本回合内战力+1。", {"target": {"who": "friendly", "count": 2}, "effects": [{"might": 1}]}),
    ("spell", "对每名敌方单位造成1点伤害。", {"effects": [{"deal": {"amount": 1, "to": {"each": {"who": "enemy"}}}}]}),
    ("spell", "让一名敌方单位回到其所属的手牌。", {"target": {"who": "enemy"}, "effects": [{"return_to_hand": None}]}),
    ("spell", "将一名敌方单位从战场移回其基地。",
     {"target": {"who": "enemy", "where": "battlefield"}, "effects": [{"move": {"to": "base"}}]}),
    # several units of one spec at one location (same_location); “一处战场上的” one battlefield for them all
    ("spell", "对同一位置的最多三名单位各造成1点伤害。",
     {"target": {"count": 3, "up_to": True, "same_location": True}, "effects": [{"deal": 1}]}),
    ("spell", "将一处战场上任意数量的友方单位移动到其所属的基地。",
     {"target": {"who": "friendly", "count": None, "up_to": True, "same_location": True, "where": "battlefield"},
      "effects": [{"move": {"to": "base"}}]}),
    # other words for the same comparison, count, verb and duration, read as the templates' own (written back in those)
    ("spell", "摧毁一名战力不超过3的敌方单位。", {"target": {"who": "enemy", "might": {"le": 3}}, "effects": [{"kill": None}]}),
    ("spell", "摧毁所有战力大于4的单位。", {"effects": [{"kill": {"to": {"each": {"might": {"gt": 4}}}}}]}),
    ("spell", "对至多两名敌方单位各造成2点伤害。",
     {"target": {"who": "enemy", "count": 2, "up_to": True}, "effects": [{"deal": 2}]}),
    ("spell", "使一名友方单位本回合战力+2。", {"target": {"who": "friendly"}, "effects": [{"might": 2}]}),
    ("spell", "本回合内让一名敌方单位战力-2，不得低于1战力。",
     {"target": {"who": "enemy"}, "effects": [{"might": {"amount": -2, "min": 1}}]}),
    ("spell", "将一名敌方单位返回其所有者的手牌。", {"target": {"who": "enemy"}, "effects": [{"return_to_hand": None}]}),
    ("spell", "召回一名友方单位。", {"target": {"who": "friendly"}, "effects": [{"recall": None}]}),
    ("spell", "移除一名友方单位所受的所有伤害。", {"target": {"who": "friendly"}, "effects": [{"heal": None}]}),
    ("spell", "从你的废牌堆中打出一名费用不超过③的单位，无视其费用。",
     {"effects": [{"play": {"from": "trash", "card": {"kind": "unit", "cost": {"le": 3}}, "ignore_cost": True, "at": "any"}}]}),
    # one event for the action however many it acts on (a discard, a recycle to your deck, a stun)
    ("unit", "每当你弃置任意数量的手牌时，让我变为活跃状态。",
     {"abilities": [{"trigger": {"event": "cards_discarded", "subject": "any", "player": "you"}, "effects": [{"ready": None}]}]}),
    ("unit", "每当你将任意数量的卡牌回收到自己的主牌堆时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "cards_recycled", "subject": "any", "player": "you"}, "effects": DRAW}]}),
    ("unit", "每当你眩晕任意数量的敌方单位时，给予一名友方单位增益。",
     {"abilities": [{"trigger": {"event": "units_stunned", "subject": "enemy", "player": "you"}, "target": {"who": "friendly"},
                     "effects": [{"buff": None}]}]}),
    # a unit's own event as UNIT × EVENT: the source's, or a unit the phrase names (side, “另一”, the rest its filter)
    ("unit", "当我受到伤害时，抽一张牌。", {"abilities": [{"trigger": {"event": "damaged"}, "effects": DRAW}]}),
    ("unit", "当一名强力友方单位进攻时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "attacked", "subject": "friendly", "card": {"mighty": True}}, "effects": DRAW}]}),
    ("unit", "当另一名友方单位防守时，让其在本回合内战力+1。",
     {"abilities": [{"trigger": {"event": "defended", "subject": "friendly", "other": True}, "target": "event_subject",
                     "effects": [{"might": 1}]}]}),
    ("unit", "当一名敌方单位被眩晕时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "stunned", "subject": "enemy"}, "effects": DRAW}]}),
    # a player's event as PLAYER × ACTION, and an action on a unit (the event's player; a kill's responsible one)
    ("unit", "每当你抽一张牌时，让我在本回合内战力+1。",
     {"abilities": [{"trigger": {"event": "drawn", "subject": "any", "player": "you"}, "effects": [{"might": 1}]}]}),
    ("unit", "当对手征服一处战场时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "conquered", "subject": "any", "player": "opponent"}, "effects": DRAW}]}),
    ("unit", "当你摧毁一名敌方单位时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "killed", "subject": "enemy", "responsible": "you"}, "effects": DRAW}]}),
    ("unit", "当对手给予一名强力敌方单位增益时，抽一张牌。",
     {"abilities": [{"trigger": {"event": "buffed", "subject": "enemy", "card": {"mighty": True}, "player": "opponent"},
                     "effects": DRAW}]}),
    # “未拥有X的”: a filter that does not match (`not`)
    ("spell", "选择一名未拥有瞬息的友方单位，让其获得瞬息。",
     {"target": {"who": "friendly", "not": {"keyword": "瞬息"}}, "effects": [{"grant": {"until": "permanent", "keyword": "瞬息"}}]}),
    ("unit", "当一名友方单位被摧毁时，你可以选择将我移动到该单位所在的战场。",
     {"abilities": [{"trigger": {"event": "killed", "subject": "friendly"}, "target": "event_subject",
                     "effects": [{"may": [{"move": {"what": "self", "to": {"location_of": "target"}}}]}]}]}),
]


@pytest.mark.parametrize(("card_type", "text", "parts"), CASES, ids=[text for _, text, _ in CASES])
def test_a_wording_compiles_to_its_tree_the_engine_runs_and_back(card_type, text, parts):
    result = _compiled(text, card_type)
    assert result.status == "compiled", (result.problems, result.needs)
    assert {key: result.tree.get(key) for key in parts} == parts
    again = _compiled(result.understood, card_type)
    assert again.tree == result.tree, result.understood


@pytest.mark.parametrize("text", [
    "当我进攻时，你可以选择将一名敌方单位移动到该战场。",  # not an arrival: which battlefield is not guessed
    "当你打出我时，将一名敌方单位移动到相同的战场。",
])
def test_that_battlefield_is_read_only_after_the_source_arrived_at_one(text):
    assert _compiled(text, "unit").status == "not_understood"


@pytest.mark.parametrize(("card_type", "text"), [
    ("spell", "选择一名敌方单位，让该友方单位在本回合内战力+2。"),  # the one target is no friendly unit
    ("spell", "选择战场上的一名友方单位和一名敌方单位，此战场上每有一名敌方单位，就抽一张牌。"),  # whose battlefield
    ("spell", "选择一名友方单位，此战场上每有一名敌方单位，就让其在本回合内战力+2。"),  # at no battlefield named
    ("unit", "当你打出敌方单位时，抽一张牌。"),  # you play your own units
    ("gear", "当你移动一名敌方单位时，眩晕该友方单位。"),  # the event's unit is no friendly unit
    ("spell", "选择一名友方单位，让其抽两张牌。"),  # “其” is a unit, not a player
    ("unit", "当我进攻时，对此处的敌方单位造成共计5点伤害，可在多名友方单位之间分摊。"),  # split among whom
    ("unit", "当你打出我时，在每个位置选择最多两名敌方单位。对其造成1点伤害。"),
    ("spell", "将一名友方单位移动到该敌方单位的战场上。"),  # no enemy unit named before
    ("unit", "当你眩晕一名敌方单位时，你可以选择将我移动到该战场。"),  # the stunned unit may be in a base
    ("spell", "选择一名友方单位和一名敌方单位。对其造成等同于其战力的伤害。"),  # whose Might, of two
    ("spell", "对一名敌方单位造成等同于你的心情的伤害。"),  # an amount not known
    ("spell", "让你控制的一名敌方单位变为休眠状态。"),  # friendly and enemy at once
    ("unit", "当两名友方单位进攻时，抽一张牌。"),  # one unit's event
    ("unit", "当对手摧毁一名友方单位时，抽一张牌。"),  # responsible: you or anyone (428.5), not an opponent
    ("spell", "选择一名友方单位。本回合内，将其战力提升至与其战力相同。"),  # whose Might: the same unit
    ("spell", "让一名友方单位和一名敌方单位在本回合内战力+1。当其在本回合内被摧毁时，抽一张牌。"),  # which one
])
def test_a_referent_the_text_does_not_fix_is_not_guessed(card_type, text):
    assert _compiled(text, card_type).status == "not_understood"


def _scenario(card: dict, script: str, expect: str, hand: str = "") -> str:
    source = SCENARIO.replace("{CARD}", _flow(card)).replace("SCRIPT", script).replace("EXPECT", expect)
    return source.replace("      deck: 5", "      deck: 5\n      runes: 5" + (f"\n      hand: [{hand}]" if hand else ""))


@pytest.mark.parametrize(("to", "hand"), [("西方", 2), ("base", 1)])
def test_played_to_a_battlefield_triggers_there_and_not_in_base(to, hand):
    tree = _compiled("当你将我打出到一处战场时，抽一张牌。", "unit").tree
    # A plays a second 行者 from hand (its card leaves the hand): to 西方, A's battlefield, it draws one
    _passes(_scenario(tree, f"  - play: 行者\n    to: {to}", f"  - player: A\n    hand: {hand - 1}", hand="行者"))


@pytest.mark.parametrize(("exhausted", "might"), [("true", 2), ("false", 1)])
def test_readying_a_friendly_unit_triggers_and_a_ready_one_is_not_readied(exhausted, might):
    # 415.1.c: readying a ready unit does nothing, so there is no event
    haven = _compiled("每当你让一名友方单位变为活跃状态时，让其本回合内战力+1。", "gear").tree
    spell = _compiled("让一名友方单位变为活跃状态。", "spell").tree
    source = _scenario({"type": "unit", "might": 2}, "  - play: 新牌\n    targets: 友\n  - pass:",
                       f"  - unit: 友\n    might: {might}", hand="新牌")
    source = source.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + _flow(spell) +
                            "\n  港: " + _flow(haven))
    source = source.replace("{id: 友, card: 哨兵}", f"{{id: 友, card: 哨兵, exhausted: {exhausted}}}")
    _passes(source.replace("      base: [", "      gear: [港]\n      base: ["))


@pytest.mark.parametrize(("target", "might"), [("回", 6), ("行", 2)])
def test_for_each_enemy_unit_there_counts_at_the_chosen_units_battlefield(target, might):
    spell = _compiled("选择战场上的一名友方单位，此战场上每有一名敌方单位，就让其本回合内战力+2。", "spell").tree
    source = _scenario({"type": "unit", "might": 2}, f"  - play: 新牌\n    targets: {target}\n  - pass:",
                       f"  - unit: {target}\n    might: {might}", hand="新牌")
    source = source.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + _flow(spell))
    # two enemy units at 西方 with 回 (+2 each); 行 is in A's base, at no battlefield: not a legal target
    source = source.replace("        - {id: 回, card: 行者}", "        - {id: 回, card: 行者}\n"
                            "        - {id: 敌2, card: 哨兵, controller: B}\n        - {id: 敌3, card: 哨兵, controller: B}")
    if target == "行":
        source = source.replace(f"targets: {target}\n  - pass:", f"targets: {target}\n    expect_illegal: 355")
    _passes(source)


@pytest.mark.parametrize("points", [0, 3])
def test_my_might_is_increased_by_your_points_as_they_are(points):
    tree = _compiled("把你的分数加到我的战力上。", "unit").tree  # printed Might 2
    source = _scenario(tree, "  - move: 友\n    to: 南方", f"  - unit: 行\n    might: {2 + points}")
    _passes(source.replace("      deck: 5", f"      deck: 5\n      points: {points}"))


def test_a_token_at_the_origin_of_a_move_is_not_compiled_off_a_move_trigger():
    assert _compiled("当我进攻时，在我移动的起点位置打出一名1战力的“随从”。", "unit").status == "not_executable"


def test_a_verb_that_cannot_act_on_your_legend_is_not_compiled():
    assert _compiled("当你征服此处时，给予你的传奇增益。", "battlefield").status != "compiled"



@pytest.mark.parametrize(("answer", "hurt"), [("{may: true, new_targets: [远征]}", "远征"), ("{may: false}", "潜伏者")])
def test_a_spell_taken_over_may_be_given_new_targets_by_its_new_controller(answer, hurt):
    from test_control import BOARD, CARDS  # A plays 焚烧 (2 to a unit at a battlefield); B takes it over

    reversal = _compiled("反应\n获得一个敌方法术的控制权。你可以选择为其指定新的目标。", "spell").tree
    cards = CARDS.replace("  沙:", "  倒转: " + _flow({**reversal, "cost": 1}) + "\n  沙:")
    script = f"""
        - {{play: 焚烧, targets: 潜伏者}}
        - {{pass: A}}
        - {{play: 倒转, player: B, targets: "#1"}}
        - {{pass: B}}
        - {{pass: A, answer: {answer}}}
        - {{pass: }}
    """
    board = BOARD.replace("hand: [折镜, 沙]", "hand: [倒转, 沙]").replace(
        "    - name: 东部战场\n", "    - name: 东部战场\n      controller: A\n      units:\n        - {id: 远征, card: 远谋者}\n")
    text = "title: t\n" + cards + board + "script:\n" + textwrap.dedent(script)
    _, final = play(parse(text, "t.yaml"))
    spared = "潜伏者" if hurt == "远征" else "远征"
    assert final.units[spared].damage == 0  # 2 damage to the other one (a 2 Might 远谋者 dies of it)
    assert hurt not in final.units or final.units[hurt].damage == 2


@pytest.mark.parametrize(("text", "status"), [
    ("Deal 3 to all enemy units at a battlefield.", "compiled"),  # one battlefield, chosen first (target kind battlefield)
    # several chosen, all at one battlefield (same_location, as the Chinese 一处战场上任意数量的…)
    ("Move any number of friendly units at a battlefield to their base.", "compiled"),
    ("Deal 3 to all enemy units at battlefields.", "compiled"),  # every battlefield
    ("Deal 3 to an enemy unit at a battlefield.", "compiled"),  # one unit, at any battlefield
])
def test_all_units_at_a_battlefield_is_not_read_as_every_battlefield_in_english(text, status):
    assert compile_card(CardSource("T-200", "en", text, {"type": "spell", "cost": 2})).status == status


@pytest.mark.parametrize(("field", "unit", "might"), [("西方", "回", 3), ("北方", "敌", 1)])
def test_that_player_of_a_battlefield_trigger_is_the_one_who_played_the_spell(field, unit, might):
    # 190.6.c: A plays the spell, so A controls the trigger and chooses one of A's units there (B's 敌 is no friend of A's)
    hall = _compiled("当一名玩家打出一张法术牌时，该玩家可以选择让自己在此处控制的一名单位本回合内战力+1。", "battlefield").tree
    spell = _compiled("抽一张牌。", "spell").tree
    source = _scenario({"type": "unit", "might": 2}, "  - play: 新牌\n  - pass:", f"  - unit: {unit}\n    might: {might}",
                       hand="新牌")
    source = source.replace("  哨兵: {type: unit, might: 1}", "  哨兵: {type: unit, might: 1}\n  新牌: " + _flow(spell) +
                            "\n  大厅: " + _flow(hall))
    _passes(source.replace(f"    - name: {field}\n", f"    - name: {field}\n      card: 大厅\n"))


@pytest.mark.parametrize(("enemy_at", "where"), [("北", "北"), ("base", "base:A")])
def test_a_compiled_stun_trigger_moves_its_source_to_the_stunned_units_battlefield(enemy_at, where):
    from conftest import board, play_scenario

    hunter = _compiled("当你眩晕战场上的一名敌方单位时，可以选择将我移动到该单位所在的战场。", "unit").tree
    stun = {**_compiled("眩晕一名敌方单位。", "spell").tree, "cost": 0}
    cards = "cards:\n  猎手: " + _flow(hunter) + "\n  眩晕术: " + _flow(stun) + "\n"
    enemy = "{id: 敌, card: 先锋中士}"
    state = board("hand: [眩晕术], base: [{id: 猎, card: 猎手}]", f"base: [{enemy}]" if enemy_at == "base" else "",
                  f"name: 北, controller: B, units: [{enemy}]" if enemy_at == "北" else "name: 北")
    # the “may” unanswered is done (the engine's default); a unit stunned in its base triggers nothing
    _, final = play_scenario(cards, state, script="- play: 眩晕术\n  targets: 敌\n- pass:\n")
    assert final.units["敌"].stunned and final.units["猎"].location == where


@pytest.mark.parametrize(("to", "where"), [("北", "北"), ("base", None)])
def test_a_unit_moved_to_a_battlefield_goes_to_the_one_chosen_and_never_to_a_base(to, where):
    from conftest import board, play_scenario

    spell = {**_compiled("给予你基地中的一名友方单位增益，然后将其移动到一处战场。", "spell").tree, "cost": 0}
    assert spell["effects"][1] == {"move": {"to": "chosen_battlefield"}}
    state = board("hand: [出场], base: [{id: 友, card: 先锋中士}]", "", "name: 北")
    script = f"- play: 出场\n  targets: 友\n  to: {to}\n"  # chosen as it is played (355.4)
    # a base is no battlefield: the play is refused
    script += "  expect_illegal: 449\n" if where is None else "- pass: A\n- resolve_chain:\n"
    _, final = play_scenario("cards:\n  出场: " + _flow(spell) + "\n", state, script=script)
    assert final.units["友"].location == (where or "base:A")


def test_a_unit_moved_to_a_battlefield_is_not_moved_to_the_one_it_is_at():
    from conftest import board, play_scenario

    spell = {**_compiled("将一名友方单位移动到另一处战场。", "spell").tree, "cost": 0}
    state = board("hand: [出场]", "", "name: 北, controller: A, units: [{id: 友, card: 先锋中士}]")
    script = "- play: 出场\n  targets: 友\n  to: 北\n  expect_illegal: 446.1\n"
    _, final = play_scenario("cards:\n  出场: " + _flow(spell) + "\n", state, script=script)
    assert final.units["友"].location == "北"


@pytest.mark.parametrize(("target", "hand"), [("友", 1), ("敌", 0)])
def test_a_compiled_unit_event_trigger_watches_the_units_its_phrase_names(target, hand):
    from conftest import board, play_scenario

    watcher = _compiled("当一名友方单位受到伤害时，抽一张牌。", "unit").tree
    spell = {**_compiled("对一名单位造成1点伤害。", "spell").tree, "cost": 0}
    cards = "cards:\n  守望者: " + _flow(watcher) + "\n  点燃: " + _flow(spell) + "\n"
    state = board("hand: [点燃], deck: 3, base: [{id: 守, card: 守望者}, {id: 友, card: 先锋中士}]",
                  "base: [{id: 敌, card: 先锋中士}]")
    _, final = play_scenario(cards, state, script=f"- play: 点燃\n  targets: {target}\n- pass:\n")
    assert len(final.players["A"].hand) == hand  # only a friendly unit dealt damage draws


def test_a_compiled_draw_trigger_triggers_for_each_card_drawn():
    from conftest import board, play_scenario

    from judgekit.engine.layers import might

    reader = _compiled("每当你抽一张牌时，让我在本回合内战力+1。", "unit").tree  # printed Might 2
    spell = {**_compiled("抽两张牌。", "spell").tree, "cost": 0}
    cards = "cards:\n  读者: " + _flow(reader) + "\n  研读: " + _flow(spell) + "\n"
    state = board("hand: [研读], deck: 3, base: [{id: 读, card: 读者}]")
    _, final = play_scenario(cards, state, script="- play: 研读\n- pass:\n")
    assert len(final.players["A"].hand) == 2
    assert might(final, final.units["读"]) == 4


@pytest.mark.parametrize(("targets", "hurt"), [("[敌1, 敌2]", ("敌1", "敌2")), ("[敌1, 敌3]", None)])
def test_units_at_the_same_location_are_chosen_at_one_location_only(targets, hurt):
    from conftest import board, play_scenario

    spell = {**_compiled("对同一位置的最多三名单位各造成1点伤害。", "spell").tree, "cost": 0}
    enemy = "{{id: {}, card: 先锋中士, controller: B}}"
    state = board("hand: [风箱]", "base: [{id: 敌3, card: 先锋中士}]",
                  f"name: 北, controller: B, units: [{enemy.format('敌1')}, {enemy.format('敌2')}]")
    play_step = f"- play: 风箱\n  targets: {targets}\n"
    if hurt is None:  # two locations: not a legal choice (355.8), the spell is not played
        play_step += "  expect_illegal: 355.8\n"
    script = play_step + ("" if hurt is None else "- pass:\n")
    _, final = play_scenario("cards:\n  风箱: " + _flow(spell) + "\n", state, script=script)
    damaged = tuple(sorted(name for name, unit in final.units.items() if unit.damage))
    assert damaged == (hurt or ())


@pytest.mark.parametrize(("hunter_at", "hand"), [("base", 1), ("北", 0)])
def test_a_unit_already_at_the_destination_is_not_moved(hunter_at, hand):
    from conftest import board, play_scenario

    # 446.1: a move changes place — moved to where it is, it does not move and “when I move” does not trigger
    hunter = _compiled("当你眩晕战场上的一名敌方单位时，可以选择将我移动到该单位所在的战场。\n当我移动时，抽一张牌。", "unit").tree
    stun = {**_compiled("眩晕一名敌方单位。", "spell").tree, "cost": 0}
    cards = "cards:\n  猎手: " + _flow(hunter) + "\n  眩晕术: " + _flow(stun) + "\n"
    units = ["{id: 敌, card: 先锋中士, controller: B}"] + (["{id: 猎, card: 猎手, controller: A}"] if hunter_at == "北" else [])
    state = board("hand: [眩晕术], deck: 3" + (", base: [{id: 猎, card: 猎手}]" if hunter_at == "base" else ""), "",
                  f"name: 北, controller: B, units: [{', '.join(units)}]")
    _, final = play_scenario(cards, state, script="- play: 眩晕术\n  targets: 敌\n- pass:\n")
    assert final.units["猎"].location == "北" and len(final.players["A"].hand) == hand


@pytest.mark.parametrize(("target", "buffed"), [("友", True), ("敌", False)])
def test_a_unit_in_your_base_is_never_one_in_an_opponents_base(target, buffed):
    from conftest import board, play_scenario

    spell = {**_compiled("给予你基地中的一名单位增益。", "spell").tree, "cost": 0}
    state = board("hand: [鼓舞], base: [{id: 友, card: 先锋中士}]", "base: [{id: 敌, card: 先锋中士}]")
    script = f"- play: 鼓舞\n  targets: {target}\n" + ("- pass:\n" if buffed else "  expect_illegal: 355\n")
    trace, final = play_scenario("cards:\n  鼓舞: " + _flow(spell) + "\n", state, script=script)
    assert all(v.passed for v in trace.verdicts), [(v.description, v.actual) for v in trace.verdicts]
    assert bool(final.units[target].buffs) is buffed and not final.units["敌"].buffs
