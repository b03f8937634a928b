#!/usr/bin/env bash
# Remakes examples/class, a teacher's week, with the commands examples/class/README.md shows:
# three learners' history, their week's pack, their returns graded into a gradebook, next week's pack.
# The lessons' audio is made (grading needs the pack) and then left out.
# Usage: examples/class/make.sh [path/to/koch]
set -euo pipefail
cd "$(dirname "$0")"
koch=$(realpath "${1:-../../.build/release/koch}")
export TZ=Europe/Berlin KOCH_TEMPLATES=$PWD/../../templates
rm -rf week1 week2 returns ./*.json ./*.lock graded.txt
history=$(mktemp -d)

# The copy of a lesson, made from its key: perfect, or with what a learner gets wrong.
copy() { # KEY [swap CHARS WITH] [drop GROUP]
    python3 - "$@" <<'PY'
import json, sys
groups = [g["text"] for g in json.load(open(sys.argv[1]))["groups"]]
args = sys.argv[2:]
while args:
    if args[0] == "swap":                     # every `a` copied as `b`
        a, b = args[1], args[2]
        groups = [g.replace(a, b) for g in groups]
        args = args[3:]
    elif args[0] == "drop":                   # a group not copied at all
        groups[int(args[1])] = "_" * len(groups[int(args[1])])
        args = args[2:]
print("\n".join(" ".join(groups[i:i + 5]) for i in range(0, len(groups), 5)))
PY
}

# Last week: Ann passed levels 2 to 4; Bob passed level 2 and mixed up R and S at level 3; Cleo is new.
past() { # PROGRESS LEVEL SEED DATE [copy's mistakes...]
    local progress=$1 level=$2 seed=$3 day=$4
    shift 4
    SOURCE_DATE_EPOCH=1794614400 "$koch" lesson --level "$level" --minutes 2 --seed "$seed" --format none \
        --out "$history/$progress-$level" --progress "$progress" >/dev/null
    local key
    key=$(ls "$history/$progress-$level"/*.key.json)
    copy "$key" "$@" > "$history/copy.txt"
    "$koch" grade --key "$key" --transcript "$history/copy.txt" --progress "$progress" --date "$day" >/dev/null
}
past ann.json 2 1 2026-11-16T18:00
past ann.json 3 2 2026-11-17T18:00
past ann.json 4 3 2026-11-18T18:00
past bob.json 2 4 2026-11-16T19:00
past bob.json 3 5 2026-11-18T19:00 swap R S
echo '{ "formatVersion" : 2, "sessions" : [ ] }' > cleo.json
rm -rf "$history"

# Monday: the week's pack, two lessons a learner at their level, their weak characters more often.
SOURCE_DATE_EPOCH=1795392000 "$koch" pack --roster class.csv --per-level 2 --minutes 2 --seed 12 --bitrate 16 --sample-rate 11025 \
    --out week1 >/dev/null

# By Friday: Ann's two copies (named by the lesson's file name, and by the ID on the first line);
# Bob's first copy, still mixing R and S, and a second copy he named after the day; nothing from Cleo.
mkdir -p "returns/Ann Lee" "returns/Bob Marsh"
ann=(week1/teacher/learner-ann-lee/*.key.json)
bob=(week1/teacher/learner-bob-marsh/*.key.json)
copy "${ann[0]}" drop 3 > "returns/Ann Lee/$(basename "${ann[0]}" .key.json).txt"
{ python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["lessonID"])' "${ann[1]}"; copy "${ann[1]}"; } > "returns/Ann Lee/wednesday.txt"
copy "${bob[0]}" swap R S > "returns/Bob Marsh/$(basename "${bob[0]}" .key.json).txt"
copy "${bob[1]}" > "returns/Bob Marsh/friday.txt"

# The evening: every return graded at once (Bob's friday.txt names no lesson: listed, exit status 1).
"$koch" grade --pack week1 --returns returns --date 2026-11-23T20:00 > graded.txt || true

# The next week's pack, at each learner's new level.
SOURCE_DATE_EPOCH=1795996800 "$koch" pack --roster class.csv --per-level 2 --minutes 2 --seed 13 --bitrate 16 --sample-rate 11025 \
    --out week2 >/dev/null

# Audio left out: the keys, sheets, pages and gradebook stay.
find week1 week2 \( -name '*.mp3' -o -name '.koch-pack' -o -name '*.lock' \) -prune -exec rm -rf {} +
rm -f ./*.lock
find week2 -mindepth 1 -maxdepth 1 ! -name index.html -exec rm -rf {} +
