"""The class part of koch's benchmark (`bench.py --only class`): a class's returns graded in one
run of `koch grade --pack --returns --roster`, from fresh progress files each time."""
import glob
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
EMPTY = '{ "formatVersion": 2, "sessions": [] }\n'


def make_class(koch, folder, learners, lessons, direction):
    """A roster of `learners` with empty progress files and its pack of five-minute lessons, each
    learner's keys beside their lessons (where the returns are made from)."""
    os.makedirs(folder)
    with open(os.path.join(folder, "class.csv"), "w") as roster:
        roster.write("name, progress\n")
        for n in range(learners):
            roster.write(f"Learner {n + 1:02d}, progress-{n + 1:02d}.json\n")
            with open(os.path.join(folder, f"progress-{n + 1:02d}.json"), "w") as handle:
                handle.write(EMPTY)
    subprocess.run([koch, "pack", "--roster", "class.csv", "--direction", direction, "--per-level", str(lessons), "--minutes", "5",
                    "--seed", "9", "--sample-rate", "8000", "--bitrate", "16", "--keys", "beside", "--out", "week1"],
                   cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env={**os.environ, "SOURCE_DATE_EPOCH": "1759276800"})  # made 2025-10-01, before the day graded on
    return sorted(glob.glob(os.path.join(folder, "week1", "learner-*")))


def groups(key_path):
    with open(key_path) as handle:
        return [g["text"] for g in json.load(handle)["groups"]]


def grade(koch, folder, learners):
    """Seconds of one grading run from fresh progress files, and what it printed first."""
    for n in range(learners):
        with open(os.path.join(folder, f"progress-{n + 1:02d}.json"), "w") as handle:
            handle.write(EMPTY)
    start = time.perf_counter()
    done = subprocess.run([koch, "grade", "--pack", "week1", "--returns", "returns", "--roster", "class.csv", "--date", "2026-11-23T18:00"],
                          cwd=folder, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if done.returncode != 0:
        sys.exit(f"bench: the class was not graded cleanly:\n{done.stdout}{done.stderr}")
    return seconds, done.stdout.splitlines()[0]


def rerun(koch, folder):
    start = time.perf_counter()
    subprocess.run([koch, "grade", "--pack", "week1", "--returns", "returns", "--roster", "class.csv", "--date", "2026-11-23T18:00"],
                   cwd=folder, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def bench_class(koch, runs, scratch, table):
    learners = 30
    rng = random.Random(3)
    # 30 learners, 5 typed copies each, with a learner's mistakes: a character now and then taken for another.
    typed = os.path.join(scratch, "class-typed")
    for learner in make_class(koch, typed, learners, 5, "receive"):
        name = "Learner " + os.path.basename(learner)[len("learner-learner-"):]
        os.makedirs(os.path.join(typed, "returns", name))
        for key in sorted(glob.glob(os.path.join(learner, "*.key.json"))):
            copy = ["".join(c if rng.random() > 0.04 else rng.choice("KMRSUAPTLO") for c in g) for g in groups(key)]
            base = os.path.basename(key)[:-len(".key.json")]
            with open(os.path.join(typed, "returns", name, base + ".txt"), "w") as handle:
                handle.write(" ".join(copy) + "\n")
    # 30 learners, one five-minute send exercise each, keyed with a human's jitter and recorded at 8 kHz, at the
    # exercise's pace (20 WPM characters spaced to 12 WPM: 8.3 and 19.3 dits between characters and words).
    keyed = os.path.join(scratch, "class-keyed")
    jobs = []
    for index, learner in enumerate(make_class(koch, keyed, learners, 1, "send")):
        name = "Learner " + os.path.basename(learner)[len("learner-learner-"):]
        os.makedirs(os.path.join(keyed, "returns", name))
        key = sorted(glob.glob(os.path.join(learner, "*.key.json")))[0]
        out = os.path.join(keyed, "returns", name, os.path.basename(key)[:-len(".key.json")] + ".wav")
        jobs.append([sys.executable, os.path.join(HERE, "..", "examples", "send", "human-fist.py"), " ".join(groups(key)), out,
                     "--wpm", "20", "--character-gap", "8.3", "--word-gap", "19.3", "--jitter", "0.08", "--seed", str(index + 1)])
    with ThreadPoolExecutor(os.cpu_count() or 2) as pool:
        list(pool.map(lambda command: subprocess.run(command, check=True, stdout=subprocess.DEVNULL), jobs))
    recorded_seconds = sum(_wav_seconds(path) for path in glob.glob(os.path.join(keyed, "returns", "*", "*.wav")))

    rows = []
    for title, folder, count, target in [("30 learners × 5 typed copies", typed, 150, 5), ("30 recordings of keying", keyed, 30, 30)]:
        timings = [grade(koch, folder, learners) for _ in range(runs)]
        seconds = statistics.median(t for t, _ in timings)
        again = rerun(koch, folder)
        rows.append([title, str(count), f"{seconds:.2f}", f"{seconds / count * 1000:.0f}", f"{again:.2f}", f"< {target}"])
        print(f"  {title}: {timings[0][1]}")
    table(f"A class's returns graded in one run, from fresh progress files (seconds, median of {runs}; "
          f"recordings: {recorded_seconds / 60 / learners:.1f} minutes each, 8 kHz, 20/12 WPM with 8 % jitter)",
          ["returns", "files", "graded in", "ms a return", "run again (nothing new)", "target"], rows)
    print(f"\nTargets: 150 typed copies in under 5 s, 30 recordings in under 30 s, on this machine's {os.cpu_count()} cores.")
    shutil.rmtree(typed)
    shutil.rmtree(keyed)


def _wav_seconds(path):
    import wave
    with wave.open(path) as handle:
        return handle.getnframes() / handle.getframerate()
