"""The one table of rule references the engine cites.

Every step of a trace names the rules that made it happen by a key of this
table.  The numbers are the 2026-07 numbering (Chinese core rules 2026-07-17,
English Core Rules v1.4 of 2026-07-16), the numbering the 化神争锋 FAQ cites.
A renumbered edition changes this file only; a test checks every number
against the English reference document when it is present.
"""

from __future__ import annotations

from typing import NamedTuple

NUMBERING = "2026-07"
DEFAULT_EDITION = "zh-2026-07-17"


class Ref(NamedTuple):
    number: str
    summary: str  # what the rule says, in judgekit's own words, for traces without local rule text


REFS: dict[str, Ref] = {
    # Damage, death, healing (142–143, 418, 428, 808)
    "damage_marked": Ref("142.2", "伤害按单位分别标记"),
    "damage_responsible": Ref("142.3.a", "伤害由造成伤害行动的负责玩家标记"),
    "lethal_damage": Ref("142.4.b", "致命伤害：非零且不少于单位战力"),
    "lethal_kills": Ref("143.2.a", "非零伤害达到或超过战力的单位被摧毁"),
    "negative_might": Ref("143.2.b", "战力小于 0 时按 0 计算（结算战斗伤害与被引用时）"),
    "heal": Ref("418.1", "清除单位上的伤害即为治疗"),
    "kill": Ref("428.1", "摧毁：永久牌从场上进入废牌堆"),
    "token_ceases": Ref("186.1", "衍生物进入结算链以外的非场上区域后立即不复存在"),
    "kill_instruction_trigger": Ref("428.1.a.1.b", "摧毁指令：先将“自身阵亡时”的能力加入结算链"),
    "kill_to_trash": Ref("428.2", "被摧毁的永久牌直接进入废牌堆"),
    "deathknell": Ref("808.1.c", "绝念：“当我阵亡时，[效果]”"),
    "deathknell_replaced": Ref("808.1.d.1", "阵亡被替代（未进入废牌堆）时，绝念触发从结算链移除"),
    # Buffs, Mighty, bonus damage (701–715)
    "buff_place": Ref("426.1.b", "增益：单位没有增益指示物时放置一个"),
    "buff_once": Ref("702.3", "一个单位同时只能有一个增益"),
    "buff_might": Ref("703", "每个增益使单位战力 +1"),
    "buff_spend": Ref("702.2.b", "消耗增益：移除单位上的一个增益指示物"),
    "buff_spend_needs_buff": Ref("702.2.b.1", "没有增益的单位不能消耗增益"),
    "buff_spend_own": Ref("702.2.b.2", "只能消耗自己控制的单位上的增益"),
    "buff_leaves_play": Ref("705", "单位离场时移除其所有增益"),
    "is_mighty": Ref("708", "战力 5 或以上的单位“是强力单位”"),
    "becomes_mighty": Ref("709", "战力从 5 以下变为 5 或以上的时刻，单位“成为强力单位”"),
    "current_might": Ref("710", "场上单位按当前战力判断"),
    "printed_might": Ref("711", "非场上区域的单位按印刷战力判断"),
    "bonus_damage_summed": Ref("714", "多个额外伤害相加后只加算一次"),
    "bonus_damage_single": Ref("715.1", "单一目标：额外伤害加到对该目标的伤害上"),
    "bonus_damage_each": Ref("715.2", "多个目标：额外伤害分别加到每个目标上"),
    "bonus_damage_split": Ref("715.3", "分摊伤害：额外伤害加到分摊总量上，可选目标数随之改变"),
    # Layers (473–480)
    "layers": Ref("477", "层级依次为：特征改变、能力改变、算术"),
    "might_becomes": Ref("477.1.a.1", "战力“变为”N 在特征改变层结算"),
    "granted_abilities": Ref("477.2", "赋予或移除关键词在能力改变层结算"),
    "snapshot": Ref("477.3.b", "非被动能力的有下限的算术效果在施加时“快照”"),
    "no_negative_increase": Ref("477.3.c", "不能以负数“增加”数值，改为增加 0"),
    "attached_bonus": Ref("477.3.d", "附着牌的战力加成在算术层结算"),
    "increases_first": Ref("477.3.e.1", "算术层先结算增加"),
    "decreases_last": Ref("477.3.e.2", "算术层最后结算减少"),
    # Keywords (805–829)
    "assault": Ref("807.1.c", "强攻 X：“当我是进攻方时，战力 +X”"),
    "assault_sum": Ref("807.2", "多个来源的强攻值相加"),
    "deflect": Ref("809.1.c", "法盾"),
    "ganking": Ref("810.1.b", "游走：可用标准移动从战场移动到另一个战场"),
    "shield": Ref("814.1.c", "坚守 X：“当我是防守方时，战力 +X”"),
    "shield_sum": Ref("814.2", "多个来源的坚守值相加"),
    "tank": Ref("815.1.b", "壁垒：须先于同一控制者的非壁垒单位被分配致命伤害"),
    "tank_several": Ref("815.1.c.2", "有多个壁垒单位时可任选其一；壁垒单位都被分配致命伤害前，其他单位不可分配"),
    "temporary": Ref("816.1.b", "瞬息：控制者的开始阶段开始时、计分之前，摧毁此牌"),
    # Stun, ready, exhaust, draw (413–431)
    "stun": Ref("423.1", "眩晕：使场上单位处于眩晕状态"),
    "stun_again": Ref("423.1.a.1", "已眩晕的单位不能再次被眩晕"),
    "stun_wears_off": Ref("423.1.a.2", "眩晕在回合结束清理的 3d 步骤解除"),
    "stunned_no_might": Ref("423.1.b", "眩晕单位在战斗伤害步骤中不贡献战力"),
    "stunned_full_might": Ref("423.1.c", "眩晕单位仍须受到不少于其完整战力的伤害才被摧毁"),
    "ready": Ref("415.3.b", "效果指示时重置场上的物件"),
    "ready_again": Ref("415.1.c", "已就绪的单位被重置时不发生任何事"),
    "exhaust": Ref("414.1", "横置：标记场上的非法术物件为“已使用”"),
    "exhaust_again": Ref("414.1.c", "已横置的物件被横置时不发生任何事"),
    "draw": Ref("413.1", "抓牌：从主牌堆顶取一张牌加入手牌"),
    "draw_too_many": Ref("413.4", "要抓的牌多于主牌堆时：能抓则抓，然后燃尽，再抓剩余的牌"),
    "burn_out": Ref("431.2", "燃尽：将废牌堆洗回主牌堆，并选择一名对手获得 1 分"),
    # Turn structure (301–323)
    "turn_player": Ref("304", "回合玩家是正在进行回合的玩家"),
    "awaken": Ref("315.1.b", "唤醒阶段：回合玩家重置其控制的所有物件"),
    "beginning": Ref("315.2.a.1", "开始阶段开始时，相应的游戏效果发生"),
    "hold_step": Ref("315.2.b.2", "计分步骤：回合玩家据守其控制的所有战场"),
    "channel": Ref("315.3.b", "引导阶段：回合玩家从符文牌堆引导 2 张符文"),
    "draw_phase": Ref("315.4.b", "抓牌阶段：回合玩家抓 1 张牌"),
    "main_phase": Ref("316.1", "开始回合的各步骤完成后进入主要阶段"),
    "pool_empties": Ref("316.3", "主要阶段开始时，各玩家的符文池清空"),
    "end_turn": Ref("316.9", "玩家表示结束回合，主要阶段结束，进入结束阶段"),
    "end_heal": Ref("317.2.b", "结束阶段清理：治疗所有单位"),
    "this_turn_expires": Ref("317.2.c", "所有“本回合”效果同时失效"),
    "end_pool_empties": Ref("317.2.d", "结束阶段清理：各玩家的符文池清空"),
    "next_turn_player": Ref("317.3", "下一名轮到回合的玩家成为回合玩家"),
    "cleanup_repeats": Ref("322", "清理中又发生需要清理的事件时，再进行一次清理，直到状态不再变化"),
    "victory_check": Ref("323.1", "清理第 1 步：分数达到胜利分数且多于所有对手的玩家获胜"),
    "designations": Ref("323.2", "清理第 2 步：按需赋予或移除进攻方／防守方标记"),
    "cleanup_deathknell": Ref("323.4", "清理第 3a 步：带有致命伤害且有绝念的单位触发绝念"),
    "cleanup_kills": Ref("323.5", "清理第 3b 步：带有致命伤害的单位被摧毁，置入拥有者的废牌堆"),
    "lose_control": Ref("323.6", "清理第 4 步：开放状态下无己方单位、无对决的战场失去控制"),
    "stage_showdown": Ref("323.8", "清理第 6 步：在被争夺的战场上标记待发生的法术对决"),
    "stage_combat": Ref("323.9", "清理第 7 步：被争夺且有对立玩家单位的战场标记待发生的战斗"),
    "unstage_combat": Ref("323.10", "清理第 7a 步：对立双方单位不再同时在场时，待发生的战斗取消"),
    "remove_contested": Ref("323.11", "清理第 8 步：移除不再需要的被争夺状态"),
    # Movement (144, 445–458)
    "standard_move_timing": Ref("144.1.a", "标准移动可在己方主要阶段进行"),
    "standard_move_not_in_showdown": Ref("144.1.c", "法术对决或战斗中不能进行标准移动"),
    "standard_move_cost": Ref("144.2", "横置单位是标准移动的费用"),
    "standard_move_same_destination": Ref("144.3.a", "同时移动多个单位时目的地必须相同"),
    "base_to_battlefield": Ref("144.4.a", "单位可从基地移动到战场"),
    "battlefield_to_base": Ref("144.4.b", "单位可从战场移动到基地"),
    "ganking_move": Ref("144.4.c.1", "有游走的单位可用标准移动在战场之间移动"),
    "effect_move": Ref("449", "法术、技能或其他效果可以使单位移动"),
    "no_third_player": Ref("449.2", "单位不能移动到已有另外两名玩家单位的战场"),
    "contested": Ref("450", "目的地是移动者不控制的未被争夺战场时，变为被争夺"),
    "move_cleanup": Ref("453", "移动完成后进行清理"),
    "recall": Ref("455", "召回：永久牌回到其基地，不算移动"),
    "recall_not_move": Ref("456", "召回不是移动"),
    "recall_keeps_state": Ref("458.1", "召回不改变伤害与状态"),
    # Choosing targets (355)
    "valid_targets": Ref("355.8", "要把法术或技能放上结算链，须为所有目标做出有效选择"),
    "target_restrictions": Ref("355.9.b", "有效目标须满足所有目标限制（如“战场上的单位”“敌方单位”）"),
    # The chain (332–340)
    "simultaneous_order": Ref("303.2.a", "同时发生的动作与触发按回合顺序从回合玩家开始排列"),
    "all_pass": Ref("339.1", "所有玩家依次让过优先权且未加入新项：进入结算"),
    "chain_resolves": Ref("340.1", "最新的已确定结算链项结算，完整执行其效果"),
    "trigger_order": Ref("808.2.a", "控制者选择将这些触发加入结算链的顺序"),
    "combat_chain": Ref("464.2.e", "确定进攻方与防守方引发的触发能力加入战斗结算链"),
    # Showdowns and combat (341–348, 459–466)
    "showdown_begins": Ref("344", "清理中战场被争夺且处于中立开放状态时，法术对决开始"),
    "showdown_focus": Ref("345", "施加被争夺状态的玩家在对决开始时获得焦点"),
    "showdown_ends": Ref("347.2.a", "所有玩家依次让过一次，法术对决结束"),
    "combat_showdown_closes": Ref("348.1", "战斗中的法术对决结束后，继续进行战斗的其余步骤"),
    "noncombat_control": Ref("348.2.a", "非战斗对决结束：只有一方单位留下时，该玩家建立控制"),
    "combat_occurs": Ref("460", "清理时无结算链、某战场有待发生的战斗且别处无对决时，战斗发生"),
    "combat_staged": Ref("461", "两名对立玩家的单位在同一战场上即为待发生的战斗"),
    "combat_two_players": Ref("462", "战斗只能在恰好两名玩家的单位之间进行"),
    "attacker": Ref("464.2.c.1", "施加被争夺状态的玩家是进攻方"),
    "defender": Ref("464.2.c.2", "另一名玩家是防守方"),
    "designation_units": Ref("464.2.c.3", "进攻方／防守方控制的该战场单位获得相应标记"),
    "attacker_focus": Ref("464.2.d", "进攻方获得焦点"),
    "damage_step": Ref("465.1", "双方单位都留在战场时进行战斗伤害步骤"),
    "sum_attackers": Ref("465.2.a", "计算所有进攻单位的战力总和"),
    "sum_defenders": Ref("465.2.b", "计算所有防守单位的战力总和"),
    "assign_order": Ref("465.2.c", "从进攻方开始，双方把等于战力总和的伤害分配给对方单位"),
    "assigned_dealt_together": Ref("465.2.c.1.a", "所有伤害分配完毕后同时造成"),
    "lethal_in_full": Ref("465.2.c.3", "须先对一个单位分配足额致命伤害，才能分配给下一个单位"),
    "no_overassign": Ref("465.2.c.4", "尚有其他单位可分配时，不能分配超过致命所需的伤害"),
    "assignment_restrictions": Ref("465.2.c.6", "分配伤害时须尽可能遵守所有要求与限制"),
    "deal_assigned": Ref("465.2.d", "对每个单位造成等于所分配数量的伤害"),
    "combat_cleanup_heal": Ref("466.1.a.1", "战斗清理：治疗所有单位"),
    "recall_attackers": Ref("466.1.a.2", "战斗清理：防守单位仍在场时，召回在场的进攻单位"),
    "combat_result": Ref("466.3", "判定战斗结果"),
    "combat_no_result": Ref("466.3.d.1", "无结果且双方仍有单位：再次标记法术对决与战斗"),
    "combat_control": Ref("466.5", "留有单位的玩家建立对战场的控制"),
    "combat_uncontrolled": Ref("466.5.b", "战场上没有任何单位时变为无人控制"),
    "combat_conquer": Ref("466.5.d", "建立控制且本回合未在此计分，即为征服"),
    "combat_ends": Ref("466.7", "战斗结束，移除进攻方与防守方标记"),
    # Scoring and victory (194, 467–472, 485, 489)
    "conquer": Ref("469.1", "征服：获得本回合尚未计分的战场的控制权"),
    "hold": Ref("469.2", "据守：在开始阶段保持对本回合尚未计分的战场的控制"),
    "score_once": Ref("470", "每名玩家每回合每个战场只能计分一次"),
    "gain_point": Ref("471.1", "计分时获得至多 1 分"),
    "final_point": Ref("471.1.b.1", "征服得最后一分须本回合已在每个战场计分，否则改为抓一张牌"),
    "score_triggers": Ref("471.2", "计分时，该战场的征服或据守能力触发"),
    "victory": Ref("472", "清理时分数达到胜利分数且多于所有对手的玩家获胜"),
    "victory_score": Ref("194.3", "胜利分数默认为 8 分"),
    "victory_score_duel": Ref("485.3", "1v1（决斗）模式的胜利分数为 8 分"),
    "victory_score_2v2": Ref("489.3", "2v2 模式的胜利分数为 11 分"),
    "team_points": Ref("489.8.d.1", "同队两名玩家的胜利分数相同"),
}


def number(key: str) -> str:
    return REFS[key].number
