#!/usr/bin/env python3
"""Writes a learner's copy of a lesson from its answer key, as they would type it:
five groups a line, most characters right, some written as another, some missed.

    copy.py KEY.json OUT.txt [--accuracy F] [--confuse K=R:0.4 ...] [--seed N]

--confuse K=R:0.4 writes R for four in ten K sent (and counts against --accuracy);
the other misses are a character left out (`_`) or written as a neighbour in the key's set.
"""
import argparse
import json
import random

parser = argparse.ArgumentParser()
parser.add_argument("key")
parser.add_argument("out")
parser.add_argument("--accuracy", type=float, default=0.95)
parser.add_argument("--confuse", action="append", default=[], help="SENT=WRITTEN:share")
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()

key = json.load(open(args.key))
groups = [group["text"] for group in key["groups"]]
characters = sorted({c for group in groups for c in group})
confusions = {}
for rule in args.confuse:
    pair, share = rule.split(":")
    sent, written = pair.split("=")
    confusions[sent] = (written, float(share))
rng = random.Random(args.seed)

copied = []
for group in groups:
    text = ""
    for character in group:
        if character in confusions and rng.random() < confusions[character][1]:
            text += confusions[character][0]
        elif rng.random() < args.accuracy:
            text += character
        elif rng.random() < 0.5 or len(characters) < 2:
            text += "_"
        else:
            text += rng.choice([c for c in characters if c != character])
    copied.append(text)
lines = [" ".join(copied[i:i + 5]) for i in range(0, len(copied), 5)]
open(args.out, "w").write("\n".join(lines) + "\n")
