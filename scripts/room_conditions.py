#!/usr/bin/env python3
"""Recordings made the way learners make them: someone talking in the room (over
a machine's keying and over a straight key), music, a drifting or chirping
oscillator, a phone's chain (automatic gain, room echo, the 300-3400 Hz band,
8 and 16 kHz) over a jittery fist, fast keying in short files, and a recording
sampled at 4 kHz.

    python3 scripts/room_conditions.py OUTDIR [--seeds 1-2]

writes every condition for every seed as NAME_sSEED.wav with its .json (the
layout ../shared/bench/score.py reads); `make bench` scores koch and the peers
on them beside their targets. Built from the corpus generator's own parts
(../shared/bench/make_corpus.py): its timing, edges, SNR convention and text.
Speech is real synthetic speech from espeak-ng (a Debian package), at the
tone's loudness, 6 dB louder and 6 dB under it.

Levels: "talk at 0 dB" means the speech's level while it sounds (the RMS of
its 20 ms frames within 30 dB of its loudest) equals the keyed tone's RMS
while the key is down; music likewise. A room's echo is an exponentially
decaying noise tail (RT60 0.6 s) after the direct sound, scaled to a
direct-to-reverberant energy ratio (DRR).
"""
import os
import shutil
import subprocess
import tempfile

import numpy as np
from scipy import signal
from scipy.io import wavfile

from decoder_conditions import case_name, case_writer, cli

SENTENCES = [
    "Did you remember to buy the milk on the way home this evening",
    "The weather tomorrow looks cold with some rain in the afternoon",
    "I think the match starts at eight so we should eat before then",
    "Could you turn that down a little, I am trying to practise",
    "And now the news. The council has agreed to repair the old bridge",
    "She said the train was late again, the third time this week",
    "Put the kettle on, would you, and there are biscuits in the tin",
    "Traffic on the ring road is heavy after an accident near the station",
    "We could go to the coast on Saturday if the weather holds",
    "The recipe needs two eggs, a cup of flour and a little butter",
]
VOICES = ["en", "en+f3", "en-us", "en+m3", "en+f2", "en-gb-x-rp"]


def active_rms(x, fs):
    """RMS of the 20 ms frames within 30 dB of the loudest one: a sound's level while it sounds."""
    n = int(0.02 * fs)
    frames = x[: len(x) // n * n].reshape(-1, n)
    power = np.mean(frames ** 2, axis=1)
    loud = power >= power.max() * 1e-3
    return float(np.sqrt(np.mean(power[loud])))


def speech(rng, seconds, fs):
    """Sentences spoken by espeak-ng with pauses between them, at least `seconds` long."""
    if shutil.which("espeak-ng") is None:
        raise SystemExit("room_conditions: espeak-ng is missing (apt-get install espeak-ng)")
    voice = VOICES[rng.integers(len(VOICES))]
    rate = int(rng.integers(140, 190))
    pieces, total = [], 0.0
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "speech.wav")
        while total < seconds:
            sentence = SENTENCES[rng.integers(len(SENTENCES))]
            subprocess.run(["espeak-ng", "-v", voice, "-s", str(rate), "-w", path, sentence], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            rate_in, x = wavfile.read(path)
            x = x.astype(np.float64) / 32768.0
            x = signal.resample_poly(x, fs, rate_in) if rate_in != fs else x
            pause = np.zeros(int(rng.uniform(0.2, 1.2) * fs))
            pieces += [x, pause]
            total += (len(x) + len(pause)) / fs
    return np.concatenate(pieces)


def fit(x, n):
    return x[:n] if len(x) >= n else np.concatenate([x, np.zeros(n - len(x))])


def music(rng, n, fs, tone_hz):
    """Chords of three notes with two overtones, struck on every beat (0.5 s) and
    changed every bar, over a kick drum. No partial lies within 40 Hz of the tone:
    closer than that, no filter narrow enough for the keying can tell them apart."""
    t = np.arange(n) / fs
    beat = 0.5
    progression = [[48, 52, 55], [43, 47, 50], [45, 48, 52], [41, 45, 48]]  # C G Am F (MIDI)
    out = np.zeros(n)
    strike = np.zeros(n)
    for k in range(int(n / fs / beat) + 1):
        i0 = int(k * beat * fs)
        if i0 >= n:
            break
        strike[i0:] = 0
        length = min(n - i0, int(beat * fs))
        local = np.arange(length) / fs
        envelope = np.minimum(1, local / 0.01) * np.exp(-local / 0.25)
        chord = progression[(k // 4) % len(progression)]
        for note in chord:
            octave = 12 * int(rng.integers(0, 2))
            f0 = 440 * 2 ** ((note + octave - 69) / 12)
            for harmonic, amplitude in [(1, 1.0), (2, 0.4), (3, 0.2)]:
                f = f0 * harmonic
                if abs(f - tone_hz) < 40:
                    continue
                out[i0:i0 + length] += amplitude * envelope * np.sin(2 * np.pi * f * local + rng.uniform(0, 6.3))
        kick = np.exp(-local / 0.06) * np.sin(2 * np.pi * (50 + 60 * np.exp(-local / 0.02)) * local)
        out[i0:i0 + length] += 1.5 * kick
    return out


def room_reverb(rng, x, fs, drr_db, rt60_s=0.6):
    """The direct sound plus an exponentially decaying diffuse tail at this direct-to-reverberant ratio."""
    length = int(rt60_s * 1.2 * fs)
    t = np.arange(length) / fs
    tail = rng.standard_normal(length) * np.exp(-6.91 * t / rt60_s)
    tail[: int(0.004 * fs)] = 0
    tail *= np.sqrt(10 ** (-drr_db / 10) / np.sum(tail ** 2))
    wet = signal.fftconvolve(x, tail)[: len(x)]
    return x + wet


def agc(x, fs, max_gain_db=30.0, attack_s=0.005, release_s=0.4):
    """A phone's automatic gain: levels the loudest sound, and between words lifts the room's noise up to it."""
    level = np.abs(signal.hilbert(x))
    attack, release = np.exp(-1 / (attack_s * fs)), np.exp(-1 / (release_s * fs))
    follower = float(level[: int(0.05 * fs)].mean()) + 1e-9
    floor = level.max() * 10 ** (-max_gain_db / 20)
    gain = np.empty_like(x)
    for i, v in enumerate(level):
        k = attack if v > follower else release
        follower = k * follower + (1 - k) * v
        gain[i] = 1 / max(follower, floor)
    return x * gain


TALK_WPM, TALK_EFFECTIVE_WPM = 20, 12
TALK_CONDITIONS = {0: "talk at the tone's loudness", 6: "talk 6 dB louder than the tone", -6: "talk 6 dB under the tone"}
# A learner's straight key under talk: the phone conditions' fist (15 % jitter, standard spacing).
HAND_WPM, HAND_JITTER = 18, 0.15


def keying_segments(mc, rng, text, wpm, eff_wpm, sigma=0.0):
    """`text` keyed by a machine at `wpm` (gaps at `eff_wpm`), or by a straight key at `wpm`
    whose every element and gap is off by `sigma` (standard spacing)."""
    return mc.machine_segments(text, wpm, eff_wpm) if sigma == 0 else mc.human_segments(text, rng, sigma, wpm, wpm)[0]


def talk_parts(mc, rng, level_db, with_tone=True, by_hand=False):
    """The talk conditions' sounds apart: 45 s of keying at TALK_WPM (gaps at TALK_EFFECTIVE_WPM;
    `by_hand`: a straight key at HAND_WPM with HAND_JITTER) on a steady oscillator, espeak-ng's
    voice `level_db` over it while each sounds, and noise 30 dB under; with the text and its
    keying (`mc.machine_segments`, `mc.human_segments`)."""
    fs = mc.FS
    freq = float(rng.uniform(550, 750))
    wpm, eff_wpm, sigma = (HAND_WPM, HAND_WPM, HAND_JITTER) if by_hand else (TALK_WPM, TALK_EFFECTIVE_WPM, 0.0)
    text = mc.text_for_duration(rng, 45, wpm, eff_wpm) if with_tone else ""
    segments = keying_segments(mc, rng, text, wpm, eff_wpm, sigma) if with_tone else []
    envelope = mc.keying_envelope(segments, fs, lead_s=mc.LEAD_S, tail_s=mc.TAIL_S)[0] if with_tone else np.zeros(45 * fs)
    tone = envelope * mc.carrier(len(envelope), fs, freq)
    voice = fit(speech(rng, len(tone) / fs, fs), len(tone))
    voice *= (1 / np.sqrt(2)) * 10 ** (level_db / 20) / active_rms(voice, fs)
    hiss = mc.scale_noise_to_snr(mc.white_noise(rng, len(tone)), fs, freq, 1.0, 30)
    return {"text": text, "segments": segments, "freq": freq, "tone": tone, "voice": voice, "noise": hiss}


def talk_shares(mc, seeds, level_db, thresholds_db=(0, -3)):
    """What the talk condition itself sets: the share of the characters during which the voice,
    inside the band a dit occupies at the tone's pitch (a dit-long filter), was as loud as the
    tone at some moment, or within 3 dB of it. There two sounds of one pitch fill the tone's
    filter, and only the tone's phase and timing tell them apart. `level_db`: one of
    TALK_CONDITIONS, whose recordings these are."""
    fs = mc.FS
    name = case_name(TALK_CONDITIONS[level_db])
    counts, total = {threshold: 0 for threshold in thresholds_db}, 0
    for seed in seeds:
        parts = talk_parts(mc, mc.case_rng(seed, name), level_db)
        t = np.arange(len(parts["voice"])) / fs
        mixed = parts["voice"] * np.exp(-2j * np.pi * parts["freq"] * t) * 2
        dit = 1.2 / TALK_WPM
        level = np.abs(signal.fftconvolve(mixed, np.ones(int(dit * fs)) / int(dit * fs), mode="same"))
        spans, start = {}, mc.LEAD_S
        for segment in parts["segments"]:
            key_down, seconds, index = segment[0], segment[1], segment[2]
            if key_down:
                spans.setdefault(index, [start, start])[1] = start + seconds
            start += seconds
        for first, last in spans.values():
            loudest = level[int(first * fs):int(last * fs)].max()
            for threshold in thresholds_db:
                counts[threshold] += loudest >= 10 ** (threshold / 20)
            total += 1
    return {threshold: count / max(1, total) for threshold, count in counts.items()}


def conditions(mc):
    fs = mc.FS

    def keyed(rng, text, freq, wpm=20, eff_wpm=12, rate=fs, lead=mc.LEAD_S, tail=mc.TAIL_S, sigma=0.0):
        segments = keying_segments(mc, rng, text, wpm, eff_wpm, sigma)
        envelope, _ = mc.keying_envelope(segments, rate, lead_s=lead, tail_s=tail)
        return envelope

    def noise(rng, n, snr_db, freq, rate=fs):
        return mc.scale_noise_to_snr(mc.white_noise(rng, n), rate, freq, 1.0, snr_db)

    def talk(level_db, with_tone=True, by_hand=False):
        def make(rng):
            parts = talk_parts(mc, rng, level_db, with_tone, by_hand)
            return parts["text"], parts["tone"] + parts["voice"] + parts["noise"], fs
        return make

    def chords(rng):
        freq = float(rng.uniform(550, 750))
        text = mc.text_for_duration(rng, 45, 20, 12)
        envelope = keyed(rng, text, freq)
        x = envelope * mc.carrier(len(envelope), fs, freq)
        background = music(rng, len(x), fs, freq)
        background *= (1 / np.sqrt(2)) / active_rms(background, fs)
        return text, x + background + noise(rng, len(x), 30, freq), fs

    def drift(hz_per_minute):
        def make(rng):
            text = mc.text_for_duration(rng, 90, 20, 12)
            envelope = keyed(rng, text, 0)
            minutes = len(envelope) / fs / 60
            start = 700 + (-1 if rng.integers(2) else 1) * hz_per_minute * minutes / 2
            direction = -1 if start > 700 else 1
            frequency = start + direction * hz_per_minute * np.arange(len(envelope)) / fs / 60
            x = envelope * np.sin(2 * np.pi * np.cumsum(frequency) / fs)
            return text, x + noise(rng, len(x), 10, 700.0), fs
        return make

    def chirp(rng):
        """Every key-down starts 50 Hz high and settles within 20 ms (a cheap oscillator's chirp)."""
        text = mc.text_for_duration(rng, 60, 20, 12)
        envelope = keyed(rng, text, 0)
        key_down = envelope > 0.5
        starts = np.flatnonzero(np.diff(key_down.astype(int)) == 1)
        since = np.full(len(envelope), 1.0)
        for start in starts:
            stop = min(len(envelope), start + int(0.05 * fs))
            since[start:stop] = np.arange(stop - start) / fs
        frequency = 650 + 50 * np.exp(-since / 0.007)
        x = envelope * np.sin(2 * np.pi * np.cumsum(frequency) / fs)
        return text, x + noise(rng, len(x), 10, 650.0), fs

    def phone(drr_db, rate):
        def make(rng):
            freq = float(rng.uniform(550, 800))
            text = mc.text_for_duration(rng, 50, 18, 18)
            envelope = keyed(rng, text, freq, wpm=18, eff_wpm=18, sigma=0.15)
            x = envelope * mc.carrier(len(envelope), fs, freq)
            x = room_reverb(rng, x, fs, drr_db)
            hiss = signal.lfilter([1], [1, -0.95], rng.standard_normal(len(x)))  # a room's low rumble and hiss
            x = x + hiss * (0.03 / np.std(hiss))
            x = signal.sosfilt(signal.butter(4, [300, 3400], btype="bandpass", fs=fs, output="sos"), x)
            x = agc(x, fs)
            return text, signal.resample_poly(x, rate, fs), rate
        return make

    def fast(wpm):
        def make(rng):
            freq = float(rng.uniform(500, 900))
            text = mc.text_for_duration(rng, 15, wpm, wpm)
            envelope = keyed(rng, text, freq, wpm=wpm, eff_wpm=wpm, lead=0.0, tail=0.15)
            x = envelope * mc.carrier(len(envelope), fs, freq)
            return text, x + noise(rng, len(x), 20, freq), fs
        return make

    def four_kilohertz(rng):
        rate = 4000
        text = mc.text_for_duration(rng, 20, 40, 40)
        envelope = keyed(rng, text, 600.0, wpm=40, eff_wpm=40, rate=rate, lead=0.3, tail=0.3)
        x = envelope * mc.carrier(len(envelope), rate, 600.0)
        return text, x + noise(rng, len(x), 25, 600.0, rate), rate

    return {
        TALK_CONDITIONS[0]: talk(0),
        TALK_CONDITIONS[6]: talk(6),
        TALK_CONDITIONS[-6]: talk(-6),
        "talk at the tone's loudness over a straight key": talk(0, by_hand=True),
        "talk alone": talk(0, with_tone=False),
        "music at the tone's loudness": chords,
        "drift 30 Hz a minute, +10 dB": drift(30),
        "drift 100 Hz a minute, +10 dB": drift(100),
        "drift 150 Hz a minute, +10 dB": drift(150),
        "chirp 50 Hz at key-down, +10 dB": chirp,
        "phone near, DRR +6 dB, 8 kHz": phone(6, 8000),
        "phone near, DRR +6 dB, 16 kHz": phone(6, 16000),
        "phone in a reverberant room, DRR -6 dB, 8 kHz": phone(-6, 8000),
        "phone in a reverberant room, DRR -6 dB, 16 kHz": phone(-6, 16000),
        "35 WPM short file": fast(35),
        "40 WPM short file": fast(40),
        "45 WPM short file": fast(45),
        "40 WPM sampled at 4 kHz": four_kilohertz,
    }


# Targets of the character error rate (with spaces); None: no characters at all. Talk is held to
# its target at the tone's loudness, and 6 dB under it; 6 dB louder, and at the tone's loudness
# over a straight key, it is measured beside them with no target.
TARGETS = {
    "talk_at_the_tone_s_loudness": 0.01,
    "talk_6_db_under_the_tone": 0.01,
    "talk_alone": None,
    "music_at_the_tone_s_loudness": 0.01,
    "drift_30_hz_a_minute_10_db": 0.01,
    "drift_100_hz_a_minute_10_db": 0.01,
    "drift_150_hz_a_minute_10_db": 0.01,
    "chirp_50_hz_at_key_down_10_db": 0.01,
    "phone_near_drr_6_db_8_khz": 0.02,
    "phone_near_drr_6_db_16_khz": 0.02,
    "phone_in_a_reverberant_room_drr_6_db_8_khz": 0.05,
    "phone_in_a_reverberant_room_drr_6_db_16_khz": 0.05,
    "35_wpm_short_file": 0.01,
    "40_wpm_short_file": 0.01,
    "45_wpm_short_file": 0.01,
    "40_wpm_sampled_at_4_khz": 0.01,
}


write_cases = case_writer(conditions)


if __name__ == "__main__":
    cli(__doc__, write_cases)
