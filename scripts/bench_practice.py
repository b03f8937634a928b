"""Live practice in `make bench`: the keyer's latency from a key event to its sidetone queued,
the sound device's output latency as PortAudio reports it, the delay from a character's end to
its display, and the processor time taken while practising. A paddle is played into a FIFO of
Linux input_event records, as a USB adapter's device gives them; the microphone is a recording of
koch's own keying read at its own pace. Through a PulseAudio null sink where pulseaudio runs."""
import json
import os
import shutil
import statistics
import struct
import subprocess
import tempfile
import threading
import time

PATTERNS = {"P": ".--.", "A": ".-", "R": ".-.", "I": "..", "S": "..."}


def paddle_presses(text, wpm, start=0.5):
    """(seconds, code, down) for `text` keyed on paddles (left Ctrl dit, right Ctrl dah)."""
    unit, t, presses = 1.2 / wpm, start, []
    for word in text.split():
        for character in word:
            for element in PATTERNS[character]:
                code = 29 if element == "." else 97
                presses += [(t, code, 1), (t + unit / 2, code, 0)]
                t += (2 if element == "." else 4) * unit + 0.3 * unit
            t += 2.2 * unit
        t += 4.4 * unit
    return presses


def feed(fifo, presses, written=None):
    """Writes the presses into the FIFO at their times (from when koch opens it), then closes it;
    `written` gets the monotonic time each was written at."""
    def run():
        with open(fifo, "wb", buffering=0) as handle:
            start = time.monotonic()
            for seconds, code, value in presses:
                wait = start + seconds - time.monotonic()
                if wait > 0:
                    time.sleep(wait)
                now = time.time()
                handle.write(struct.pack("<qqHHi", int(now), int((now % 1) * 1e6), 1, code, value)
                             + struct.pack("<qqHHi", int(now), int((now % 1) * 1e6), 0, 0, 0))
                if written is not None:
                    written.append((time.monotonic(), value))
            time.sleep(0.3)
    thread = threading.Thread(target=run)
    thread.start()
    return thread


def exercise(koch, scratch, words):
    """A send exercise of PARIS `words` times: its key."""
    text = os.path.join(scratch, "paris.txt")
    with open(text, "w") as handle:
        handle.write(" ".join(["PARIS"] * words) + "\n")
    out = os.path.join(scratch, "exercise")
    subprocess.run([koch, "lesson", "--direction", "send", "--kind", "text", "--file", text, "--minutes", "5",
                    "--format", "none", "--out", out, "--seed", "1"], check=True, stdout=subprocess.DEVNULL)
    return next(os.path.join(out, f) for f in os.listdir(out) if f.endswith(".key.json"))


def practise(koch, scratch, arguments, name, presses=None, env=None):
    """Runs one session; returns its timings (koch practice --timings)."""
    timings = os.path.join(scratch, name + ".json")
    progress = os.path.join(scratch, name, "progress.json")
    command = [koch, "practice", *arguments, "--timings", timings, "--progress", progress]
    thread = None
    if presses is not None:
        fifo = os.path.join(scratch, name + ".fifo")
        os.mkfifo(fifo)
        command += ["--key-device", fifo]
        thread = feed(fifo, presses)
    subprocess.run(command, check=False, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                   env=env, timeout=600)
    if thread:
        thread.join()
    with open(timings) as handle:
        return json.load(handle)


def pulse_environment(scratch):
    """A PulseAudio daemon with a null sink, and the environment that reaches it through ALSA."""
    if shutil.which("pulseaudio") is None:
        return None, None
    home = os.path.join(scratch, "pulse-home")
    runtime = os.path.join(scratch, "pulse-runtime")
    os.makedirs(home)
    os.makedirs(runtime, mode=0o700)
    with open(os.path.join(home, ".asoundrc"), "w") as handle:
        handle.write("pcm.!default { type pulse }\nctl.!default { type pulse }\n")
    env = dict(os.environ, HOME=home, XDG_RUNTIME_DIR=runtime, PULSE_SERVER="unix:" + os.path.join(runtime, "pulse", "native"))
    started = subprocess.run(["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "--disallow-exit", "-n",
                              "--load=module-native-protocol-unix", "--load=module-null-sink sink_name=koch"],
                             env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if started.returncode != 0:
        return None, None
    time.sleep(1)
    return env, lambda: subprocess.run(["pulseaudio", "--kill"], env=env, stderr=subprocess.DEVNULL)


def monitor_onsets(env, stop, rate=48000):
    """Records the null sink's monitor with parec, stamping each chunk as it arrives; returns the
    monotonic time of each tone onset heard (after at least 20 ms of quiet)."""
    import numpy
    process = subprocess.Popen(["parec", "-d", "koch.monitor", "--format=float32le", "--channels=1", f"--rate={rate}",
                                "--latency-msec=2", "--raw"], stdout=subprocess.PIPE, env=env)
    chunks, rest = [], b""
    while not stop.is_set():
        data = process.stdout.read1(4096)
        if not data:
            break
        data, whole = rest + data, (len(rest) + len(data)) // 4 * 4
        rest = data[whole:]
        chunks.append((time.monotonic(), numpy.frombuffer(data[:whole], dtype="<f4")))
    process.kill()
    onsets, quiet, level = [], 0, 0.0
    for arrived, samples in chunks:
        for index, sample in enumerate(numpy.abs(samples)):
            level = max(sample, level * 0.995)
            if level > 0.1 and quiet >= rate // 50:
                onsets.append(arrived - (len(samples) - index) / rate)
            quiet = 0 if level > 0.1 else quiet + 1
    return onsets


def end_to_end(koch, scratch, key, presses, env):
    """From each paddle press written into the FIFO to its sidetone heard on the sink's monitor:
    an upper bound, for it holds the monitor's own capture latency too."""
    stop, written, onsets = threading.Event(), [], []
    recorder = threading.Thread(target=lambda: onsets.extend(monitor_onsets(env, stop)))
    recorder.start()
    time.sleep(0.5)
    fifo = os.path.join(scratch, "end-to-end.fifo")
    os.mkfifo(fifo)
    thread = feed(fifo, presses, written)
    subprocess.run([koch, "practice", "send", "--key", key, "--sound-device", "default", "--key-device", fifo,
                    "--progress", os.path.join(scratch, "end-to-end", "progress.json")],
                   stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, timeout=600)
    thread.join()
    time.sleep(0.3)
    stop.set()
    recorder.join()
    delays = []
    for pressed, value in written:
        following = [onset - pressed for onset in onsets if 0 <= onset - pressed < 0.2]
        if value == 1 and following:
            delays.append(min(following))
    return delays


def row(what, timings):
    unit = timings.get("unitSeconds") or 0.06
    keyer = timings["keyerLatencySeconds"]
    display = timings["displayDelaySeconds"]
    ms = lambda value: "-" if value is None else f"{value * 1000:.2f}"
    units = lambda value: "-" if value is None else f"{value / unit:.1f}"
    latency = timings.get("outputLatencySeconds")
    return [what, ms(keyer.get("median")), ms(keyer.get("percentile95")), ms(keyer.get("largest")),
            "-" if latency is None else f"{latency * 1000:.0f}",
            units(display.get("median")), units(display.get("largest")), f"{timings['processorShareOfOneCore'] * 100:.1f}"]


def bench_practice(koch, scratch, table):
    scratch = tempfile.mkdtemp(prefix="practice-", dir=scratch)
    wpm = 20
    key = exercise(koch, scratch, 12)
    presses = paddle_presses(" ".join(["PARIS"] * 12), wpm)
    rows = [row("paddle, sound null", practise(koch, scratch, ["send", "--key", key, "--sound-device", "null"], "null", presses))]
    env, stop = pulse_environment(scratch)
    delays = []
    if env:
        try:
            rows.append(row("paddle, PulseAudio null sink", practise(
                koch, scratch, ["send", "--key", key, "--sound-device", "default"], "pulse", presses, env)))
            delays = end_to_end(koch, scratch, key, presses, env)
        finally:
            stop()
    log = os.path.join(scratch, "paris.txt.log")
    with open(log, "w") as handle:
        for seconds, code, value in presses:
            handle.write(f"{seconds:.4f} {'dit' if code == 29 else 'dah'} {'down' if value else 'up'}\n")
    keyed = os.path.join(scratch, "keyed.wav")
    subprocess.run([koch, "keyer", "--events", log, "--wpm", str(wpm), "--out", keyed], check=True, stdout=subprocess.DEVNULL)
    rows.append(row("microphone (a recording at its pace)", practise(
        koch, scratch, ["send", "--key", key, "--microphone", keyed, "--sound-device", "null"], "microphone")))
    table(f"Live practice: PARIS x12 keyed at {wpm} WPM (one run each)",
          ["input", "keyer latency median (ms)", "p95 (ms)", "max (ms)", "output latency (ms)",
           "display delay median (units)", "max (units)", "CPU (% of one core)"], rows)
    if delays:
        delays.sort()
        print(f"\nEnd to end through PulseAudio's null sink, from a paddle press written to its sidetone on the sink's monitor"
              f" ({len(delays)} presses): median {statistics.median(delays) * 1000:.0f} ms,"
              f" 95th percentile {delays[int(0.95 * (len(delays) - 1))] * 1000:.0f} ms"
              " (an upper bound: it holds the monitor's own capture latency).")
    print("\nTargets: keyer latency under 2 ms (event to sidetone queued), display within a word gap (7 units),"
          " CPU under 10 % of one core. Output latency is the device's, as PortAudio reports it."
          " No open trainer reports these, so no peer.")
