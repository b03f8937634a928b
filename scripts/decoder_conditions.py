#!/usr/bin/env python3
"""Conditions a real recording has that the reference corpus does not:
interfering stations and carriers, other noise colours, fast and slow
keying, tones on the edges of the search range, noise before the keying,
a pause, a drifting, chirping or square-wave oscillator, a phone's AGC,
hard keying.

    python3 scripts/decoder_conditions.py OUTDIR [--seeds 1-2]

writes every condition for every seed as NAME_sSEED.wav with its .json, the
layout ../shared/bench/score.py reads; `make bench` scores koch and the
peers on them. Built from the corpus generator's own parts
(../shared/bench/make_corpus.py): its timing, edges, SNR convention and text.
"""
import argparse
import json
import os
import re

import numpy as np
from scipy import signal

from decoder_limits import corpus_module, parse_seeds


def conditions(mc):
    fs = mc.FS

    def plain(rng, wpm=20, eff_wpm=12, freq=600.0):
        text, x, _, _ = mc.standard_signal(rng, wpm=wpm, eff_wpm=eff_wpm, freq=freq)
        return text, x

    def noise(rng, x, snr_db, freq=600.0, amplitude=1.0):
        return mc.scale_noise_to_snr(mc.white_noise(rng, len(x)), fs, freq, amplitude, snr_db)

    def coloured(rng, n, alpha):
        spectrum = np.fft.rfft(rng.standard_normal(n))
        f = np.fft.rfftfreq(n, 1 / fs)
        f[0] = f[1]
        return np.fft.irfft(spectrum / f ** (alpha / 2), n)

    def qrm(keyed, offset_hz, rel_db):
        return lambda rng: (lambda c: (c["truth"], c["audio"]))(
            mc.build_qrm(rng, keyed=keyed, offset_hz=offset_hz, rel_db=rel_db))

    def colour(alpha, snr_db):
        def make(rng):
            text, x = plain(rng)
            n = mc.scale_noise_to_snr(coloured(rng, len(x), alpha), fs, 600.0, 1.0, snr_db)
            return text, x + n
        return make

    def speed(wpm, eff_wpm):
        return lambda rng: plain(rng, wpm, eff_wpm)

    def tone(freq):
        return lambda rng: plain(rng, freq=freq)

    def noise_first(rng):
        text, x = plain(rng)
        x = np.concatenate([np.zeros(40 * fs), x])
        return text, x + noise(rng, x, 10)

    def pause(rng):
        first = mc.text_for_duration(rng, 35, 20, None)
        second = mc.text_for_duration(rng, 35, 20, None)
        a, _ = mc.human_segments(first, rng, 0.15, 15, 18)
        b, _ = mc.human_segments(second, rng, 0.15, 18, 20)
        env = np.concatenate([mc.keying_envelope(a, fs)[0], np.zeros(15 * fs), mc.keying_envelope(b, fs)[0]])
        x = env * mc.carrier(len(env), fs, 650.0)
        return first + " " + second, x + noise(rng, x, 15, 650.0)

    def drift(hz):
        def make(rng):
            text = mc.text_for_duration(rng, mc.TARGET_S, 20, 12)
            env, _ = mc.keying_envelope(mc.machine_segments(text), fs)
            phase = 2 * np.pi * np.cumsum(np.linspace(650, 650 + hz, len(env))) / fs
            x = env * np.sin(phase)
            return text, x + noise(rng, x, 6, 650.0 + hz / 2)
        return make

    def chirp(offset_hz, settle_s, snr_db=15):
        """Hand keying on an oscillator whose pitch starts `offset_hz` high at every key-down and
        settles exponentially with the time constant `settle_s` (a cheap oscillator, an old rig)."""
        def make(rng):
            text = mc.text_for_duration(rng, mc.TARGET_S, 20, None)
            segments, _ = mc.human_segments(text, rng, 0.1, 16, 22)
            env, marks = mc.keying_envelope(segments, fs)
            since = np.full(len(env), np.inf)
            for start, end, _, _ in marks:
                first, last = int((start - mc.EDGE_S / 2) * fs), min(len(env), int((end + mc.EDGE_S) * fs) + 1)
                since[first:last] = np.arange(last - first) / fs
            frequency = 650.0 + offset_hz * np.exp(-since / settle_s)
            x = env * np.sin(2 * np.pi * np.cumsum(frequency) / fs)
            return text, x + noise(rng, x, snr_db, 650.0)
        return make

    def agc(rng):
        text = mc.text_for_duration(rng, mc.TARGET_S, 20, None)
        segments, _ = mc.human_segments(text, rng, 0.1)
        env, _ = mc.keying_envelope(segments, fs)
        x = env * mc.carrier(len(env), fs, 800.0)
        x = x + noise(rng, x, 15, 800.0)
        level = np.abs(signal.hilbert(x))
        attack, release = np.exp(-1 / (0.005 * fs)), np.exp(-1 / (0.3 * fs))
        gain = np.empty_like(x)
        follower = 1e-3
        for i, v in enumerate(level):
            k = attack if v > follower else release
            follower = k * follower + (1 - k) * v
            gain[i] = 1 / max(follower, 0.02)
        return text, x * gain

    def hard(rng):
        text = mc.text_for_duration(rng, mc.TARGET_S, 20, 12)
        env, _ = mc.keying_envelope(mc.machine_segments(text), fs, edge_s=0.0002)
        return text, env * mc.carrier(len(env), fs, 700.0)

    def square(rng):
        text = mc.text_for_duration(rng, mc.TARGET_S, 20, None)
        segments, _ = mc.human_segments(text, rng, 0.1)
        env, _ = mc.keying_envelope(segments, fs)
        t = np.arange(len(env)) / fs
        return text, 0.5 * env * np.sign(np.sin(2 * np.pi * 500 * t))

    def right_only(rng):
        c = mc.build_phone(rng, fs, (50.0, 15000.0), channels=2, right_only=True)
        return c["truth"], c["audio"]

    return {
        "keyed station 200 Hz away, 0 dB": qrm(True, 200.0, 0.0),
        "keyed station 100 Hz away, +6 dB": qrm(True, 100.0, 6.0),
        "keyed station 80 Hz away, 0 dB": qrm(True, 80.0, 0.0),
        "carrier 50 Hz away, 0 dB": qrm(False, 50.0, 0.0),
        "carrier 100 Hz away, +10 dB": qrm(False, 100.0, 10.0),
        "carrier 300 Hz away, +20 dB": qrm(False, 300.0, 20.0),
        "pink noise -3 dB": colour(1, -3),
        "brown noise 0 dB": colour(2, 0),
        "30 WPM, no Farnsworth": speed(30, 30),
        "40 WPM, no Farnsworth": speed(40, 40),
        "5 WPM": speed(5, 5),
        "tone at 310 Hz": tone(310.0),
        "tone at 1490 Hz": tone(1490.0),
        "40 s of noise, then keying at +10 dB": noise_first,
        "hand keying with a 15 s pause, +15 dB": pause,
        "oscillator drifting 20 Hz, +6 dB": drift(20),
        "oscillator drifting 40 Hz, +6 dB": drift(40),
        "phone AGC, hand keying, +15 dB": agc,
        "chirp 40 Hz settling in 10 ms, +15 dB": chirp(40, 0.010),
        "chirp 40 Hz settling in 15 ms, +15 dB": chirp(40, 0.015),
        "chirp 40 Hz settling in 25 ms, +15 dB": chirp(40, 0.025),
        "chirp 15 Hz settling in 25 ms, +15 dB": chirp(15, 0.025),
        "hard keying (clicks)": hard,
        "square-wave oscillator": square,
        "stereo, signal in the right channel only": right_only,
    }


def case_name(condition):
    return re.sub("_+", "_", "".join(c if c.isalnum() else "_" for c in condition.lower())).strip("_")


def write_table(outdir, seeds, table, mc):
    """Writes every condition of `table` (name -> make(rng) giving text and audio, and the
    sample rate when it is not the corpus's) for every seed as NAME_sSEED.wav with its .json
    (score.py's layout); returns the case names in order."""
    os.makedirs(outdir, exist_ok=True)
    for seed in seeds:
        for condition, make in table.items():
            name = case_name(condition)
            text, audio, *rate = make(mc.case_rng(seed, name))
            stem = f"{name}_s{seed}"
            mc.write_wav(os.path.join(outdir, stem + ".wav"), mc.peak_normalise(audio), rate[0] if rate else mc.FS)
            with open(os.path.join(outdir, stem + ".json"), "w") as f:
                json.dump({"case": stem, "audio_file": stem + ".wav", "truth": text, "condition": condition}, f)
    return [case_name(condition) for condition in table]


def case_writer(conditions):
    """The `write_cases(outdir, seeds)` of a conditions script: writes every condition of
    `conditions(mc)` for every seed; returns the case names in order."""
    def write_cases(outdir, seeds):
        mc = corpus_module()
        return write_table(outdir, seeds, conditions(mc), mc)
    return write_cases


write_cases = case_writer(conditions)


def cli(doc, write):
    """The command line of a conditions script: OUTDIR [--seeds FIRST-LAST]; prints the case names."""
    parser = argparse.ArgumentParser(description=doc, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("outdir")
    parser.add_argument("--seeds", default="1-2", help="realisations, as FIRST-LAST")
    args = parser.parse_args()
    for name in write(args.outdir, parse_seeds(args.seeds)):
        print(name)


if __name__ == "__main__":
    cli(__doc__, write_cases)
