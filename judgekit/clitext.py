"""typer's own help and usage errors in Chinese; ``JUDGEKIT_LANG=en`` keeps them English.

typer translates its panel titles and a few messages with the standard gettext catalogue of
the domain ``messages``: :data:`CATALOGUE` is judgekit's Chinese one, and
``locale/zh_CN/LC_MESSAGES/messages.mo`` the compiled file (``python -m judgekit.clitext``
writes it again after an edit; a test checks the two agree). The rest — the usage line, the
help option, usage errors — comes from the copy of click that typer carries, in English
only: :class:`ChineseGroup` gives those in Chinese.
"""

from __future__ import annotations

import gettext
import os
import re
import struct
from pathlib import Path

from typer._click.exceptions import UsageError
from typer._click.formatting import HelpFormatter
from typer.core import TyperGroup
from typer.models import Context

LOCALE = Path(__file__).parent / "locale"
DOMAIN = "messages"  # the domain click and typer look their messages up in

# msgid → its translation; a (singular, plural) msgid has one translation (Chinese has one form).
CATALOGUE: dict[str | tuple[str, str], str] = {
    "Usage:": "用法：",
    "Options": "选项",
    "Arguments": "参数",
    "Commands": "命令",
    "Error": "错误",
    "Show this message and exit.": "显示此帮助并退出。",
    "Try '{command} {option}' for help.": "用 '{command} {option}' 查看帮助。",
    "Try [blue]'{command_path} {help_option}'[/] for help.": "用 [blue]'{command_path} {help_option}'[/] 查看帮助。",
    "Error: {message}": "错误：{message}",
    "Missing argument": "缺少参数",
    "Missing option": "缺少选项",
    "Missing parameter": "缺少参数",
    "Missing {param_type}": "缺少{param_type}",
    "Missing parameter: {param_name}": "缺少参数：{param_name}",
    "Missing command.": "缺少命令。",
    "No such option {name!r}.": "没有选项 {name!r}。",
    "No such option: {name}": "没有选项：{name}",
    "No such command {name!r}.": "没有命令 {name!r}。",
    "Invalid value: {message}": "无效的值：{message}",
    "Invalid value for {param_hint}: {message}": "{param_hint} 的值无效：{message}",
    "{value!r} is not a valid {number_type}.": "{value!r} 不是有效的数字（{number_type}）。",
    "{value} is not in the range {range}.": "{value} 不在范围 {range} 内。",
    "Option {name!r} does not take a value.": "选项 {name!r} 不接受值。",
    "Argument {name!r} takes {nargs} values.": "参数 {name!r} 需要 {nargs} 个值。",
    "Aborted!": "已中止！",
    "Aborted.": "已中止。",
    "required": "必填",
    "[required]": "[必填]",
    "default: {default}": "默认：{default}",
    "[default: {}]": "[默认：{}]",
    "env var: {var}": "环境变量：{var}",
    "[env var: {}]": "[环境变量：{}]",
    ("Did you mean {possibility}?", "(Did you mean one of: {possibilities}?)"): "你是不是要写：{possibilities}？",
    ("Got unexpected extra argument ({args})", "Got unexpected extra arguments ({args})"): "多余的参数：{args}",
    ("Option {name!r} requires an argument.", "Option {name!r} requires {nargs} arguments."):
        "选项 {name!r} 需要 {nargs} 个值。",
    ("{value!r} is not {choice}.", "{value!r} is not one of {choices}."): "{value!r} 不是可选的值（{choices}）。",
    ("Takes {nargs} values but 1 was given.", "Takes {nargs} values but {len} were given."):
        "需要 {nargs} 个值，却给了 {len} 个。",
}
HEADER = "Content-Type: text/plain; charset=UTF-8\nPlural-Forms: nplurals=1; plural=0;\n"


def compiled(catalogue: dict[str | tuple[str, str], str] = CATALOGUE) -> bytes:
    """The GNU .mo file of *catalogue* (the format gettext.GNUTranslations reads)."""
    entries = sorted([(b"", HEADER.encode())] + [
        (("\0".join(key) if isinstance(key, tuple) else key).encode(), value.encode())
        for key, value in catalogue.items()
    ])
    start = 7 * 4 + 16 * len(entries)  # the header, then the two tables of (length, offset)
    ids = b"".join(key + b"\0" for key, _ in entries)
    strings = b"".join(value + b"\0" for _, value in entries)
    id_table, string_table, offset = [], [], start
    for key, _ in entries:
        id_table += [len(key), offset]
        offset += len(key) + 1
    for _, value in entries:
        string_table += [len(value), offset]
        offset += len(value) + 1
    header = struct.pack("<7I", 0x950412DE, 0, len(entries), 7 * 4, 7 * 4 + 8 * len(entries), 0, 0)
    return header + struct.pack(f"<{len(id_table)}I", *id_table) + struct.pack(
        f"<{len(string_table)}I", *string_table) + ids + strings


def english() -> bool:
    return os.environ.get("JUDGEKIT_LANG", "zh").lower().startswith("en")


def use_chinese() -> None:
    """typer's gettext messages in Chinese from here on, unless ``JUDGEKIT_LANG=en`` asks for English."""
    if not english():
        gettext.bindtextdomain(DOMAIN, str(LOCALE))
        os.environ["LANGUAGE"] = "zh_CN"  # gettext takes the language from the environment only


# The usage errors of typer's click, English pattern → Chinese; the value at fault stays as typed.
USAGE_ERRORS = [
    (r"Missing argument '(.+)'\.", r"缺少参数 \1"),
    (r"Missing option '(.+)'\.", r"缺少选项 \1"),
    (r"Got unexpected extra arguments? ?(?:\(s\))? \((.*)\)", r"多余的参数：\1"),
    (r"No such option: (\S+)", r"没有选项 \1"),
    (r"\(Possible options: (.*)\)", r"（可用的选项：\1）"),
    (r"Did you mean (.+)\?", r"你是不是要写 \1？"),
    (r"Option '(.+)' requires an argument\.", r"选项 \1 需要一个值"),
    (r"Option '(.+)' requires (\d+) arguments\.", r"选项 \1 需要 \2 个值"),
    (r"Option '(.+)' does not take a value\.", r"选项 \1 不接受值"),
    (r"Invalid value for (.+?): ", r"\1 的值无效："),
    (r"'([^']*)' is not a valid int(?:eger)?\.", r"“\1”不是整数"),
    (r"'([^']*)' is not a valid float\.", r"“\1”不是数字"),
    (r"(\S+) is not in the range (\S+)\.", r"\1 不在范围 \2 内"),
    (r"'([^']*)' is not one of (.+)\.", r"“\1”不是可选的值（\2）"),
    (r"'([^']*)' is not (.+)\.", r"“\1”不是 \2"),
]


def translated(message: str) -> str:
    for english_words, chinese in USAGE_ERRORS:
        message = re.sub(english_words, chinese, message)
    return message


class _ChineseFormatter(HelpFormatter):
    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, "用法：" if prefix is None else prefix)


class _ChineseContext(Context):
    formatter_class = _ChineseFormatter


class ChineseGroup(TyperGroup):
    """A typer group whose commands say their usage line, help option and usage errors in Chinese."""

    def get_command(self, ctx, cmd_name):
        command = super().get_command(ctx, cmd_name)
        if command is not None and not english():
            command.context_class = _ChineseContext
            help_option = command.get_help_option(ctx)
            if help_option is not None:
                help_option.help = "显示此帮助并退出。"
        return command

    def make_context(self, info_name, args, parent=None, **extra):
        if not english():
            self.context_class = _ChineseContext
            if (help_option := self.get_help_option(Context(self))) is not None:
                help_option.help = "显示此帮助并退出。"
        with _in_chinese():
            return super().make_context(info_name, args, parent, **extra)

    def invoke(self, ctx):
        with _in_chinese():
            return super().invoke(ctx)


class _in_chinese:
    """Re-raise a usage error with its message in Chinese (exit code 2 as before)."""

    def __enter__(self):
        return self

    def __exit__(self, kind, error, traceback):
        if isinstance(error, UsageError) and not english():
            message = translated(error.format_message())
            if message != error.format_message():
                raise UsageError(message, error.ctx) from None
        return False


if __name__ == "__main__":
    target = LOCALE / "zh_CN" / "LC_MESSAGES" / f"{DOMAIN}.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(compiled())
    print(f"wrote {target}")
