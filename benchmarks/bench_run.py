"""Speed of the scenario runner.

Prints measured figures against the targets of docs/performance.md:

* ``judgekit run`` on an example dispute and on a FAQ scenario, cold process, median wall <= 300 ms
* ``judgekit run --check examples/faq``, cold process, <= 10 s
* a generated 1,000-action script, parsed and run in one process, <= 1 s
  (and the same script through a cold ``judgekit run``, for reference)
* a generated 1,000-step script of cards played through the chain and passes
  (play, a pass, a reaction, everyone passes), parsed and run in one process, <= 1 s
* one standard move of 1,000 units (one step: 1,000 moved events), applied in one process, <= 250 ms

Usage: python benchmarks/bench_run.py [--runs N] [--example FILE]
"""

from __future__ import annotations

import argparse
import subprocess
from pathlib import Path

from _timing import cold, command, conditions, each_ms, report, scratch_home

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = ROOT / "examples" / "disputes" / "01-assault-adds-up.yaml"
FAQ_EXAMPLE = ROOT / "examples" / "faq" / "origins-judge-1.1.yaml"  # also reads the FAQ catalogue
FAQ_FOLDER = ROOT / "examples" / "faq"

HEADER = """title: 生成的长脚本
question: 1,000 个动作：效果、伤害、增益、眩晕、回合推进
state:
  players:
    A:
      deck: 1000
      base:
        - {id: a1, card: 先锋中士}
    B:
      deck: 1000
      base:
        - {id: b1, card: 和风贤者}
  battlefields:
    - {name: 东}
    - {name: 西}
script:
"""
CYCLE = [
    "  - effect: [{might: 1}]\n    targets: a1\n",
    "  - effect: [{deal: 1}]\n    targets: b1\n",
    "  - effect: [{buff: null}]\n    targets: a1\n",
    "  - effect: [{stun: null}]\n    targets: b1\n",
    "  - end_turn:\n",
]


def long_script(actions: int) -> str:
    steps = [CYCLE[i % len(CYCLE)] for i in range(actions)]
    return HEADER + "".join(steps) + "expect:\n  - unit: a1\n    alive: true\n"


CHAIN_HEADER = """title: 生成的长脚本：结算链
question: 1,000 步：打出、让过、以反应回应、所有玩家依次让过
defaults: false
cards:
  城墙: {{type: unit, might: 10000}}
state:
  players:
    A:
      hand: [{spells}]
      energy: 10000
    B:
      hand: [{reactions}]
      energy: 10000
      deck: 1000
  battlefields:
    - name: 东
      controller: B
      units:
        - {{id: 墙, card: 城墙}}
script:
"""
CHAIN_CYCLE = [
    "  - play: 焚烧\n    targets: 墙\n",
    "  - pass: A\n",
    "  - play: 训练有素\n    player: B\n    targets: 墙\n",
    "  - pass:\n",
]


def chain_script(steps: int) -> str:
    cycles = steps // len(CHAIN_CYCLE)
    header = CHAIN_HEADER.format(spells=", ".join(["焚烧"] * cycles), reactions=", ".join(["训练有素"] * cycles))
    body = "".join(CHAIN_CYCLE[i % len(CHAIN_CYCLE)] for i in range(steps))
    return header + body + f"expect:\n  - unit: 墙\n    damage: {2 * cycles}\n"


def mass_move(units: int) -> str:
    base = "".join(f"        - {{id: u{n}, card: 先锋中士}}\n" for n in range(units))
    return ("title: 一步移动 1,000 名单位\nstate:\n  turn: {player: A, phase: main}\n  players:\n    A:\n      base:\n"
            + base + "    B: {}\n  battlefields:\n    - name: 东\nscript:\n"
            + f"  - move: [{', '.join(f'u{n}' for n in range(units))}]\n    to: 东\n")


def one_step(path: Path) -> list[float]:
    from judgekit.engine.actions import apply
    from judgekit.scenarios import scenario

    loaded = scenario.load(path)
    return each_ms(lambda _: apply(loaded.state, loaded.script[0].action), [path], 5)


def in_process(path: Path, steps: int) -> list[float]:
    from judgekit.scenarios import runner, scenario

    traces = []
    times = each_ms(lambda _: traces.append(runner.run(scenario.load(path))), [path], 5)
    assert all(len(trace.steps) == steps and trace.passed for trace in traces)
    return times


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--example", type=Path, default=EXAMPLE)
    options = parser.parse_args()

    with scratch_home("judgekit-bench-") as (home, env):
        script = Path(home) / "long.yaml"
        script.write_text(long_script(1000), encoding="utf-8")
        chained = Path(home) / "chain.yaml"
        chained.write_text(chain_script(1000), encoding="utf-8")
        moving = Path(home) / "move.yaml"
        moving.write_text(mass_move(1000), encoding="utf-8")
        for example in (options.example, FAQ_EXAMPLE):  # the store, and the FAQ catalogue's cache, built once
            subprocess.run(command() + ["run", str(example)], env=env, stdout=subprocess.DEVNULL, check=True)
        conditions()
        results = [
            report(f"judgekit run {example.name} (cold)", cold(["run", str(example)], options.runs, env), 300)
            for example in (options.example, FAQ_EXAMPLE)
        ]
        checks = cold(["run", "--check", str(FAQ_FOLDER)], max(3, options.runs // 5), env)
        results.append(report("judgekit run --check examples/faq (cold)", checks, 10_000))

        results.append(report("1,000-action script, parse + run in process", in_process(script, 1000), 1000))
        results.append(report("1,000-step chain script, parse + run in process", in_process(chained, 1000), 1000))
        results.append(report("one standard move of 1,000 units, the step in process", one_step(moving), 250))
        report("1,000-action script, cold judgekit run (reference)", cold(["run", str(script)], 3, env), 2000)
    return 0 if all(results) else 1


if __name__ == "__main__":
    raise SystemExit(main())
