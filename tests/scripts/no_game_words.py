#!/usr/bin/env python3
"""Fails when the compiler's code or its templates (outside comments) use a game's words.

qrsc knows bands, keys, modifiers, matrices and cells; what a table means in a game is the
spec's to say (its titles, its key's name). The words below are the seed specs' table titles'
game words ("Musketry Fire Points", "Charge Effects", "Gun Maneuvers", "Melee Outcome",
"Morale class", "Officer Types", "Congreve Rocket", "Shooting Dice Results", "Disordered or
Broken Troops Effects", "Unit Effectiveness", "Weapons", "Officer Buff Reach", "Fallen Leader
Table") and the troop types of their rule text (infantry, cavalry, artillery). A word counts in
identifiers (split at '_' and at camelCase) and in string literals; comments may explain with
them. A system's own words live in its package beside its rules (rules/<system>/: its layout,
its procedures' page parts). Usage: no_game_words.py ROOT [FOLDER...] (default folder: compiler)."""
import re
import sys
from pathlib import Path

WORDS = {
    "musketry", "cannonade", "charge", "charges", "maneuver", "maneuvers", "melee", "morale",
    "infantry", "cavalry", "artillery", "rocket", "rockets", "congreve", "officer", "officers",
    "leader", "leaders", "troop", "troops", "shooting", "gun", "guns", "weapon", "weapons",
    "disordered", "effectiveness", "buff", "battlecry", "musket", "muskets",
}
PAIRS = {("fire", "point"), ("fire", "points"), ("fire", "pts")}
SUFFIXES = {".cpp", ".hpp", ".h", ".cc", ".mustache", ".in", ".js", ".css", ".html"}
# String literals that are the format's own history, not a game's words: an old spelling the
# format still reads (format::DeprecatedSpelling, listed in docs/spec-format.md), by file.
HISTORY = {"compiler/format/spec_format.cpp": {'"fire_points"'}}


def code_of(text):
    """The text with // and /* */ comments blanked out; string and character literals kept."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            i = n if j < 0 else j + 2
            out.append(" ")
        elif text.startswith('R"', i) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'R"([^(\s]*)\(', text[i:])
            if not m:
                out.append(c)
                i += 1
                continue
            end = text.find(")" + m.group(1) + '"', i)
            j = n if end < 0 else end + len(m.group(1)) + 2
            out.append(text[i:j])
            i = j
        elif c == '"' or (c == "'" and not (i > 0 and text[i - 1].isalnum())):  # not 50'000
            j = i + 1
            while j < n and text[j] != c and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append(text[i:j + 1])
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def words_of(line):
    spaced = re.sub(r"([a-z0-9])([A-Z])", r"\1 \2", line)
    return [w.lower() for w in re.split(r"[^A-Za-z0-9]+", spaced) if w]


def main():
    root = Path(sys.argv[1])
    folders = sys.argv[2:] or ["compiler"]
    hits = []
    files = 0
    for folder in folders:
        for path in sorted((root / folder).rglob("*")):
            if not path.is_file() or path.suffix not in SUFFIXES:
                continue
            files += 1
            code = code_of(path.read_text(encoding="utf-8", errors="replace"))
            for literal in HISTORY.get(path.relative_to(root).as_posix(), ()):
                code = code.replace(literal, '""')
            for number, line in enumerate(code.split("\n"), 1):
                ws = words_of(line)
                found = [w for w in ws if w in WORDS]
                found += [" ".join(p) for p in zip(ws, ws[1:]) if p in PAIRS]
                if found:
                    hits.append(f"{path.relative_to(root)}:{number}: {', '.join(found)}: {line.strip()}")
    if files == 0:
        print(f"no source files under {folders}", file=sys.stderr)
        return 1
    for h in hits:
        print(h)
    if hits:
        print("game words in the compiler's code: name the generic notion, and let the spec's "
              "titles and key names carry the game's words", file=sys.stderr)
        return 1
    print(f"no game words in {files} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
