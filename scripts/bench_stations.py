"""Two stations in one recording, in `make bench` (`--only stations`): contest QSOs of two
stations taking turns (and some keying at once), their pitches 5 to 100 Hz apart and their
speeds 0 to 8 WPM apart, in noise, read with `koch decode --stations 2`. Each station's text is
scored by its character error rate (../shared/bench/score.py's distance); the peers, which read
one stream, and koch's single-station reading are scored on the whole QSO's text in order."""
import os
import random
import re
import subprocess
import sys
import wave

import numpy

RATE = 8000
MORSE = {
    "A": ".-", "B": "-...", "C": "-.-.", "D": "-..", "E": ".", "F": "..-.", "G": "--.", "H": "....", "I": "..",
    "J": ".---", "K": "-.-", "L": ".-..", "M": "--", "N": "-.", "O": "---", "P": ".--.", "Q": "--.-", "R": ".-.",
    "S": "...", "T": "-", "U": "..-", "V": "...-", "W": ".--", "X": "-..-", "Y": "-.--", "Z": "--..",
    "0": "-----", "1": ".----", "2": "..---", "3": "...--", "4": "....-", "5": ".....", "6": "-....",
    "7": "--...", "8": "---..", "9": "----.", "/": "-..-.",
}
PITCHES_APART_HZ = [5, 10, 25, 50, 100]
SPEEDS_APART_WPM = [0, 2, 4, 8]
OVERLAPPING_HZ = [50, 100]
SNR_DB = 12


def callsign(rng):
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    return (rng.choice(["DL", "YT", "OK", "SP", "G", "F", "K", "W", "EA", "I"]) + str(rng.randint(1, 9))
            + "".join(rng.choice(letters) for _ in range(rng.randint(2, 3))))


def qso(rng):
    """A contest QSO: (station, text) overs, station 0 calling."""
    a, b = callsign(rng), callsign(rng)
    first, second = rng.randint(1, 400), rng.randint(1, 400)
    return [(0, f"CQ TEST {a}"), (1, b), (0, f"{b} 599 {first:03d}"), (1, f"TU 599 {second:03d}"), (0, f"TU {a} TEST"),
            (1, f"{b}"), (0, f"{b} 599 {first + 1:03d}"), (1, f"TU 5NN {second + 1:03d}"), (0, f"TU {a}")]


def keying(text, wpm, start, rng, jitter=0.05):
    """Key-down intervals (seconds) of `text` from `start`, each element and gap scaled by 1 + jitter·N(0,1)."""
    unit, t, intervals = 1.2 / wpm, start, []
    scale = lambda: max(0.5, 1 + jitter * rng.gauss(0, 1))
    for w, word in enumerate(text.split()):
        if w:
            t += 7 * unit * scale()
        for c, character in enumerate(word):
            if c:
                t += 3 * unit * scale()
            for e, element in enumerate(MORSE[character]):
                if e:
                    t += unit * scale()
                length = (1 if element == "." else 3) * unit * scale()
                intervals.append((t, t + length))
                t += length
    return intervals, t


def tone(intervals, seconds, hz, amplitude):
    t = numpy.arange(int(seconds * RATE)) / RATE
    envelope = numpy.zeros_like(t)
    rise = 0.005
    for start, end in intervals:
        envelope += numpy.clip(numpy.minimum((t - start + rise / 2) / rise, (end + rise / 2 - t) / rise), 0, 1)
    envelope = 0.5 - 0.5 * numpy.cos(numpy.pi * numpy.clip(envelope, 0, 1))
    return amplitude * envelope * numpy.sin(2 * numpy.pi * hz * t)


def recording(pitch_apart, speed_apart, overlapping, seed):
    """Samples, each station's text, and the whole QSO's text in order."""
    rng = random.Random(seed * 1000 + pitch_apart * 10 + speed_apart + (500 if overlapping else 0))
    stations = [(600.0, 20.0, 0.4), (600.0 + pitch_apart, 20.0 - speed_apart, 0.4 * 10 ** (-2 / 20))]
    overs = qso(rng)
    keyed = [[], []]
    if overlapping:
        # Each station sends all its overs as one, the second starting a second after the first.
        for station, start in ((0, 0.5), (1, 1.5)):
            text = " ".join(t for s, t in overs if s == station)
            keyed[station], end = keying(text, stations[station][1], start, rng)
        order = [0, 1]
        seconds = max(iv[-1][1] for iv in keyed) + 0.5
    else:
        t = 0.5
        for station, text in overs:
            intervals, end = keying(text, stations[station][1], t, rng)
            keyed[station] += intervals
            t = end + rng.uniform(0.8, 1.6)
        order = None
        seconds = t + 0.5
    samples = sum(tone(keyed[s], seconds, stations[s][0], stations[s][2]) for s in (0, 1))
    noise = numpy.random.default_rng(seed).normal(size=samples.shape)
    # White noise whose power in 500 Hz lies SNR_DB under the first station's tone.
    samples += noise * ((0.4 ** 2 / 2) / 10 ** (SNR_DB / 10) * RATE / 1000) ** 0.5
    texts = [" ".join(t for s, t in overs if s == station) for station in (0, 1)]
    whole = " ".join(texts[s] for s in order) if order else " ".join(t for _, t in overs)
    return samples, texts, whole


def write_wav(path, samples):
    data = (numpy.clip(samples, -1, 1) * 32767).astype("<i2")
    with wave.open(path, "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(data.tobytes())


def read_stations(koch, path):
    """koch decode --stations 2: each station's text, or None where it did not tell them apart."""
    out = subprocess.run([koch, "decode", "--stations", "2", path], capture_output=True, text=True).stdout
    lines = [re.match(r"\[(\d) [^\]]*\] ?(.*)", line) for line in out.splitlines()]
    if not lines or not all(lines):
        return None, out.strip()
    texts = {1: [], 2: []}
    for match in lines:
        texts[int(match.group(1))].append(match.group(2))
    return [" ".join(texts[1]), " ".join(texts[2])], " ".join(m.group(2) for m in lines)


def bench_stations(koch, scratch, decoders, shared_bench, table, seeds=(1, 2)):
    bench = shared_bench()
    if bench is None:
        print("\n(stations: ../shared/bench not found; skipped)")
        return
    sys.path.insert(0, bench)
    from score import lev, norm
    cer = lambda got, truth: lev(norm(got), norm(truth)) / max(1, len(norm(truth)))
    peers = [(name, command) for name, command in decoders if name != "koch"]
    cases = [(p, s, False) for p in PITCHES_APART_HZ for s in SPEEDS_APART_WPM] + [(p, 4, True) for p in OVERLAPPING_HZ]
    rows = []
    for pitch_apart, speed_apart, overlapping in cases:
        scores = {"1": [], "2": [], "apart": 0, "koch": [], "single": []}
        for name, _ in peers:
            scores[name] = []
        for seed in seeds:
            samples, texts, whole = recording(pitch_apart, speed_apart, overlapping, seed)
            path = os.path.join(scratch, f"stations-{pitch_apart}-{speed_apart}-{int(overlapping)}-{seed}.wav")
            write_wav(path, samples)
            stations, together = read_stations(koch, path)
            scores["apart"] += stations is not None
            for station in (0, 1):
                scores[str(station + 1)].append(cer(stations[station] if stations else "", texts[station]))
            scores["koch"].append(cer(together, whole))
            single = subprocess.run([koch, "decode", path], capture_output=True, text=True).stdout
            scores["single"].append(cer(single, whole))
            for name, command in peers:
                got = subprocess.run([part.replace("{audio}", path) for part in command], capture_output=True, text=True).stdout
                scores[name].append(cer(got, whole))
        mean = lambda values: f"{100 * sum(values) / len(values):.1f} %"
        rows.append([f"{pitch_apart} Hz, {speed_apart} WPM apart" + (", at once" if overlapping else ""),
                     f"{scores['apart']} of {len(seeds)}", mean(scores["1"]), mean(scores["2"]), mean(scores["koch"]),
                     mean(scores["single"])] + [mean(scores[name]) for name, _ in peers])
    table(f"Two stations, seeds {seeds[0]}-{seeds[-1]}, {SNR_DB} dB SNR (mean character error rate; "
          "per station for --stations 2, on the whole QSO for the rest)",
          ["stations", "told apart", "station 1", "station 2", "--stations 2, whole", "koch decode (one station)"]
          + [name for name, _ in peers], rows)
