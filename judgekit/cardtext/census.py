"""The census of the card pool (issue 15 item 1): every clause sorted into patterns.

A pattern is a kind (trigger, condition, cost, selector, effect, amount, duration, restriction,
replacement, link, keyword) and a name; a cue is the Chinese wording that shows it.  Each pattern
names the card-language form that expresses it (docs/card-language.md), or none when the language
has no form for it yet.  A clause none of whose cues is an effect, restriction, replacement or
keyword is counted under ``unclassified``.  The census keeps pattern names, counts and example card
codes: no card text.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from typing import NamedTuple

from judgekit.cardtext import CardSource
from judgekit.cardtext.clauses import KEYWORDS, split_card

EXAMPLES = 5
UNCLASSIFIED = "unclassified"
_N = r"(?:\d+|[一二两三四五六七八九十])"
_UNIT = r"(?:单位|名)"


class Cue(NamedTuple):
    kind: str
    name: str
    pattern: re.Pattern
    form: str | None  # the card-language form that expresses it; None: not yet expressible


def _cues(rows: Iterable[tuple[str, str, str, str | None]]) -> tuple[Cue, ...]:
    return tuple(Cue(kind, name, re.compile(pattern), form) for kind, name, pattern, form in rows)


# Order does not matter: every cue that matches a clause counts for it.
CUES = _cues([
    # triggers (event × subject)
    ("trigger", "played_self", r"当你打出(?:我|此牌)时|打出我时|当我被打出时", "trigger.played"),
    ("trigger", "played_other", r"当你打出(?:一|另一)?(?:名|张|个|件)", "trigger.played"),
    ("trigger", "attack", r"当我进攻", "trigger.attacked"),
    ("trigger", "defend", r"(?:当我|或)防守时", "trigger.defended"),
    ("trigger", "conquer", r"征服(?:一处战场|此处)时|当我征服", "trigger.conquered"),
    ("trigger", "hold", r"据守(?:一处战场|此处)时", "trigger.held"),
    ("trigger", "move", r"当我移动|每当我移动|移动到一处战场时|移动至", "trigger.moved"),
    ("trigger", "killed", r"被摧毁时|被摧毁后", "trigger.killed"),
    ("trigger", "won_combat", r"赢得(?:一场)?战斗时", "trigger.won_combat"),
    ("trigger", "became_mighty", r"变为强力(?:单位)?时", "trigger.became_mighty"),
    ("trigger", "buffed", r"给予我增益时|获得增益时", "trigger.buffed"),
    ("trigger", "turn_began", r"开始阶段|回合开始时", "trigger.turn_began"),
    ("trigger", "turn_ending", r"回合结束时|结束阶段", "trigger.turn_ending"),
    ("trigger", "main_began", r"主阶段开始时", "trigger.main_began"),
    ("trigger", "showdown_began", r"法术对决在此处开始时|法术对决开始时", "trigger.showdown_began"),
    ("trigger", "chosen", r"选为(?:法术)?目标时|选作目标时", "trigger.chosen"),
    ("trigger", "damaged", r"承受伤害时|受到伤害时", "trigger.damaged"),
    ("trigger", "stunned", r"眩晕一名敌方单位时", "trigger.stunned"),
    ("trigger", "readied", r"变为活跃状态时", "trigger.readied"),
    ("trigger", "returned_to_hand", r"返回到一名玩家的手牌时|返回手牌时", "trigger.returned_to_hand"),
    ("trigger", "face_down_played", r"从正面朝下的(?:待命)?状态(?:中)?打出", "trigger.hidden"),
    ("trigger", "whenever", r"每当", "trigger"),
    ("trigger", "once_each_turn", r"每回合首次|每回合仅(?:可)?(?:使用|触发)一次", "limit.turn"),
    ("trigger", "deathknell", r"^绝念$", "keyword.绝念"),
    ("trigger", "legion", r"^鼓舞$", "condition.legion"),
    # conditions
    ("condition", "if", r"如果|若", "if"),
    ("condition", "if_you_do", r"若如此做|如果你这样做|若其如此做", "condition.you_did"),
    ("condition", "paid_additional", r"支付了(?:该|我的)?额外费用", "condition.paid_additional_cost"),
    ("condition", "at_battlefield", r"位于战场|在战场上", "condition.at_battlefield"),
    ("condition", "in_combat", r"处于战斗中|在战斗中", "condition.in_combat"),
    ("condition", "in_showdown", r"法术对决(?:中|期间)", "condition.in_showdown"),
    ("condition", "mighty", r"强力", "condition.mighty"),
    ("condition", "alone", r"落单|一对一", "condition.alone"),
    ("condition", "points", r"得分|分数", "condition.points"),
    ("condition", "played_this_turn", r"本回合(?:内)?(?:已)?打出过", "condition.played_this_turn"),
    ("condition", "level", r"^等级$", "condition.level"),
    ("condition", "experience", r"(?:至少|不少于|达到)\d+点?经验", "condition.level"),
    ("condition", "controls", r"控制着|拥有不少于|有(?:其他|一名)", "condition.controls"),
    ("condition", "unless", r"除非", "may_pay.payer"),
    ("condition", "otherwise", r"否则", "condition.not"),
    # costs
    ("cost", "exhaust", r"横置：|横置，|，横置", "cost.exhaust"),
    ("cost", "pay", r"支付[①②③④⑤⑥⑦⑧⑨⑩任意红绿蓝橙紫黄]", "cost.energy"),
    ("cost", "kill_self", r"摧毁(?:此牌|我)(?:，|以此)", "cost.kill_self"),
    ("cost", "spend_buff", r"消耗(?:一个|我的|任意数量的)?增益", "cost.spend_buff"),
    ("cost", "spend_experience", r"消耗\d+经验", "cost.xp"),
    ("cost", "additional", r"额外费用", "cost_change.additional_cost"),
    ("cost", "recycle_cost", r"回收[^，]*以此", "cost.recycle"),
    ("cost", "activated", r"^[^，。]{1,24}：", "activated"),
    # selectors
    ("selector", "self", r"我|此牌|此装备|此处|此战场", "selector.self"),
    ("selector", "unit", rf"{_N}?{_UNIT}", "selector.unit"),
    ("selector", "friendly", r"友方|你的|你控制的", "selector.friendly"),
    ("selector", "enemy", r"敌方", "selector.enemy"),
    ("selector", "other", r"另一|其他", "selector.other"),
    ("selector", "here", r"此处|这里|同一位置|所处战场", "selector.where.here"),
    ("selector", "battlefield", r"战场上|一处战场|任意战场", "selector.where.battlefield"),
    ("selector", "base", r"基地", "selector.where.base"),
    ("selector", "gear", r"装备|武装", "selector.kind.gear"),
    ("selector", "spell", r"法术", "selector.kind.spell"),
    ("selector", "all", r"所有|每名|全部|各", "selector.each"),
    ("selector", "up_to", r"最多", "selector.up_to"),
    ("selector", "any_number", r"任意数量", "selector.up_to"),
    ("selector", "tag", r"“[^”]+”属性", "selector.tag"),
    ("selector", "might_compare", r"(?:不高于|不低于|低于|高于)\d+战力|战力(?:低于|高于|不高于|不低于)", "selector.might"),
    ("selector", "cost_compare", r"费用(?:不高于|不超过|低于)", "selector.cost"),
    ("selector", "exhausted", r"休眠(?:状态)?的|处于休眠", "selector.exhausted"),
    ("selector", "buffed", r"拥有增益的", "selector.buffed"),
    ("selector", "stunned", r"被眩晕的", "selector.stunned"),
    ("selector", "token", r"指示物", "selector.token"),
    ("selector", "opponent", r"对手", "selector.opponent"),
    ("selector", "its_controller", r"其控制者|其拥有者|其所属", "who.controller_of"),
    ("selector", "it", r"^(?:将)?其|该单位|它", "selector.target"),
    ("selector", "trash", r"废牌堆", "selector.where.trash"),
    ("selector", "hand", r"手牌", "selector.where.hand"),
    ("selector", "deck_top", r"主牌堆顶部|牌堆顶", "selector.where.deck"),
    ("selector", "attacker", r"进攻方|防守方", "selector.attacking"),
    # effects
    ("effect", "deal", r"造成\S*伤害", "deal"),
    ("effect", "might", r"战力[+-]\d+|战力翻倍|提升我的战力", "might"),
    ("effect", "draw", r"抽(?:一|两|三|四|五|\d)张|抽取", "draw"),
    ("effect", "discard", r"弃置", "discard"),
    ("effect", "kill", r"摧毁", "kill"),
    ("effect", "banish", r"放逐", "banish"),
    ("effect", "stun", r"眩晕", "stun"),
    ("effect", "ready", r"变为活跃状态|以活跃状态", "ready"),
    ("effect", "exhaust", r"变为休眠状态|进入休眠状态", "exhaust"),
    ("effect", "move", r"移动", "move"),
    ("effect", "recall", r"召回|送回", "recall"),
    ("effect", "return_to_hand", r"返回(?:其所属的|自己的)?手牌|返回其所属", "return_to_hand"),
    ("effect", "buff", r"给予[^，。]*增益", "buff"),
    ("effect", "grant", r"获得(?:" + "|".join(KEYWORDS) + r")|拥有(?:" + "|".join(KEYWORDS) + r")", "grant"),
    ("effect", "channel", r"召出", "channel"),
    ("effect", "add", r"获得[①②③④⑤⑥⑦⑧⑨⑩任意红绿蓝橙紫黄]", "add"),
    ("effect", "create", r"打出(?:一|两|三|四|\d)?(?:名|个)\d*战力?的?“|打出[^，。]*指示物", "create"),
    ("effect", "play", r"(?<!当你)(?<!每当你)(?<!当我被)(?<!当一名玩家)打出(?!我时|此牌时|一(?:个|名|张)[^，。]*时)", "play"),
    ("effect", "counter", r"无效化", "counter"),
    ("effect", "gain_control", r"控制权", "gain_control"),
    ("effect", "gain_points", r"获得\d+分|得分", "gain_points"),
    ("effect", "experience", r"获得\d+(?:点)?经验", "effect.gain_xp"),
    ("effect", "look", r"查看", "look"),
    ("effect", "reveal", r"展示", "reveal"),
    ("effect", "recycle", r"回收", "recycle"),
    ("effect", "heal", r"治疗|移除[^，。]*伤害", "heal"),
    ("effect", "attach", r"贴附", "attach"),
    ("effect", "detach", r"卸除", "detach"),
    ("effect", "prevent", r"抵挡|防止", "prevent"),
    ("effect", "double_damage", r"伤害翻倍", "double_damage"),
    ("effect", "swap_might", r"战力互换", "swap_might"),
    ("effect", "choose", r"^选择", "target"),
    ("effect", "may", r"你可以(?:选择)?|可以选择", "may"),
    ("effect", "must", r"必须", None),
    ("effect", "repeat", r"进行一次|额外触发一次|重复", "repeat"),
    ("effect", "empower", r"强化", "empower"),
    ("effect", "extra_turn", r"额外的回合", "extra_turn"),
    ("effect", "win_game", r"赢得(?:这场|本场)?游戏", "win_game"),
    ("effect", "insight", r"洞察", "keyword.洞察"),
    ("effect", "tag_gain", r"获得该属性标签", "name_tag"),
    ("effect", "enters", r"进场", "enters"),
    ("effect", "name_card", r"说出|指定一个卡名", "name_card"),
    # amounts
    ("amount", "number", rf"{_N}(?:点|张|名|枚|个|分)", "amount.number"),
    ("amount", "might_of", r"等同于(?:我|其|该单位|前者)的?战力", "amount.might_of"),
    ("amount", "count", r"每有一|每控制一|每消耗一|每用这个方法|数值等同于", "amount.count"),
    ("amount", "x", r"X", "amount.X"),
    ("amount", "cost_of", r"等同于其(?:基础)?费用", "amount.cost_of"),
    ("amount", "min", r"不得低于|最低为", "amount.min"),
    # durations
    ("duration", "this_turn", r"本回合(?:内)?|在本回合内", "until.turn"),
    ("duration", "this_combat", r"这场战斗中|本次战斗", "until.combat"),
    ("duration", "while", r"直到|只要|期间", "while"),
    # restrictions
    ("restriction", "cant", r"无法|不能|不可", "static.cant"),
    ("restriction", "only", r"只能|仅可|仅能", "static.only"),
    ("restriction", "may_play_to", r"可以被打出到|可以选择将我打出到", "static.play_here"),
    ("restriction", "cost_change", r"费用(?:减少|增加)", "static.cost_change"),
    ("restriction", "layer_grant", r"^(?:你的|此处的|其他|你)[^，。]*获得(?:战力|" + "|".join(KEYWORDS) + ")",
     "static.layer"),
    ("restriction", "unlimited", r"不限数量", "passives.any_number_of_buffs"),
    # replacements
    ("replacement", "instead", r"改为", "static.instead"),
    ("replacement", "next_time", r"下次|下一次|下一个", "next_time"),
    ("replacement", "enters_exhausted", r"以休眠状态进场", "static.enters"),
])
# The same patterns in English wording, for the cards that have no Chinese text (Vendetta).
_EN_N = r"(?:\d+|an?|one|two|three|four|five)"
CUES_EN = _cues([(kind, name, "(?i)" + pattern, form) for kind, name, pattern, form in [
    ("trigger", "played_self", r"when you play (?:me|this)", "trigger.played"),
    ("trigger", "played_other", r"when(?:ever)? you play an?", "trigger.played"),
    ("trigger", "attack", r"when I attack", "trigger.attacked"),
    ("trigger", "defend", r"(?:when I|or) defend", "trigger.defended"),
    ("trigger", "conquer", r"conquer", "trigger.conquered"),
    ("trigger", "hold", r"\bhold", "trigger.held"),
    ("trigger", "move", r"\bI move|when I move", "trigger.moved"),
    ("trigger", "killed", r"\bdies?\b|is killed", "trigger.killed"),
    ("trigger", "turn_began", r"beginning phase|start of your turn", "trigger.turn_began"),
    ("trigger", "turn_ending", r"end of (?:your|the) turn", "trigger.turn_ending"),
    ("trigger", "whenever", r"\bwhenever\b", "trigger"),
    ("trigger", "once_each_turn", r"first time .* each turn|once each turn", "limit.turn"),
    ("condition", "if", r"\bif\b", "if"),
    ("condition", "if_you_do", r"if you do", "condition.you_did"),
    ("condition", "paid_additional", r"paid the additional cost", "condition.paid_additional_cost"),
    ("condition", "mighty", r"\bmighty\b", "condition.mighty"),
    ("condition", "empowered", r"\bempowered\b", "condition.empowered"),
    ("condition", "level", r"^level \d+$", "condition.level"),
    ("cost", "exhaust", r"exhaust:", "cost.exhaust"),
    ("cost", "pay", r"\bpay\b", "cost.energy"),
    ("cost", "additional", r"additional cost", "cost_change.additional_cost"),
    ("cost", "activated", r"^[^.:]{1,40}:", "activated"),
    ("selector", "self", r"\b(?:me|I|this)\b", "selector.self"),
    ("selector", "unit", r"\bunits?\b", "selector.unit"),
    ("selector", "friendly", r"\bfriendly\b|you control", "selector.friendly"),
    ("selector", "enemy", r"\benemy\b", "selector.enemy"),
    ("selector", "other", r"\banother\b|\bother\b", "selector.other"),
    ("selector", "here", r"\bhere\b", "selector.where.here"),
    ("selector", "battlefield", r"at a battlefield|battlefields?", "selector.where.battlefield"),
    ("selector", "gear", r"\bgear\b|equipment", "selector.kind.gear"),
    ("selector", "spell", r"\bspells?\b", "selector.kind.spell"),
    ("selector", "all", r"\ball\b|\beach\b", "selector.each"),
    ("selector", "up_to", r"up to", "selector.up_to"),
    ("selector", "opponent", r"\bopponents?\b", "selector.opponent"),
    ("selector", "it", r"\bit\b|\bthem\b", "selector.target"),
    ("selector", "trash", r"\btrash\b", "selector.where.trash"),
    ("effect", "deal", r"\bdeal\b", "deal"),
    ("effect", "might", r"[+-]\d+ might|might", "might"),
    ("effect", "draw", r"\bdraw\b", "draw"),
    ("effect", "discard", r"\bdiscard\b", "discard"),
    ("effect", "kill", r"\bkill\b", "kill"),
    ("effect", "banish", r"\bbanish\b", "banish"),
    ("effect", "stun", r"\bstun\b", "stun"),
    ("effect", "ready", r"\bready\b", "ready"),
    ("effect", "exhaust", r"\bexhaust (?!:)", "exhaust"),
    ("effect", "move", r"\bmove\b", "move"),
    ("effect", "recall", r"\brecall\b", "recall"),
    ("effect", "return_to_hand", r"return .* hand", "return_to_hand"),
    ("effect", "buff", r"\bbuff\b", "buff"),
    ("effect", "grant", r"\b(?:give|gives|have|has|gains?)\b", "grant"),
    ("effect", "channel", r"\bchannel\b", "channel"),
    ("effect", "add", r"\badd\b", "add"),
    ("effect", "create", r"\btokens?\b", "create"),
    ("effect", "play", r"\bplay\b(?! (?:me|this))", "play"),
    ("effect", "counter", r"\bcounter\b", "counter"),
    ("effect", "gain_control", r"control of", "gain_control"),
    ("effect", "gain_points", r"\bpoints?\b|\bscore\b", "gain_points"),
    ("effect", "look", r"\blook\b", "look"),
    ("effect", "reveal", r"\breveal\b", "reveal"),
    ("effect", "recycle", r"\brecycle\b", "recycle"),
    ("effect", "heal", r"\bheal\b", "heal"),
    ("effect", "attach", r"\battach\b", "attach"),
    ("effect", "detach", r"\bdetach\b", "detach"),
    ("effect", "prevent", r"\bprevent\b", "prevent"),
    ("effect", "may", r"\byou may\b", "may"),
    ("effect", "repeat", r"\bagain\b|\bfor each\b", "repeat"),
    ("effect", "empower", r"\bempower\b", "empower"),
    ("effect", "burn", r"\bburn\b", "burn"),
    ("effect", "predict", r"\bpredict\b", "predict"),
    ("effect", "enters", r"\benters?\b", "enters"),
    ("amount", "number", rf"\b{_EN_N}\b", "amount.number"),
    ("amount", "might_of", r"equal to (?:my|its|their) might", "amount.might_of"),
    ("amount", "count", r"for each|equal to the number", "amount.count"),
    ("duration", "this_turn", r"this turn", "until.turn"),
    ("duration", "this_combat", r"this combat", "until.combat"),
    ("duration", "while", r"\bwhile\b|\buntil\b", "while"),
    ("restriction", "cant", r"can't|cannot", "static.cant"),
    ("restriction", "only", r"\bonly\b", "static.only"),
    ("restriction", "cost_change", r"costs? .* (?:less|more)", "static.cost_change"),
    ("replacement", "instead", r"\binstead\b", "static.instead"),
    ("replacement", "next_time", r"\bnext\b", "next_time"),
]])
_DECISIVE = ("effect", "restriction", "replacement", "keyword")


class Census(NamedTuple):
    cards: int
    clauses: int
    patterns: dict[str, dict]  # "kind:name" → {kind, count, cards, examples, form}
    unclassified: dict  # {count, cards, examples}
    keywords: dict[str, dict]  # name → {count, examples, rule}
    cards_expressible: int  # cards whose every clause is classified and every pattern has a form
    not_split: dict  # language → cards whose text this census cannot split yet

    def as_json(self) -> dict:
        expressible = [p for p in self.patterns.values() if p["form"]]
        return {
            "about": "Census of the card pool's clauses (issue 15): pattern → count of clauses, cards, example "
                     "card codes, the card-language form that expresses it (null: not yet). Rebuilt by "
                     "`judgekit cards census --rebuild`. No card text.",
            "cards": self.cards, "clauses": self.clauses,
            "patterns_expressible": len(expressible), "patterns_total": len(self.patterns),
            "cards_expressible": self.cards_expressible, "not_split": self.not_split,
            "patterns": dict(sorted(self.patterns.items(), key=lambda item: (-item[1]["count"], item[0]))),
            "unclassified": self.unclassified,
            "keywords": dict(sorted(self.keywords.items(), key=lambda item: -item[1]["count"])),
        }


def clause_patterns(text: str, head_keywords: tuple[str, ...] = (), cues: tuple[Cue, ...] = CUES) -> list[Cue]:
    """The cues of one clause (its head's keywords count as keyword cues)."""
    return [cue for cue in cues if cue.pattern.search(text)] + [
        cue for cue in cues if cue.pattern.pattern.startswith("^") and cue.pattern.pattern.endswith("$")
        and any(cue.pattern.fullmatch(name) for name in head_keywords)
    ]


def _english_abilities(text: str):
    """The English text as (keywords, head keywords, clause texts) per clause, by the English splitter."""
    from judgekit.cardtext.en import KEYWORDS as ENGLISH_KEYWORDS
    from judgekit.cardtext.en import split_clauses

    for clause in split_clauses(text):
        if clause.keyword:
            yield (ENGLISH_KEYWORDS.get(clause.keyword, clause.keyword),), (), ()
        else:
            yield (), ((clause.prefix,) if clause.prefix else ()), ((clause.text.rstrip("."), ""),)


def _chinese_abilities(text: str):
    for ability in split_card(text).abilities:
        names = tuple(k.name for k in ability.keywords)
        heads = names if ability.head != "keyword" else ()
        yield names, heads, tuple((c.text, c.link) for c in ability.clauses)


def take(sources: Iterable[CardSource]) -> Census:
    """The census of *sources*: Chinese texts by the clause model, English ones (the cards without Chinese
    text) by the English splitter and ``CUES_EN``; a text in another language is counted as not split."""
    patterns: dict[str, dict] = {}
    pattern_cards: dict[str, set[str]] = defaultdict(set)
    keywords: dict[str, set[str]] = defaultdict(set)
    keyword_count: Counter = Counter()
    unclassified_cards: list[str] = []
    unclassified = 0
    clauses = cards = expressible_cards = 0
    not_split: dict[str, list[str]] = defaultdict(list)
    for source in sources:
        cards += 1
        if source.language not in ("zh", "en"):
            not_split[source.language].append(source.code)
            continue
        expressible = True
        english = source.language == "en"
        table = CUES_EN if english else CUES
        for names, heads, ability_clauses in (_english_abilities if english else _chinese_abilities)(source.text):
            for name in names:
                keyword_count[name] += 1
                keywords[name].add(source.code)
            for text, link in ability_clauses:
                clauses += 1
                cues = clause_patterns(text, heads, table)
                if link:
                    cues.append(Cue("link", link, re.compile(""), f"link.{link}"))
                if not any(cue.kind in _DECISIVE for cue in cues):
                    unclassified += 1
                    unclassified_cards.append(source.code)
                    expressible = False
                expressible = expressible and all(cue.form for cue in cues)
                for cue in cues:
                    key = f"{cue.kind}:{cue.name}"
                    entry = patterns.setdefault(key, {"kind": cue.kind, "count": 0, "form": cue.form})
                    entry["count"] += 1
                    pattern_cards[key].add(source.code)
        expressible_cards += expressible
    for key, entry in patterns.items():
        entry["cards"] = len(pattern_cards[key])
        entry["examples"] = sorted(pattern_cards[key])[:EXAMPLES]
    found_keywords = {
        name: {"count": keyword_count[name], "examples": sorted(codes)[:EXAMPLES],
               "rule": KEYWORDS.get(name, ("", "", False))[1]}
        for name, codes in keywords.items()
    }
    for name, (_, rule, _) in KEYWORDS.items():
        found_keywords.setdefault(name, {"count": 0, "examples": [], "rule": rule})
    return Census(cards, clauses, patterns,
                  {"count": unclassified, "cards": len(set(unclassified_cards)),
                   "examples": sorted(set(unclassified_cards))[:EXAMPLES]},
                  found_keywords, expressible_cards,
                  {language: {"cards": len(codes), "examples": codes[:EXAMPLES]} for language, codes in not_split.items()})


def census_file():
    """Where the census lives in the repository: ``cards/census.json``."""
    from judgekit.corpus.sources import bundled_root

    return bundled_root() / "cards" / "census.json"


def census_text(data: dict, top: int = 25) -> str:
    """The census as a judge reads it: totals, the most frequent patterns, those with no form yet."""
    lines = [
        (f"卡牌 {data['cards']} 张，条款 {data['clauses']} 条；模式 {data['patterns_total']} 种，"
         f"其中卡牌语言可表达 {data['patterns_expressible']} 种"),
        f"每条条款都可归类且每个模式都有形式的卡牌：{data['cards_expressible']} / {data['cards']}",
        f"无法归类的条款：{data['unclassified']['count']} 条（{data['unclassified']['cards']} 张卡）",
    ]
    for language, entry in data["not_split"].items():
        lines.append(f"尚未拆分条款的 {language} 文字卡牌：{entry['cards']} 张")
    lines.append(f"最常见的 {top} 种模式（种类:名称 条款数/卡牌数 → 形式）：")
    for key, entry in list(data["patterns"].items())[:top]:
        lines.append(f"  {key}  {entry['count']}/{entry['cards']} → {entry['form'] or '（尚无形式）'}")
    missing = [(key, entry) for key, entry in data["patterns"].items() if not entry["form"]]
    lines.append(f"尚无形式的模式 {len(missing)} 种：")
    lines += [f"  {key}  {entry['count']}/{entry['cards']}  例：{'、'.join(entry['examples'][:3])}" for key, entry in missing]
    return "\n".join(lines)
