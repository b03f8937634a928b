#!/usr/bin/env python3
"""Files made elsewhere: the ways other generators' practice files and off-air
recordings differ from koch's own corpus.

    python3 scripts/outside_conditions.py OUTDIR [--seeds 1-2]

writes every condition for every seed as NAME_sSEED.wav with its .json (the
layout ../shared/bench/score.py reads); `make bench` scores koch and the peers
on them beside their targets.

- Oscillators rich in harmonics: a square wave computed sample by sample at
  8 kHz (its upper harmonics fold back below 4 kHz, as a naive generator's do),
  a sine clipped hard, and harmonics louder than their fundamental (a small speaker).
- A steady carrier 30-100 Hz from the keyed tone, louder and quieter than it.
- Clicks and static crashes of 1-10 ms between and around the characters, one
  at each end of the file.
- Single short words ("SOS", "PARIS", "CQ DE W2ASM") with 0.05-2 s of silence
  around them.
- Standard spacing (no Farnsworth) at 6, 12 and 25 WPM in noise whose level is
  given over the whole band of an 8 kHz file, as generators give it.
- 5 WPM for two minutes (a character must not break where a block ends).
- A contest's short overs separated by pauses of 1.6 s.
- Keying at 50 and 55 WPM with almost no silence around it.
- A beacon heard off the air: slow fading and 30 Hz of Doppler drift.
- Files sampled at 3 kHz and at 4.41 kHz.

Noise levels are the corpus's convention (the tone's power against the noise's
in 500 Hz around it) unless a condition says otherwise.
"""
import numpy as np

from decoder_conditions import case_writer, cli

WORDS = ["SOS", "PARIS", "CQ DE W2ASM", "TEST", "QRZ", "73 ES GL"]
OVERS = ["CQ TEST YU7NKA", "YU7NKA DL1ABC", "DL1ABC 599 001", "TU 599 002", "QRZ", "R 73", "TU",
         "G4XYZ", "G4XYZ 599 003", "TU 599", "CQ TEST YU7NKA"]


def conditions(mc):
    fs = mc.FS
    def envelope(rng, text, rate, wpm, eff_wpm=None, lead=mc.LEAD_S, tail=mc.TAIL_S, edge=mc.EDGE_S):
        env, _ = mc.keying_envelope(mc.machine_segments(text, wpm, eff_wpm), rate,
                                    lead_s=lead, tail_s=tail, edge_s=edge)
        return env

    def noise(rng, n, snr_db, freq, rate=fs):
        return mc.scale_noise_to_snr(mc.white_noise(rng, n), rate, freq, 1.0, snr_db)

    def square(freq, rate=8000):
        def make(rng):
            text = mc.text_for_duration(rng, 30, 15, None)
            env = envelope(rng, text, rate, 15, edge=0.0002)
            phase = 2 * np.pi * freq * np.arange(len(env)) / rate
            return text, env * np.sign(np.sin(phase + 0.1)), rate
        return make

    def clipped(rng):
        freq = float(rng.uniform(400, 700))
        text = mc.text_for_duration(rng, 30, 18, None)
        env = envelope(rng, text, fs, 18)
        x = np.clip(4 * env * mc.carrier(len(env), fs, freq), -1, 1)
        return text, x + noise(rng, len(x), 20, freq), fs

    def beside_carrier(offset_hz, rel_db, wpm=16):
        def make(rng):
            freq = float(rng.uniform(550, 750))
            text = mc.text_for_duration(rng, 40, wpm, None)
            env = envelope(rng, text, fs, wpm)
            side = 1 if rng.integers(2) else -1
            steady = 10 ** (rel_db / 20) * mc.carrier(len(env), fs, freq + side * offset_hz, rng.uniform(0, 6))
            x = env * mc.carrier(len(env), fs, freq) + steady
            return text, x + noise(rng, len(x), 20, freq), fs
        return make

    def clicks(kind):
        def make(rng):
            freq = float(rng.uniform(500, 800))
            text = mc.text_for_duration(rng, 30, 20, None)
            env = envelope(rng, text, fs, 20, lead=0.3, tail=0.3)
            x = env * mc.carrier(len(env), fs, freq)
            gaps = np.flatnonzero(np.convolve(env < 0.01, np.ones(int(0.1 * fs)), "same") >= int(0.1 * fs))
            starts = list(rng.choice(gaps, size=12, replace=False)) + [int(0.05 * fs), len(x) - int(0.02 * fs)]
            for start in starts:
                length = int(rng.uniform(0.001, 0.010) * fs)
                stop = min(len(x), start + length)
                if kind == "tone":
                    burst = 1.5 * np.sin(2 * np.pi * freq * np.arange(stop - start) / fs)
                else:
                    burst = 3 * rng.standard_normal(stop - start) * np.exp(-np.arange(stop - start) / (0.3 * length))
                x[start:stop] += burst
            return text, x + noise(rng, len(x), 25, freq), fs
        return make

    def short_word(snr_db):
        def make(rng):
            freq = float(rng.uniform(400, 900))
            wpm = int(rng.integers(12, 26))
            text = WORDS[rng.integers(len(WORDS))]
            lead, tail = rng.uniform(0.05, 2.0), rng.uniform(0.05, 2.0)
            env = envelope(rng, text, fs, wpm, lead=lead, tail=tail)
            x = env * mc.carrier(len(env), fs, freq)
            return text, x + noise(rng, len(x), snr_db, freq), fs
        return make

    def standard(wpm, band_snr_db, rate=8000):
        def make(rng):
            freq = float(rng.uniform(500, 800))
            text = mc.text_for_duration(rng, 60, wpm, None)
            env = envelope(rng, text, rate, wpm, edge=0.002)
            x = env * mc.carrier(len(env), rate, freq)
            # noise power over the whole band 0..rate/2, against the tone's power
            hiss = rng.standard_normal(len(x)) * np.sqrt(0.5 / 10 ** (band_snr_db / 10))
            return text, x + hiss, rate
        return make

    def slow(rng):
        text = " ".join(["Z" + "".join(rng.choice(list("QZYXJ"), 2)) for _ in range(12)])
        env = envelope(rng, text, fs, 5)
        x = env * mc.carrier(len(env), fs, 650.0)
        return text, x + noise(rng, len(x), 20, 650.0), fs

    def overs(rng):
        """A contest: short overs, 1.6 s between them (more pauses than word gaps)."""
        freq = float(rng.uniform(550, 750))
        wpm = int(rng.integers(18, 30))
        order = [OVERS[i] for i in rng.permutation(len(OVERS))]
        env = np.concatenate([envelope(rng, over, fs, wpm, None, lead=0.8, tail=0.8) for over in order])
        x = env * mc.carrier(len(env), fs, freq)
        return " ".join(order), x + noise(rng, len(x), 20, freq), fs

    def small_speaker(rng):
        """An oscillator's harmonics through a small speaker: the fundamental 10 dB below the second."""
        freq = float(rng.uniform(300, 450))
        text = mc.text_for_duration(rng, 30, 18, None)
        env = envelope(rng, text, fs, 18)
        t = np.arange(len(env)) / fs
        x = env * (0.3 * np.sin(2 * np.pi * freq * t) + np.sin(4 * np.pi * freq * t + 1) + 0.7 * np.sin(6 * np.pi * freq * t + 2))
        return text, x + noise(rng, len(x), 30, 2 * freq), fs

    def fast(wpm, snr_db):
        def make(rng):
            freq = float(rng.uniform(500, 900))
            text = mc.text_for_duration(rng, 12, wpm, None)
            env = envelope(rng, text, fs, wpm, lead=0.02, tail=0.02, edge=0.002)
            x = env * mc.carrier(len(env), fs, freq)
            return text, x + noise(rng, len(x), snr_db, freq), fs
        return make

    def beacon(rng):
        rate = 11025
        text = " ".join(["VVV DE DB0ABC JO41"] * 3)
        env = envelope(rng, text, rate, 16)
        n = len(env)
        fade = mc.qsb_gain(rng, n, rate, depth_db=12.0)
        start = float(rng.uniform(650, 750))
        frequency = start - 30 * np.arange(n) / n
        x = env * fade * np.sin(2 * np.pi * np.cumsum(frequency) / rate)
        return text, x + noise(rng, n, 15, start, rate), rate

    def low_rate(rate):
        def make(rng):
            freq = float(rng.uniform(0.15, 0.3) * rate)
            text = mc.text_for_duration(rng, 30, 20, None)
            env = envelope(rng, text, rate, 20)
            x = env * mc.carrier(len(env), rate, freq)
            return text, x + noise(rng, len(x), 20, freq, rate), rate
        return make

    return {
        "square wave at 300 Hz, 8 kHz": square(300.0),
        "square wave at 600 Hz, 8 kHz": square(600.0),
        "clipped oscillator, +20 dB": clipped,
        "harmonics louder than the fundamental": small_speaker,
        "carrier 100 Hz away, +6 dB": beside_carrier(100, 6),
        "carrier 60 Hz away, -6 dB": beside_carrier(60, -6),
        "carrier 40 Hz away, 0 dB, 12 WPM": beside_carrier(40, 0, wpm=12),
        "tone clicks of 1-10 ms": clicks("tone"),
        "static crashes of 1-10 ms": clicks("crash"),
        "a short word, clean": short_word(40),
        "a short word, +15 dB": short_word(15),
        "6 WPM standard spacing, 8 kHz band SNR 0 dB": standard(6, 0),
        "12 WPM standard spacing, 8 kHz band SNR 0 dB": standard(12, 0),
        "25 WPM standard spacing, 8 kHz band SNR 0 dB": standard(25, 0),
        "12 WPM standard spacing, 8 kHz band SNR -3 dB": standard(12, -3),
        "5 WPM for two minutes": slow,
        "contest overs with pauses of 1.6 s": overs,
        "50 WPM, little silence": fast(50, 30),
        "55 WPM, little silence": fast(55, 30),
        "40 WPM, little silence, +6 dB": fast(40, 6),
        "beacon off the air: fading, 30 Hz Doppler": beacon,
        "sampled at 3 kHz": low_rate(3000),
        "sampled at 4.41 kHz": low_rate(4410),
    }


# Targets of the character error rate (with spaces).
TARGETS = {
    "square_wave_at_300_hz_8_khz": 0.0,
    "square_wave_at_600_hz_8_khz": 0.0,
    "clipped_oscillator_20_db": 0.0,
    "harmonics_louder_than_the_fundamental": 0.0,
    "carrier_100_hz_away_6_db": 0.01,
    "carrier_60_hz_away_6_db": 0.01,
    "carrier_40_hz_away_0_db_12_wpm": 0.01,
    "tone_clicks_of_1_10_ms": 0.0,
    "static_crashes_of_1_10_ms": 0.0,
    "a_short_word_clean": 0.0,
    "a_short_word_15_db": 0.0,
    "6_wpm_standard_spacing_8_khz_band_snr_0_db": 0.02,
    "12_wpm_standard_spacing_8_khz_band_snr_0_db": 0.02,
    "25_wpm_standard_spacing_8_khz_band_snr_0_db": 0.02,
    "12_wpm_standard_spacing_8_khz_band_snr_3_db": 0.02,
    "5_wpm_for_two_minutes": 0.0,
    "contest_overs_with_pauses_of_1_6_s": 0.0,
    "50_wpm_little_silence": 0.01,
    "55_wpm_little_silence": 0.01,
    "40_wpm_little_silence_6_db": 0.02,
    "beacon_off_the_air_fading_30_hz_doppler": 0.0,
    "sampled_at_3_khz": 0.0,
    "sampled_at_4_41_khz": 0.0,
}


write_cases = case_writer(conditions)


if __name__ == "__main__":
    cli(__doc__, write_cases)
