#!/usr/bin/env bash
# Remakes examples/send with the commands examples/send/README.md shows.
# Usage: examples/send/make.sh [path/to/koch]
set -euo pipefail
cd "$(dirname "$0")"
koch=$(realpath "${1:-../../.build/release/koch}")
export TZ=Europe/Berlin KOCH_TEMPLATES=$PWD/../../templates
rm -f koch-send-* keying.mp3 keyer-*.txt graded*.txt graded*.json progress.json progress.json.lock paddles.txt straight-key.txt

# The exercise: a sheet to key and its answer key (no audio: a send exercise is read).
"$koch" lesson --direction send --level 2 --minutes 1 --seed 2026 --out . --progress progress.json >/dev/null
key=$(ls koch-send-level02-01-*.key.json)
text=$(python3 -c "import json, sys; print(' '.join(g['text'] for g in json.load(open(sys.argv[1]))['groups']))" "$key")

# An exact keying, rendered by koch at 18 WPM with standard spacing, as a small MP3.
"$koch" render "$text" --out keying.mp3 --wpm 18 --effective 18 --tone 650 --sample-rate 8000 --bitrate 16 >/dev/null
"$koch" grade --key "$key" --audio keying.mp3 --progress progress.json --date 2026-11-21T19:30 > graded.txt
"$koch" grade --key "$key" --audio keying.mp3 --progress new-learner.json --date 2026-11-21T19:30 --dry-run --json > graded.json

# A learner's keying: uneven, with short dahs and words run close together.
scratch=$(mktemp -d)
python3 human-fist.py "$text" "$scratch/learner.wav" --wpm 16 --dah 2.3 --word-gap 4 --jitter 0.12 --seed 5
"$koch" grade --key "$key" --audio "$scratch/learner.wav" --progress new-learner.json --date 2026-11-21T19:30 \
    --dry-run > graded-learner.txt
"$koch" grade --key "$key" --audio "$scratch/learner.wav" --progress new-learner.json --date 2026-11-21T19:30 \
    --dry-run --json > graded-learner.json
sed -i "s|$scratch/||g" graded-learner.txt graded-learner.json
rm -rf "$scratch" progress.json.lock new-learner.json

# Logs of key events instead of a recording: a USB paddle adapter, and a straight key.
python3 key-log.py "$key" paddles.txt paddles --wpm 18
python3 key-log.py "$key" straight-key.txt straight --wpm 16 --jitter 0.12 --seed 3
"$koch" keyer --events paddles.txt > keyer-paddles.txt
"$koch" grade --key "$key" --events paddles.txt --progress new-learner.json --date 2026-11-21T19:30 --dry-run > graded-paddles.txt
"$koch" grade --key "$key" --events straight-key.txt --progress new-learner.json --date 2026-11-21T19:30 --dry-run \
    > graded-straight-key.txt
rm -f new-learner.json new-learner.json.lock
