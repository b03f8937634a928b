#!/usr/bin/env python3
"""Other realisations of the reference corpus's hardest conditions, and the
limits the conditions themselves set on any decoder.

    python3 scripts/decoder_limits.py [--seeds 1-8]

Prints, for the same seeds the benchmark decodes:

* hand keying (every element and gap x max(0.25, 1 + sigma*N(0,1)), 15 -> 25
  WPM, dah/dit 2.5-3.5): the character error rate, without spaces, of an
  oracle reading. It is told the true speed and dah/dit ratio at every
  character, the law the durations were drawn from and where every word
  starts, and takes for each word the likeliest letters with the likeliest
  cut into characters (a dynamic programme over the code table). No decoder
  knows more than that, so none can be expected to do better on average.
* fading 20 dB deep with white noise at +10 dB (unfaded): the share of the
  characters keyed while the faded signal was below 0, -3 and -6 dB SNR in
  500 Hz, where white noise alone already costs a decoder a few, about ten
  and most per cent of them.

The corpus generator is ../shared/bench/make_corpus.py; `write_cases` makes
the same audio for the benchmark's table of other realisations.
"""
import argparse
import json
import math
import os
import sys


def corpus_module():
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for candidate in [os.path.join(os.path.dirname(here), "shared", "bench"), os.path.join(here, "..", "shared", "bench")]:
        if os.path.exists(os.path.join(candidate, "make_corpus.py")):
            sys.path.insert(0, os.path.abspath(candidate))
            import make_corpus
            return make_corpus
    sys.exit("decoder_limits: ../shared/bench/make_corpus.py not found")


# name -> (builder name, keyword arguments); the names of the reference corpus, whose cases these realise again.
CASES = {
    "white_snr_p00": ("build_noisy", {"snr_db": 0, "kind": "white"}),
    "white_snr_m03": ("build_noisy", {"snr_db": -3, "kind": "white"}),
    "qsb_20db_white_p10": ("build_qsb", {"snr_db": 10}),
    "human_sigma20": ("build_human", {"sigma": 0.2}),
    "human_sigma30": ("build_human", {"sigma": 0.3}),
}


def write_cases(outdir, seeds):
    """Writes every case of CASES for every seed as NAME_sSEED.wav with its .json (score.py's layout)."""
    mc = corpus_module()
    os.makedirs(outdir, exist_ok=True)
    for seed in seeds:
        for name, (builder, kwargs) in CASES.items():
            case = getattr(mc, builder)(mc.case_rng(seed, name), **kwargs)
            stem = f"{name}_s{seed}"
            mc.write_wav(os.path.join(outdir, stem + ".wav"), case["audio"], case["fs"])
            with open(os.path.join(outdir, stem + ".json"), "w") as f:
                json.dump({"case": stem, "audio_file": stem + ".wav", "truth": case["truth"]}, f)


def levenshtein(a, b):
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


def hand_keying_bound(sigma, seeds):
    """Character error rate (no spaces) of the oracle reading of hand keying, over the seeds."""
    mc = corpus_module()
    letters = {code: letter for letter, code in mc.MORSE.items() if letter.isalpha()}

    def cost(seconds, centre):
        # The generator's law: normal, with a standard deviation of sigma times the centre.
        z = (seconds - centre) / (sigma * centre)
        return 0.5 * z * z + math.log(sigma * centre)

    errors = total = 0
    for seed in seeds:
        rng = mc.case_rng(seed, f"human_sigma{round(sigma * 100)}")
        text = mc.text_for_duration(rng, mc.TARGET_S, 20, None)
        segments, info = mc.human_segments(text, rng, sigma)
        phase = info["ratio_phase_rad"]
        count = len(text.replace(" ", ""))
        letter_index = {}
        for i, ch in enumerate(text):
            if ch != " ":
                letter_index[i] = len(letter_index)
        words, marks, gaps, dits, ratios = [], [], [], [], []
        elapsed = 0.0
        dit = 1.2 / 15
        for key_down, seconds, char_index, char in segments:
            if char_index in letter_index:
                dit = 1.2 / (15 + 10 * letter_index[char_index] / max(1, count - 1))
            if key_down:
                marks.append(seconds)
                dits.append(dit)
                ratios.append(3 + 0.5 * math.sin(2 * math.pi * elapsed / 45 + phase))
            elif char == " ":
                words.append((marks, gaps, dits, ratios))
                marks, gaps, dits, ratios = [], [], [], []
            else:
                gaps.append(seconds)
            elapsed += seconds
        words.append((marks, gaps, dits, ratios))
        read = ""
        for marks, gaps, dits, ratios in words:
            n = len(marks)
            best = [math.inf] * (n + 1)
            choice = [None] * (n + 1)
            best[0] = 0.0
            for end in range(1, n + 1):
                for length in range(1, min(4, end) + 1):
                    start = end - length
                    total_cost = best[start] + math.log(26)
                    if start > 0:
                        total_cost += cost(gaps[start - 1], 3 * dits[start - 1])
                    total_cost += sum(cost(gaps[g], dits[g]) for g in range(start, end - 1))
                    for code, letter in letters.items():
                        if len(code) != length:
                            continue
                        c = total_cost + sum(cost(marks[start + i], dits[start + i] * (ratios[start + i] if e == "-" else 1))
                                             for i, e in enumerate(code))
                        if c < best[end]:
                            best[end] = c
                            choice[end] = (start, letter)
            word, end = "", n
            while end > 0:
                start, letter = choice[end]
                word = letter + word
                end = start
            read += word
        truth = text.replace(" ", "")
        errors += levenshtein(read, truth)
        total += len(truth)
    return errors / total


def fade_shares(seeds, thresholds=(0, -3, -6)):
    """Share of characters keyed while the faded signal was below each SNR (dB in 500 Hz), over the seeds."""
    mc = corpus_module()
    import numpy as np
    below = {t: 0 for t in thresholds}
    total = 0
    for seed in seeds:
        rng = mc.case_rng(seed, "qsb_20db_white_p10")
        _, x, marks, _ = mc.standard_signal(rng)
        gain = mc.qsb_gain(rng, len(x), mc.FS, 20.0)
        gain_db = 20 * np.log10(gain)
        by_char = {}
        for start, end, char_index, _ in marks:
            by_char.setdefault(char_index, []).append(gain_db[int(0.5 * (start + end) * mc.FS)])
        for values in by_char.values():
            snr = 10 + float(np.mean(values))
            total += 1
            for t in thresholds:
                below[t] += snr < t
    return {t: below[t] / total for t in thresholds}


def parse_seeds(text):
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seeds", default="1-8", help="realisations, as FIRST-LAST")
    args = parser.parse_args()
    seeds = parse_seeds(args.seeds)
    print(f"Seeds {seeds[0]}-{seeds[-1]}:")
    for sigma in (0.1, 0.2, 0.3):
        print(f"  hand keying, jitter {sigma:.0%}: an oracle reading errs on {100 * hand_keying_bound(sigma, seeds):.1f} % of the characters (no spaces)")
    shares = fade_shares(seeds)
    print("  fading 20 dB + white noise +10 dB: characters keyed below "
          + ", ".join(f"{t:+d} dB: {100 * share:.0f} %" for t, share in shares.items()))


if __name__ == "__main__":
    main()
