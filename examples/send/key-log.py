#!/usr/bin/env python3
"""Writes a log of key events keying a send exercise, as `koch keyer` and
`koch grade --events` read it: paddles (each element's paddle pressed for
half its length; the keyer times the elements) or a straight key (the
operator's own, uneven timing).

    key-log.py KEY.json OUT.txt paddles|straight [--wpm N] [--jitter F] [--seed N]
"""
import argparse
import json
import random

PATTERNS = {"K": "-.-", "M": "--", "R": ".-.", "S": "...", "U": "..-", "A": ".-", "P": ".--.", "T": "-", "L": ".-..",
            "O": "---", "W": ".--", "I": "..", "N": "-.", "J": ".---", "E": ".", "F": "..-.", "Y": "-.--", "V": "...-",
            "G": "--.", "Q": "--.-", "Z": "--..", "H": "....", "B": "-...", "C": "-.-.", "D": "-..", "X": "-..-"}

parser = argparse.ArgumentParser()
parser.add_argument("key")
parser.add_argument("out")
parser.add_argument("kind", choices=["paddles", "straight"])
parser.add_argument("--wpm", type=float, default=18)
parser.add_argument("--jitter", type=float, default=0.1)
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()

groups = [group["text"] for group in json.load(open(args.key))["groups"]]
unit = 1.2 / args.wpm
rng = random.Random(args.seed)


def uneven(seconds):
    return seconds * (1 + args.jitter * rng.uniform(-1, 1))


lines = [f"# {args.kind} keying {len(groups)} groups at {args.wpm:g} WPM"]
if args.kind == "paddles":
    lines.append("0.000 wpm %g" % args.wpm)
time = 0.5
for group in groups:
    for character in group:
        for element in PATTERNS[character]:
            length = unit * (1 if element == "." else 3)
            if args.kind == "paddles":
                paddle = "dit" if element == "." else "dah"
                lines += [f"{time:.3f} {paddle} down", f"{time + length / 2:.3f} {paddle} up"]
                time += length + unit
            else:
                length = uneven(length)
                lines += [f"{time:.3f} key down", f"{time + length:.3f} key up"]
                time += length + uneven(unit)
        time += uneven(2.2 * unit)
    time += uneven(4.5 * unit)
open(args.out, "w").write("\n".join(lines) + "\n")
