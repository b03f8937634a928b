#!/usr/bin/env bash
# Remakes examples/learner: four weeks of one learner's practice, of every kind, recorded by koch
# itself into progress.json, and what status and the report make of them (examples/report).
#
# Level lessons copied on paper, with K often taken for R from the second week; words, callsigns
# and a QSO; spoken lessons scored by ear; drills, of
# characters chosen by hand and of the pairs confused lately; send lessons keyed into a recording (a fist that
# starts with short dahs and words run together, and evens out) and on a straight key; and live
# sessions at the computer (koch practice), copying and keying. Live sessions play in real time on
# the null sound device, so this takes about five minutes.
#
# Usage: examples/learner/make.sh [path/to/koch]
set -euo pipefail
cd "$(dirname "$0")"
koch=$(realpath "${1:-../../.build/release/koch}")
export TZ=Europe/Berlin KOCH_TEMPLATES=$PWD/../../templates
here=$PWD
progress=$here/progress.json
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
rm -f progress.json progress.json.lock status.txt status.json
rm -rf practice

# A lesson made the morning of DAY (its key dated then), into its own folder; prints the key's path.
lesson() {
    local day=$1 name=$2; shift 2
    SOURCE_DATE_EPOCH=$(date -d "${day}T07:00:00Z" +%s) KOCH_NOW=${day}T07:00:00Z \
        "$koch" lesson --minutes 1 --no-intro --format none --progress "$progress" --out "$scratch/$name" "$@" >/dev/null
    ls "$scratch/$name"/*.key.json
}
groups() { python3 -c "import json, sys; print(' '.join(g['text'] for g in json.load(open(sys.argv[1]))['groups']))" "$1"; }
# Graded that evening, as of the next morning.
grade() {
    local day=$1; shift
    KOCH_NOW=${day}T21:00:00Z "$koch" grade --progress "$progress" --date "${day}T19:30" "$@" >/dev/null
}
# A copy of KEY written by copy.py (its options after the key), graded on DAY.
copied() {
    local day=$1 key=$2; shift 2
    python3 copy.py "$key" "$key.copy.txt" "$@"
    grade "$day" --key "$key" --transcript "$key.copy.txt"
}
# A send lesson keyed into a recording by human-fist.py (its options), graded on DAY.
keyed() {
    local day=$1 seed=$2; shift 2
    local key; key=$(lesson "$day" "send-$day" --direction send --seed "$seed")
    python3 ../send/human-fist.py "$(groups "$key")" "$scratch/send-$day.wav" --seed "$seed" "$@"
    grade "$day" --key "$key" --audio "$scratch/send-$day.wav"
}
# A lesson copied live at the computer on DAY (koch practice on a pseudo-terminal, no sound card).
live_copy() {
    local day=$1 key=$2; shift 2
    python3 copy.py "$key" "$key.copy.txt" "$@"
    KOCH_NOW=${day}T18:45:00Z python3 live-receive.py "$key" "$key.copy.txt" -- \
        "$koch" practice --key "$key" --sound-device null --progress "$progress" >/dev/null
}
# A send lesson keyed live into the microphone on DAY (a recording of the oscillator, read at its pace).
live_key() {
    local day=$1 seed=$2; shift 2
    local key; key=$(lesson "$day" "live-send-$day" --direction send --seed "$seed")
    python3 ../send/human-fist.py "$(groups "$key")" "$scratch/live-send-$day.wav" --seed "$seed" "$@"
    KOCH_NOW=${day}T18:45:00Z "$koch" practice send --key "$key" --microphone "$scratch/live-send-$day.wav" \
        --sound-device null --progress "$progress" >/dev/null
}
# A spoken lesson for the car, DAY, with MISSED of its items wrong by the learner's own count.
spoken() {
    local day=$1 seed=$2 missed=$3
    local key; key=$(lesson "$day" "spoken-$day" --seed "$seed" --speak after)
    local items; items=$(python3 -c "import json, sys; print(sum(1 for g in json.load(open(sys.argv[1]))['groups'] if 'spoken' in g))" "$key")
    grade "$day" --key "$key" --heard $((items - missed))
}

# Week 1: the first level lessons, a fist with short dahs and words run together.
copied 2026-10-26 "$(lesson 2026-10-26 r1 --seed 101)" --accuracy 0.97 --seed 1
copied 2026-10-27 "$(lesson 2026-10-27 r2 --seed 102)" --accuracy 0.95 --seed 2
keyed 2026-10-27 201 --wpm 15 --dah 2.2 --word-gap 4 --jitter 0.16
spoken 2026-10-28 301 2
copied 2026-10-29 "$(lesson 2026-10-29 r3 --seed 103)" --accuracy 0.96 --seed 3
copied 2026-10-29 "$(lesson 2026-10-29 w1 --seed 104 --kind words --level 12)" --accuracy 0.88 --seed 4
keyed 2026-10-31 202 --wpm 15 --dah 2.4 --word-gap 4.5 --jitter 0.14

# Week 2: K taken for R begins; callsigns and a QSO on the full course.
copied 2026-11-02 "$(lesson 2026-11-02 r4 --seed 105)" --accuracy 0.95 --confuse K=R:0.25 --seed 5
keyed 2026-11-03 203 --wpm 16 --dah 2.5 --word-gap 5 --jitter 0.12
copied 2026-11-04 "$(lesson 2026-11-04 c1 --seed 106 --kind callsigns --course full --level 30)" --accuracy 0.85 --seed 6
copied 2026-11-05 "$(lesson 2026-11-05 r5 --seed 107)" --accuracy 0.94 --confuse K=R:0.3 --seed 7
copied 2026-11-07 "$(lesson 2026-11-07 q1 --seed 108 --kind qso --qso-style signal-report)" --accuracy 0.9 --seed 8
spoken 2026-11-08 302 1

# Week 3: a drill of K and R chosen by hand, a straight key, the first live copy.
copied 2026-11-09 "$(lesson 2026-11-09 r6 --seed 109)" --accuracy 0.95 --confuse K=R:0.3 --seed 9
key=$(lesson 2026-11-10 straight --direction send --seed 204)
python3 ../send/key-log.py "$key" "$scratch/straight.txt" straight --wpm 17 --jitter 0.1 --seed 4
grade 2026-11-10 --key "$key" --events "$scratch/straight.txt"
copied 2026-11-11 "$(lesson 2026-11-11 d1 --seed 110 --chars KRM)" --accuracy 0.93 --confuse K=R:0.2 --seed 10
live_copy 2026-11-12 "$(lesson 2026-11-12 l1 --seed 111)" --accuracy 0.95 --confuse K=R:0.3 --seed 11
keyed 2026-11-14 205 --wpm 17 --dah 2.8 --word-gap 6.5 --jitter 0.09

# Week 4: drills of the pairs confused lately (one copied live), live keying into the microphone, words,
# a fist nearly even.
copied 2026-11-16 "$(lesson 2026-11-16 r7 --seed 112)" --accuracy 0.96 --confuse K=R:0.2 --seed 12
copied 2026-11-17 "$(lesson 2026-11-17 d2 --seed 116 --drill confusions)" --accuracy 0.96 --confuse K=R:0.15 --seed 16
live_key 2026-11-17 206 --wpm 18 --dah 2.9 --word-gap 6.8 --jitter 0.08
copied 2026-11-18 "$(lesson 2026-11-18 w2 --seed 113 --kind words --level 14)" --accuracy 0.93 --seed 13
live_copy 2026-11-19 "$(lesson 2026-11-19 l2 --seed 114 --drill confusions)" --accuracy 0.96 --confuse K=R:0.15 --seed 14
spoken 2026-11-20 303 0
keyed 2026-11-21 207 --wpm 18 --dah 3.0 --word-gap 7 --jitter 0.07
copied 2026-11-22 "$(lesson 2026-11-22 r8 --seed 115)" --accuracy 0.97 --confuse K=R:0.15 --seed 15

# What koch makes of them, as of the Monday after.
KOCH_NOW=2026-11-23T08:00:00Z "$koch" status --progress "$progress" --date 2026-11-23 > status.txt
KOCH_NOW=2026-11-23T08:00:00Z "$koch" status --progress "$progress" --date 2026-11-23 --json > status.json
sed -i "s|$here/||g" status.txt status.json
rm -rf practice progress.json.lock
echo "examples/learner remade: $(python3 -c 'import json; print(len(json.load(open("progress.json"))["sessions"]))') sessions"
