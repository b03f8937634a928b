#!/usr/bin/env python3
"""koch's benchmark: speed and quality figures against the named peers,
run on this machine in this run. Figures, not tests: the machine is shared
and noisy, so every timing is the median of several runs.

    python3 scripts/bench.py .build/release/koch [--runs 5]
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from bench_class import bench_class
from bench_practice import bench_practice
from bench_server import bench_server
from bench_live import bench_live
from bench_school import bench_school
from bench_stations import bench_stations

HERE = os.path.dirname(os.path.abspath(__file__))


def timed(command, runs, env=None, cwd=None):
    """Median wall-clock seconds of `runs` runs of a command."""
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, env=env, cwd=cwd,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def table(title, header, rows):
    print(f"\n## {title}\n")
    widths = [max(len(str(x)) for x in column) for column in zip(header, *rows)]
    line = lambda cells: "| " + " | ".join(str(c).ljust(w) for c, w in zip(cells, widths)) + " |"
    print(line(header))
    print("|" + "|".join("-" * (w + 2) for w in widths) + "|")
    for row in rows:
        print(line(row))


def lesson_text(koch, scratch):
    """The text of a five-minute level-26 lesson at 20/12 WPM, seed 1."""
    out = os.path.join(scratch, "key")
    subprocess.run([koch, "lesson", "--level", "26", "--seed", "1", "--format", "none", "--out", out],
                   check=True, stdout=subprocess.DEVNULL)
    key_path = next(os.path.join(out, f) for f in os.listdir(out) if f.endswith(".key.json"))
    with open(key_path) as f:
        key = json.load(f)
    text_path = os.path.join(scratch, "lesson.txt")
    with open(text_path, "w") as f:
        f.write(" ".join(group["text"] for group in key["groups"]) + "\n")
    return text_path


def bench_rendering(koch, runs, scratch):
    text = lesson_text(koch, scratch)
    home = os.path.join(scratch, "ebook2cw-home")  # ebook2cw writes ~/.ebook2cw on first run
    os.makedirs(home, exist_ok=True)
    env = dict(os.environ, HOME=home)
    rows = []
    for rate, kbps in [(11025, 16), (44100, 64)]:
        common = ["--wpm", "20", "--effective", "12", "--tone", "600", "--sample-rate", str(rate)]
        mp3 = os.path.join(scratch, f"koch-{rate}.mp3")
        wav = os.path.join(scratch, f"koch-{rate}.wav")
        koch_mp3 = timed([koch, "render", "--file", text, "--out", mp3, "--bitrate", str(kbps), "--quality", "5", *common], runs)
        koch_wav = timed([koch, "render", "--file", text, "--out", wav, *common], runs)
        ebook = timed(["ebook2cw", "-w", "20", "-e", "12", "-f", "600", "-s", str(rate), "-b", str(kbps), "-q", "5",
                       "-o", os.path.join(scratch, f"ebook2cw-{rate}-"), text], runs, env=env, cwd=scratch)
        lame = timed(["lame", "--quiet", "--noreplaygain", "-q", "5", "--cbr", "-b", str(kbps), "-m", "m",
                      wav, os.path.join(scratch, f"lame-{rate}.mp3")], runs)
        rows.append([f"{rate} Hz, {kbps} kbit/s", f"{koch_mp3:.3f}", f"{ebook:.3f}", f"{koch_mp3 / ebook:.2f}",
                     f"{lame:.3f}", f"{koch_mp3 / lame:.2f}", f"{koch_wav:.3f}"])
    table(f"Five minutes of 20/12 WPM text to MP3 (median of {runs} runs, seconds)",
          ["setting", "koch render", "ebook2cw", "koch/ebook2cw", "lame (floor)", "koch/lame", "koch WAV only"], rows)
    print("\nTargets: koch/ebook2cw < 1 at both settings; koch/lame ≤ 1.10; WAV only < 0.1 s.")
    print("'lame (floor)' encodes koch's own WAV with the lame program (--noreplaygain) at the same settings.")


def bench_conditions(koch, runs, scratch):
    """A five-minute lesson to WAV and to MP3, clear and with every condition on.
    Written to memory (/dev/shm) where there is one, so that the disk's
    flushing does not drown the difference."""
    rows = []
    in_memory = os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK)
    if in_memory:
        scratch = tempfile.mkdtemp(prefix="koch-bench-", dir="/dev/shm")
    every = ["--band", "poor", "--crackle", "2", "--qrm", "500:-6:25", "--qrm=-300:-10:18"]
    for format in ["wav", "mp3"]:
        base = [koch, "lesson", "--level", "26", "--seed", "1", "--format", format, "--progress", os.path.join(scratch, "none.json")]
        clear = timed(base + ["--out", os.path.join(scratch, "clear")], runs)
        noisy = timed(base + every + ["--out", os.path.join(scratch, "noisy")], runs)
        rows.append([format.upper(), f"{clear:.3f}", f"{noisy:.3f}", f"{noisy / clear:.2f}"])
    if in_memory:
        shutil.rmtree(scratch, ignore_errors=True)
    table(f"A five-minute lesson, clear and with every band condition on (median of {runs} runs, seconds)",
          ["audio", "clear", "QRN+crackle, QSB, 2×QRM", "ratio"], rows)
    print("\nTarget: every condition on costs under 2x the clear lesson.")


def bench_long_lesson(koch, scratch):
    """Peak memory of a 60-minute lesson: the audio is made and written a block at a time."""
    rows = []
    cases = [("MP3 and WAV, clear", ["--format", "both"]),
             ("MP3, every band condition on", ["--format", "mp3", "--band", "poor", "--crackle", "2", "--qrm", "500:-6:25"])]
    for label, options in cases:
        out = os.path.join(scratch, "hour")
        command = ["/usr/bin/time", "-f", "%M %e", koch, "lesson", "--level", "26", "--seed", "1", "--minutes", "60",
                   "--progress", os.path.join(scratch, "none.json"), "--out", out] + options
        run = subprocess.run(command, capture_output=True, text=True, check=True)
        peak_kb, seconds = run.stderr.strip().split("\n")[-1].split()
        rows.append([label, f"{float(seconds):.1f}", f"{int(peak_kb) / 1024:.0f} MB"])
        shutil.rmtree(out, ignore_errors=True)
    table("A 60-minute lesson at 44.1 kHz (one run)", ["audio", "seconds", "peak memory"], rows)
    print("\nTarget: under 100 MB, whatever the length.")


def shared_bench():
    """The reference corpus tools, in ../shared/bench beside the repository."""
    here = os.path.dirname(HERE)
    for candidate in [os.path.join(os.path.dirname(here), "shared", "bench"), os.path.join(here, "..", "shared", "bench")]:
        if os.path.exists(os.path.join(candidate, "make_corpus.py")):
            return os.path.abspath(candidate)
    return None


def score(bench, corpus, command, tsv):
    subprocess.run([sys.executable, os.path.join(bench, "score.py"), corpus, "--tsv", tsv, "--"] + command,
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    results = {}
    with open(tsv) as f:
        header = f.readline().rstrip("\n").split("\t")
        for line in f:
            row = dict(zip(header, line.rstrip("\n").split("\t")))
            results[row["case"]] = row
    return results


def cell(row, human):
    if row is None:
        return "-"
    if row.get("invented", "") not in ("", "None"):
        return f"{row['invented']} invented"
    value = row.get("cer_nosp" if human else "cer", "")
    try:
        return f"{100 * float(value):.1f} %"
    except ValueError:
        return value


def decoders_for(koch):
    """koch decode and the peers, as score.py commands."""
    peers = os.path.join(HERE, "peers")
    return [
        ("koch", [koch, "decode", "{audio}"]),
        ("multimon-ng", [os.path.join(peers, "multimon-ng-decode"), "{audio}"]),
        ("multimon-ng tuned 20/12", [os.path.join(peers, "multimon-ng-decode"), "--tuned", "{audio}"]),
        ("morse2ascii (8 kHz)", [os.path.join(peers, "morse2ascii-decode"), "{audio}"]),
    ]


def make_corpus(scratch, seed):
    """The reference corpus of ../shared/bench, made in the scratch folder."""
    if shared_bench() is None:
        sys.exit("bench: ../shared/bench (the reference corpus) not found")
    corpus = os.path.join(scratch, "corpus")
    if not os.path.isdir(corpus):
        subprocess.run([sys.executable, os.path.join(shared_bench(), "make_corpus.py"), corpus, "--seed", str(seed)],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return corpus


def bench_decoder(koch, scratch, seed):
    """koch decode against multimon-ng and morse2ascii on the reference corpus."""
    bench = shared_bench()
    if bench is None:
        print("\n(decoder: ../shared/bench not found; skipped)")
        return
    corpus = make_corpus(scratch, seed)
    decoders = decoders_for(koch)
    results = {name: score(bench, corpus, command, os.path.join(scratch, f"score-{i}.tsv"))
               for i, (name, command) in enumerate(decoders)}
    cases = sorted(results["koch"].keys())
    rows = []
    for case in cases:
        human = case.startswith("human")
        rows.append([case + (" (no spaces)" if human else "")] + [cell(results[name].get(case), human) for name, _ in decoders])
    table(f"Decoding the reference corpus (seed {seed}): character error rate, or characters invented where there is no Morse",
          ["case"] + [name for name, _ in decoders], rows)

    bench_realisations(decoders, scratch)
    bench_rooms(decoders, scratch)
    bench_outside(decoders, scratch)
    bench_real_conditions(decoders, scratch)

    bench_decode_speed(koch, corpus, scratch)


def bench_decode_speed(koch, corpus, scratch):
    """koch decode's speed on five minutes of every case of the corpus, and its memory for an hour."""
    rows = []
    slowest = None
    for case in sorted(os.path.splitext(name)[0] for name in os.listdir(corpus) if name.endswith(".wav")):
        source = os.path.join(corpus, case + ".wav")
        five = os.path.join(scratch, f"{case}-five-minutes.wav")
        duration = float(subprocess.run(["soxi", "-D", source], capture_output=True, text=True, check=True).stdout)
        if duration < 5:
            continue  # a fraction of a second: its figure would be the program's start
        subprocess.run(["sox", source, five, "repeat", str(max(0, int(300 / duration + 0.999) - 1)), "trim", "0", "300"], check=True)
        seconds = timed([koch, "decode", five], 3)
        rows.append([case, f"{seconds:.2f}", f"{300 / seconds:,.0f}x"])
        slowest = max(slowest or 0, seconds)
        os.remove(five)
    table("koch decode speed: five minutes of each case of the corpus (median of 3)", ["case", "seconds", "real time"], rows)
    print(f"\nTarget: 1000x real time or better (0.30 s) for every case; slowest here {300 / slowest:,.0f}x.")

    rows = []
    for case, label in [("clean", "clean"), ("white_snr_m03", "white noise -3 dB")]:
        source = os.path.join(corpus, case + ".wav")
        five = os.path.join(scratch, f"{case}-five-minutes.wav")
        hour = os.path.join(scratch, f"{case}-sixty-minutes.wav")
        duration = float(subprocess.run(["soxi", "-D", source], capture_output=True, text=True, check=True).stdout)
        subprocess.run(["sox", source, five, "repeat", str(max(0, int(300 / duration + 0.999) - 1)), "trim", "0", "300"], check=True)
        subprocess.run(["sox", five, hour, "repeat", "11"], check=True)
        peak = subprocess.run(["/usr/bin/time", "-f", "%M %e", koch, "decode", hour], capture_output=True, text=True)
        peak_kb, hour_seconds = peak.stderr.strip().split("\n")[-1].split()
        rows.append([f"60 minutes, {label}", f"{float(hour_seconds):.2f}", f"{int(peak_kb) / 1024:.0f} MB"])
        os.remove(hour)
        os.remove(five)
    table("koch decode of an hour (44.1 kHz mono)", ["recording", "seconds", "peak memory"], rows)
    print("\nTarget: 60 minutes in under 100 MB.")
    bench_phone_hour(koch, corpus, scratch)


def bench_phone_hour(koch, corpus, scratch):
    """An hour as a phone records it (M4A, AAC at 44.1 kHz): koch decode against the WAV of the same
    sound, and ffmpeg's own decode of the M4A (-f null), which is the reading alone."""
    source = os.path.join(corpus, "clean.wav")
    five = os.path.join(scratch, "phone-five-minutes.wav")
    hour = os.path.join(scratch, "phone-sixty-minutes.wav")
    m4a = os.path.join(scratch, "phone-sixty-minutes.m4a")
    duration = float(subprocess.run(["soxi", "-D", source], capture_output=True, text=True, check=True).stdout)
    subprocess.run(["sox", source, five, "repeat", str(max(0, int(300 / duration + 0.999) - 1)), "trim", "0", "300"], check=True)
    subprocess.run(["sox", five, hour, "repeat", "11"], check=True)
    subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", hour, "-c:a", "aac", "-b:a", "96k", m4a], check=True)
    rows = []
    for label, command in [
        ("koch decode, WAV", [koch, "decode", hour]),
        ("koch decode, M4A", [koch, "decode", m4a]),
        ("ffmpeg -i M4A -f null - (reading only)", ["ffmpeg", "-nostdin", "-loglevel", "error", "-i", m4a, "-f", "null", "-"]),
    ]:
        peak = subprocess.run(["/usr/bin/time", "-f", "%M %e"] + command, capture_output=True, text=True)
        peak_kb, seconds = peak.stderr.strip().split("\n")[-1].split()
        rows.append([label, f"{float(seconds):.2f}", f"{int(peak_kb) / 1024:.0f} MB"])
    for path in (five, hour, m4a):
        os.remove(path)
    table("An hour recorded on a phone (M4A, AAC 96 kbit/s, 44.1 kHz mono)", ["", "seconds", "peak memory"], rows)


def bench_realisations(decoders, scratch, seeds=range(1, 9)):
    """The hardest conditions again on other seeds, averaged, with the limits the conditions set."""
    import decoder_limits
    seeds = list(seeds)
    outdir = os.path.join(scratch, "realisations")
    decoder_limits.write_cases(outdir, seeds)
    bench = shared_bench()
    results = {name: score(bench, outdir, command, os.path.join(scratch, f"realisations-{i}.tsv"))
               for i, (name, command) in enumerate(decoders)}
    shares = decoder_limits.fade_shares(seeds)
    limits = {
        "human_sigma20": f"oracle reading {100 * decoder_limits.hand_keying_bound(0.2, seeds):.1f} %",
        "human_sigma30": f"oracle reading {100 * decoder_limits.hand_keying_bound(0.3, seeds):.1f} %",
        "qsb_20db_white_p10": f"{100 * shares[-3]:.0f} % of characters below -3 dB, {100 * shares[-6]:.0f} % below -6 dB",
    }
    rows = []
    for name in decoder_limits.CASES:
        human = name.startswith("human")
        cells = []
        for decoder, _ in decoders:
            values = [results[decoder].get(f"{name}_s{seed}", {}).get("cer_nosp" if human else "cer", "") for seed in seeds]
            try:
                cells.append(f"{100 * statistics.mean(float(v) for v in values):.1f} %")
            except (ValueError, statistics.StatisticsError):
                cells.append("-")
        rows.append([name + (" (no spaces)" if human else "")] + cells + [limits.get(name, "")])
    table(f"The hardest conditions on seeds {seeds[0]}-{seeds[-1]} (mean character error rate; "
          "see scripts/decoder_limits.py for the limits)",
          ["case"] + [name for name, _ in decoders] + ["limit set by the condition"], rows)


def bench_rooms(decoders, scratch):
    """Recordings made the way learners make them (scripts/room_conditions.py), beside their targets."""
    import decoder_conditions
    import room_conditions
    # Eight realisations: a room's echo at the tone's pitch varies from one to the next (its
    # response at one frequency is random), and two hid how often a phone's recording fails.
    seeds = range(1, 9)
    bench_table(decoders, scratch, room_conditions, "Recordings made in rooms", seeds=seeds)
    mc = decoder_conditions.corpus_module()
    print("\nWhat talk sets (scripts/room_conditions.py talk_shares): the share of the characters during which "
          "the voice, inside a dit's band at the tone's pitch, was as loud as the tone at some moment (within 3 dB):")
    for level_db, name in room_conditions.TALK_CONDITIONS.items():
        shares = room_conditions.talk_shares(mc, seeds, level_db)
        print(f"  {name}: {100 * shares[0]:.1f} % ({100 * shares[-3]:.1f} %)")


def bench_outside(decoders, scratch):
    """Files made elsewhere: other generators' ways and off-air recordings (scripts/outside_conditions.py)."""
    import outside_conditions
    bench_table(decoders, scratch, outside_conditions, "Files made elsewhere")


def bench_real_conditions(decoders, scratch):
    """Conditions a real recording has that the corpus lacks (scripts/decoder_conditions.py)."""
    import decoder_conditions
    bench_table(decoders, scratch, decoder_conditions, "Conditions of real recordings the corpus lacks")


def bench_table(decoders, scratch, module, title, seeds=(1, 2)):
    """Scores every decoder on `module.write_cases` for the seeds; prints the mean per case beside
    `module.TARGETS` (a CER, or None where the file holds no Morse) when the module has them, and
    with more than two seeds how many of them missed the target."""
    seeds = list(seeds)
    outdir = os.path.join(scratch, module.__name__)
    names = module.write_cases(outdir, seeds)
    targets = getattr(module, "TARGETS", {})
    bench = shared_bench()
    results = {name: score(bench, outdir, command, os.path.join(scratch, f"{module.__name__}-{i}.tsv"))
               for i, (name, command) in enumerate(decoders)}
    rows = []
    for name in names:
        target = targets.get(name, -1)
        cells = []
        for decoder, _ in decoders:
            found = [results[decoder].get(f"{name}_s{seed}", {}) for seed in seeds]
            if any(row.get("invented", "") not in ("", "None") for row in found):
                invented = [row.get("invented", "") for row in found]
                if len(seeds) > 2 and all(v.isdigit() for v in invented):
                    counts = [int(v) for v in invented]
                    cells.append(f"{sum(counts)} invented in {len(counts)} files (at most {max(counts)})")
                else:
                    cells.append(" / ".join(f"{v} invented" for v in invented))
                continue
            try:
                rates = [float(row.get("cer", "")) for row in found]
                cell = f"{100 * statistics.mean(rates):.1f} %"
                if target is not None and target >= 0 and len(seeds) > 2:
                    cell += f" ({sum(rate > target for rate in rates)} of {len(rates)} over)"
                cells.append(cell)
            except (ValueError, statistics.StatisticsError):
                cells.append("-")
        rows.append([name] + cells + ["0 characters" if target is None else "-" if target < 0 else f"<= {100 * target:.0f} %"])
    table(f"{title}, seeds {seeds[0]}-{seeds[-1]} (mean character error rate with spaces)",
          ["case"] + [name for name, _ in decoders] + ["target"], rows)


def bench_pack(koch, scratch):
    """A pack of levels 2-26 with 5 five-minute lessons each, on one core and on two."""
    rows = []
    seconds = {}
    for jobs in [1, 2]:
        out = os.path.join(scratch, f"pack-{jobs}")
        start = time.perf_counter()
        subprocess.run([koch, "pack", "--levels", "2-26", "--per-level", "5", "--seed", "1", "--jobs", str(jobs), "--out", out],
                       check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        seconds[jobs] = time.perf_counter() - start
        shutil.rmtree(out)
        rows.append([f"--jobs {jobs}", f"{seconds[jobs]:.1f}", f"{seconds[jobs] / 125:.2f}", f"{seconds[1] / seconds[jobs]:.2f}"])
    table("A pack of levels 2-26, 5 lessons each (125 five-minute MP3 lessons, one run each, seconds)",
          ["jobs", "total", "per lesson", "speedup"], rows)
    print(f"\nTarget: --jobs 2 close to twice as fast as --jobs 1 on two cores (this machine has {os.cpu_count()}).")


def bench_speech(koch, runs, scratch):
    """A five-minute MP3 lesson at 44.1 kHz without and with spoken answers, and a 125-lesson spoken pack."""
    base = [koch, "lesson", "--level", "10", "--seed", "1", "--format", "mp3", "--progress", os.path.join(scratch, "none.json")]
    plain = timed(base + ["--out", os.path.join(scratch, "plain")], runs)
    spoken = timed(base + ["--speak", "after", "--spell", "phonetic", "--out", os.path.join(scratch, "spoken")], runs)
    table(f"A five-minute MP3 lesson at 44.1 kHz, without and with spoken answers (median of {runs} runs, seconds)",
          ["without", "--speak after --spell phonetic", "ratio"], [[f"{plain:.3f}", f"{spoken:.3f}", f"{spoken / plain:.2f}"]])
    print("\nTarget: the spoken lesson in under 1.5x the time of the same lesson without speech.")
    out = os.path.join(scratch, "spoken-pack")
    start = time.perf_counter()
    subprocess.run([koch, "pack", "--levels", "2-26", "--per-level", "5", "--seed", "1", "--jobs", "2", "--speak", "after",
                    "--spell", "phonetic", "--out", out], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    seconds = time.perf_counter() - start
    shutil.rmtree(out)
    table("A spoken pack of levels 2-26, 5 lessons each (125 five-minute MP3 lessons, --jobs 2, one run, seconds)",
          ["total", "per lesson"], [[f"{seconds:.1f}", f"{seconds / 125:.2f}"]])


def paddle_log(path, minutes=60, wpm=20, seed=1):
    """A paddle log of random characters keyed for `minutes`: each element's paddle pressed for
    half its length, now and then a squeeze. Returns the number of events."""
    import random
    rng = random.Random(seed)
    patterns = [".-", "-...", "-.-.", "-..", ".", "..-.", "--.", "....", "..", ".---", "-.-", ".-..", "--", "-.", "---"]
    unit = 1.2 / wpm
    time_s, lines = 0.5, []
    while time_s < minutes * 60:
        for element in rng.choice(patterns):
            length = unit * (1 if element == "." else 3)
            paddle = "dit" if element == "." else "dah"
            lines += [f"{time_s:.4f} {paddle} down", f"{time_s + length / 2:.4f} {paddle} up"]
            time_s += length + unit
        time_s += (2.2 + (4 if rng.random() < 0.2 else 0)) * unit
    with open(path, "w") as handle:
        handle.write("\n".join(lines) + "\n")
    return len(lines)


def bench_keyer(koch, runs, scratch):
    """The iambic keyer alone over a 60-minute paddle log, and the whole reading of it."""
    log = os.path.join(scratch, "paddles-60min.txt")
    events = paddle_log(log)
    keyer_only = timed([koch, "keyer", "--events", log, "--wpm", "20", "--elements-only", "--json"], runs)
    read = timed([koch, "keyer", "--events", log, "--wpm", "20"], 1)
    rows = [["keyer (--elements-only --json)", f"{keyer_only:.2f}", f"{events / keyer_only:,.0f}"],
            ["keyer and reading the text", f"{read:.2f}", f"{events / read:,.0f}"]]
    table(f"A 60-minute paddle log ({events:,} events) through koch keyer (seconds, median of {runs})",
          ["what", "seconds", "events a second"], rows)
    print("\nTarget: the keyer alone well under 1 s for a 60-minute log (no open keyer reads such logs, so no peer).")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("koch", help="the koch binary (a release build)")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--corpus-seed", type=int, default=20240601, help="realisation of the reference corpus to decode")
    parser.add_argument("--only", choices=["render", "conditions", "long", "pack", "speech", "decoder", "rooms", "outside", "keyer", "speed",
                                           "class", "practice", "stations", "server", "live", "school"],
                        help="run one part")
    args = parser.parse_args()
    koch = os.path.abspath(args.koch)
    missing = [tool for tool in ["ebook2cw", "lame", "multimon-ng", "morse2ascii", "sox"] if shutil.which(tool) is None]
    if missing:
        sys.exit(f"bench: {', '.join(missing)} missing: run scripts/install-deps --bench")
    with tempfile.TemporaryDirectory(prefix="koch-bench-") as scratch:
        parts = {
            "render": lambda: bench_rendering(koch, args.runs, scratch),
            "conditions": lambda: bench_conditions(koch, args.runs, scratch),
            "long": lambda: bench_long_lesson(koch, scratch),
            "decoder": lambda: bench_decoder(koch, scratch, args.corpus_seed),
            "pack": lambda: bench_pack(koch, scratch),
            "speech": lambda: bench_speech(koch, args.runs, scratch),
            "keyer": lambda: bench_keyer(koch, args.runs, scratch),
            "class": lambda: bench_class(koch, min(args.runs, 3), scratch, table),
            "practice": lambda: bench_practice(koch, scratch, table),
            "rooms": lambda: bench_rooms(decoders_for(koch), scratch),
            "outside": lambda: bench_outside(decoders_for(koch), scratch),
            "speed": lambda: bench_decode_speed(koch, make_corpus(scratch, args.corpus_seed), scratch),
            "stations": lambda: bench_stations(koch, scratch, decoders_for(koch), shared_bench, table),
            "server": lambda: bench_server(koch, scratch, table),
            "live": lambda: bench_live(koch, scratch, table),
            "school": lambda: bench_school(koch, scratch, table),
        }
        for name, run in parts.items():
            if args.only == name or (args.only is None and name not in ("rooms", "outside", "speed")):
                run()


if __name__ == "__main__":
    main()
