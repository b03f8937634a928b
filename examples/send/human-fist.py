#!/usr/bin/env python3
"""Writes a WAV of text keyed as a learner might key it: every mark and gap
scaled by 1 + jitter * N(0, 1), dahs and gaps between words set by hand.

    human-fist.py TEXT OUT.wav [--wpm 18] [--dah 2.3] [--word-gap 4] [--jitter 0.12]
"""
import argparse, math, random, struct, wave

MORSE = {"A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "F": "..-.", "G": "--.", "H": "....",
         "I": "..", "J": ".---", "K": "-.-", "L": ".-..", "M": "--", "N": "-.", "O": "---", "P": ".--.",
         "Q": "--.-", "R": ".-.", "S": "...", "T": "-", "U": "..-", "V": "...-", "W": ".--", "X": "-..-",
         "Y": "-.--", "Z": "--.."}

parser = argparse.ArgumentParser()
parser.add_argument("text")
parser.add_argument("out")
parser.add_argument("--wpm", type=float, default=18)
parser.add_argument("--dah", type=float, default=3, help="dah length in dits")
parser.add_argument("--character-gap", type=float, default=3, help="in dits")
parser.add_argument("--word-gap", type=float, default=7, help="in dits")
parser.add_argument("--jitter", type=float, default=0.1)
parser.add_argument("--tone", type=float, default=650)
parser.add_argument("--rate", type=int, default=8000)
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()

random.seed(args.seed)
dit = 1.2 / args.wpm
def length(dits):
    return dits * dit * max(0.3, 1 + args.jitter * random.gauss(0, 1))

marks, time = [], 0.6
for w, word in enumerate(args.text.upper().split()):
    if w: time += length(args.word_gap)
    for c, letter in enumerate(word):
        if c: time += length(args.character_gap)
        for e, element in enumerate(MORSE[letter]):
            if e: time += length(1)
            mark = length(1 if element == "." else args.dah)
            marks.append((time, time + mark))
            time += mark
samples = [0.0] * int((time + 0.6) * args.rate)
rise = 0.005
for start, end in marks:
    for n in range(max(0, int((start - rise) * args.rate)), min(len(samples), int((end + rise) * args.rate))):
        t = n / args.rate
        edge = min(1, max(0, (t - start + rise / 2) / rise), max(0, (end + rise / 2 - t) / rise))
        samples[n] = 0.5 * (0.5 - 0.5 * math.cos(math.pi * edge)) * math.sin(2 * math.pi * args.tone * t)
with wave.open(args.out, "wb") as out:
    out.setnchannels(1)
    out.setsampwidth(2)
    out.setframerate(args.rate)
    out.writeframes(b"".join(struct.pack("<h", int(32767 * s)) for s in samples))
