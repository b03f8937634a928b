"""The class server in `make bench` (`bench.py --only server`): koch-serve, the release binary beside
koch, on a loopback port with a class of 30 learners in a temporary folder. Typed copies graded and
recorded with 30 learners sending at once, recordings of send exercises graded, reads (a learner's
status, the feed, an episode's audio) under wrk beside Debian's nginx serving the same MP3, and the
server's peak memory. Every figure is of this machine in this run, with wrk and the clients on the
same cores as the server.

The server takes 10 submissions per learner a minute; no learner here sends more than 9: 7 copies and
a recording each, the first learner one copy again, the last its exercise's MP3 with its tag too."""
import glob
import http.client
import json
import os
import random
import re
import shutil
import socket
import statistics
import subprocess
import sys
import threading
import time
import xml.etree.ElementTree as ElementTree
from concurrent.futures import ThreadPoolExecutor

# The seconds over which a class's copies arrive in the open-loop measure.
SPREAD_SECONDS = 10.0
LEARNERS = 30
COPY_ROUNDS = 2  # each round: the feed makes 3 lessons a learner, then 30 learners send their 3 copies at once
WRK_SECONDS = 10
WRK_CONNECTIONS = 30


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(port, method, path, body=None, headers=None, connection=None):
    """(status, body bytes, seconds) of one request, on `connection` when given (kept open)."""
    own = connection is None
    connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=120)
    try:
        start = time.perf_counter()
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, data, time.perf_counter() - start
    finally:
        if own:
            connection.close()


def percentile(values, share):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(share * len(ordered) + 0.5)) - 1))]


def milliseconds(seconds):
    return f"{seconds * 1000:.1f}"


class Server:
    """koch-serve on a free loopback port, its class in `data`."""

    def __init__(self, binary, data, log, extra=()):
        self.port = free_port()
        self.log = open(log, "w")
        # The rate limit (10 returns a learner a minute) raised: the bench sends far more than a learner does.
        self.process = subprocess.Popen([binary, "--data", data, "--listen", f"127.0.0.1:{self.port}", "--submissions-per-minute", "1000",
                                         *extra], stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while True:
            if self.process.poll() is not None:
                sys.exit(f"bench: koch-serve stopped at start (see {log})")
            try:
                if request(self.port, "GET", "/")[0] == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline:
                sys.exit(f"bench: koch-serve did not answer within 60 s (see {log})")
            time.sleep(0.1)

    def status_line(self, name):
        with open(f"/proc/{self.process.pid}/status") as handle:
            for line in handle:
                if line.startswith(name + ":"):
                    return int(line.split()[1])
        return 0

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


class Nginx:
    """Debian's nginx as a user process (`daemon off`), serving `root` on a free loopback port."""

    def __init__(self, prefix, root):
        self.port = free_port()
        os.makedirs(os.path.join(prefix, "temp"), exist_ok=True)
        conf = os.path.join(prefix, "nginx.conf")
        temp = os.path.join(prefix, "temp")
        with open(conf, "w") as handle:
            user = "user root root;\n" if os.geteuid() == 0 else ""  # workers as root, who owns the bench's private folder
            handle.write(f"""{user}worker_processes auto;
daemon off;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log;
events {{ worker_connections 1024; }}
http {{
    access_log off;
    sendfile on;
    types {{ audio/mpeg mp3; }}
    client_body_temp_path {temp}/body;
    proxy_temp_path {temp}/proxy;
    fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi;
    scgi_temp_path {temp}/scgi;
    server {{
        listen 127.0.0.1:{self.port};
        root {root};
    }}
}}
""")
        self.process = subprocess.Popen(["nginx", "-p", prefix, "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 20
        while True:
            if self.process.poll() is not None:
                sys.exit(f"bench: nginx stopped at start (see {prefix}/error.log)")
            try:
                request(self.port, "GET", "/")
                return
            except OSError:
                if time.monotonic() > deadline:
                    sys.exit("bench: nginx did not answer within 20 s")
                time.sleep(0.1)

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()


def make_class(serve, data, scratch, store=()):
    """A roster of 30 learners at levels 5 to 19, added with --no-serve (`store`: where the class is kept, --database URL)."""
    roster = os.path.join(scratch, "server-roster.csv")
    with open(roster, "w") as handle:
        handle.write("name, level\n")
        for n in range(LEARNERS):
            handle.write(f"Learner {n + 1:02d}, {5 + n % 15}\n")
    subprocess.run([serve, "--data", data, "--roster", roster, "--no-serve", *store], check=True, stdout=subprocess.DEVNULL)


def learner_links(serve, data, store=()):
    """Each learner's link token and feed token, from `koch-serve links --json`."""
    rows = json.loads(subprocess.run([serve, "links", "--data", data, "--json", *store], check=True, capture_output=True, text=True).stdout)
    learners = []
    for row in rows:
        link = re.search(r"/l/([A-Za-z0-9_-]{43})$", row["link"]).group(1)
        feed = re.search(r"/f/([A-Za-z0-9_-]{43})/feed\.xml$", row["feed"]).group(1)
        learners.append({"name": row["name"], "token": link, "feed": feed})
    return learners


def feed_lessons(port, learner):
    """The feed's episodes (made as needed) as lesson IDs, and the seconds the feed took."""
    status, body, seconds = request(port, "GET", f"/f/{learner['feed']}/feed.xml")
    if status != 200:
        sys.exit(f"bench: the feed of {learner['name']} answered {status}: {body[:200]!r}")
    guids = [item.findtext("guid") for item in ElementTree.fromstring(body).iter("item")]
    return [guid[len("koch-lesson-"):] for guid in guids], seconds


def key_text(data, lesson_id):
    path = glob.glob(os.path.join(data, "lessons", lesson_id, "*.key.json"))[0]
    with open(path) as handle:
        return [group["text"] for group in json.load(handle)["groups"]]


def typed_copy(groups, rng):
    """A learner's copy: now and then a character taken for another."""
    return " ".join("".join(c if rng.random() > 0.04 else rng.choice("KMRSUAPTLO") for c in group) for group in groups) + "\n"


def send_at_once(port, jobs):
    """Each job (learner, [(path, body, content type)]) on a thread of its own with one connection, all
    started together. Returns ([(learner, path, status, body, seconds)], wall seconds)."""
    barrier = threading.Barrier(len(jobs) + 1)
    results = []
    lock = threading.Lock()

    def run(job):
        learner, posts = job
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        connection.connect()
        barrier.wait()
        for path, body, content_type in posts:
            status, answer, seconds = request(port, "POST", path, body=body, headers={"Content-Type": content_type}, connection=connection)
            with lock:
                results.append((learner, path, status, answer, seconds))
        connection.close()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    return results, time.perf_counter() - start


def send_at_moments(port, arrivals):
    """Each (seconds from the start, learner, (path, body, content type)) sent at its moment on a thread of its
    own (an open loop: a copy does not wait for another's answer). Returns (results, wall seconds)."""
    results = []
    lock = threading.Lock()
    start = time.perf_counter() + 0.2

    def run(arrival):
        moment, learner, (path, body, content_type) = arrival
        time.sleep(max(0, start + moment - time.perf_counter()))
        status, answer, seconds = request(port, "POST", path, body=body, headers={"Content-Type": content_type})
        with lock:
            results.append((learner, path, status, answer, seconds))

    threads = [threading.Thread(target=run, args=(arrival,)) for arrival in arrivals]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results, time.perf_counter() - start


def make_feeds(port, learners):
    """Every learner's feed fetched, two at a time (the cores): (lesson IDs by learner, seconds, lessons made)."""
    with ThreadPoolExecutor(2) as pool:
        start = time.perf_counter()
        fetched = list(pool.map(lambda learner: feed_lessons(port, learner), learners))
        seconds = time.perf_counter() - start
    return [ids for ids, _ in fetched], seconds


def bench_copies(server, data, learners, rng, problems):
    """Typed copies graded: first one a learner, one at a time (the time a copy takes alone), then
    rounds of 30 learners sending their feed's 3 copies at once. Per round and over every copy sent at once."""
    port = server.port
    rows = []
    every = []
    made = []
    graded = {learner["token"]: 0 for learner in learners}
    cpu = []

    def count(results):
        for learner, path, status, answer, _ in results:
            if status == 200:
                graded[learner["token"]] += 1
            else:
                problems.append(f"copy {path[-30:]} of {learner['name']}: {status} {answer[:160]!r}")

    def copy_post(learner, lesson_id):
        return (f"/api/v1/learners/{learner['token']}/lessons/{lesson_id}/copy", typed_copy(key_text(data, lesson_id), rng).encode(),
                "text/plain")

    first = []
    for learner in learners:
        status, body, _ = request(port, "GET", f"/api/v1/learners/{learner['token']}/lessons/next?direction=receive")
        if status != 200:
            sys.exit(f"bench: the next lesson of {learner['name']} answered {status}: {body[:200]!r}")
        first.append((learner, copy_post(learner, json.loads(body)["id"])))
    results = []
    start_cpu = server.cpu_seconds()
    start = time.perf_counter()
    for learner, (path, body, content_type) in first:
        status, answer, seconds = request(port, "POST", path, body=body, headers={"Content-Type": content_type})
        results.append((learner, path, status, answer, seconds))
    wall = time.perf_counter() - start
    cpu.append((server.cpu_seconds() - start_cpu) / len(results))
    count(results)
    seconds = [r[4] for r in results]
    rows.append(["one at a time", str(len(results)), f"{len(results) / wall:.0f}", milliseconds(statistics.median(seconds)),
                 milliseconds(percentile(seconds, 0.95)), milliseconds(max(seconds)), f"{cpu[-1] * 1000:.1f}", ""])

    for round_number in range(1, COPY_ROUNDS + 1):
        ids, making_seconds = make_feeds(port, learners)
        made.append((sum(len(i) for i in ids), making_seconds))
        jobs = [(learner, [copy_post(learner, lesson_id) for lesson_id in lesson_ids]) for learner, lesson_ids in zip(learners, ids)]
        start_cpu = server.cpu_seconds()
        results, wall = send_at_once(port, jobs)
        cpu.append((server.cpu_seconds() - start_cpu) / len(results))
        count(results)
        seconds = [r[4] for r in results]
        every += seconds
        rows.append([f"30 at once, round {round_number}", str(len(results)), f"{len(results) / wall:.0f}",
                     milliseconds(statistics.median(seconds)), milliseconds(percentile(seconds, 0.95)), milliseconds(max(seconds)),
                     f"{cpu[-1] * 1000:.1f}", "p95 < 20 ms"])
    rows.append(["30 at once, every round", str(len(every)), "", milliseconds(statistics.median(every)),
                 milliseconds(percentile(every, 0.95)), milliseconds(max(every)), "", "p95 < 20 ms"])
    # A class sending as a class does: 30 learners, each copy sent at its own moment within SPREAD_SECONDS.
    ids, making_seconds = make_feeds(port, learners)
    made.append((sum(len(i) for i in ids), making_seconds))
    arrivals = [(rng.uniform(0, SPREAD_SECONDS), learner, copy_post(learner, lesson_id))
                for learner, lesson_ids in zip(learners, ids) for lesson_id in lesson_ids]
    start_cpu = server.cpu_seconds()
    results, wall = send_at_moments(port, arrivals)
    cpu.append((server.cpu_seconds() - start_cpu) / len(results))
    count(results)
    seconds = [r[4] for r in results]
    rows.append([f"30 learners, each copy at its own moment in {SPREAD_SECONDS:.0f} s", str(len(results)), f"{len(results) / wall:.0f}",
                 milliseconds(statistics.median(seconds)), milliseconds(percentile(seconds, 0.95)), milliseconds(max(seconds)),
                 f"{cpu[-1] * 1000:.1f}", "p95 < 20 ms"])
    # Each grade recorded once: the status counts every copy as a receive session, and the same copy again is refused (409).
    for learner in learners:
        status, body, _ = request(port, "GET", f"/api/v1/learners/{learner['token']}")
        sessions = json.loads(body)["receive"]["sessions"] if status == 200 else None
        if sessions != graded[learner["token"]]:
            problems.append(f"{learner['name']}: {graded[learner['token']]} copies graded, the status shows {sessions} receive sessions")
    learner, (path, body, content_type) = first[0]
    status, answer, _ = request(port, "POST", path, body=body, headers={"Content-Type": content_type})
    if status != 409:
        problems.append(f"the same copy sent again answered {status}, not 409: {answer[:160]!r}")
    return rows, made, sum(graded.values())


def without_tags(mp3):
    """An MP3's bytes without its ID3 tag: the same frames, as a recorder would write them. (With the tag,
    which names the lesson, the grader rightly refuses the file as the lesson's own audio.)"""
    with open(mp3, "rb") as handle:
        data = handle.read()
    if data[:3] == b"ID3":
        size = (data[6] << 21) | (data[7] << 14) | (data[8] << 7) | data[9]
        data = data[10 + size + (10 if data[5] & 0x10 else 0):]
    return data


def bench_recordings(port, data, learners, problems):
    """A five-minute send exercise for each learner, its own MP3 sent as the recording: one at a
    time for the time a recording takes, then two at a time for how many a minute."""
    def next_send(learner):
        status, body, seconds = request(port, "GET", f"/api/v1/learners/{learner['token']}/lessons/next?direction=send")
        if status != 200:
            sys.exit(f"bench: the next send exercise of {learner['name']} answered {status}: {body[:200]!r}")
        return json.loads(body), seconds

    with ThreadPoolExecutor(2) as pool:
        start = time.perf_counter()
        lessons = list(pool.map(next_send, learners))
        making_seconds = time.perf_counter() - start
    posts = []
    for learner, (lesson, _) in zip(learners, lessons):
        mp3 = glob.glob(os.path.join(data, "lessons", lesson["id"], "*.mp3"))[0]
        posts.append((learner, f"/api/v1/learners/{learner['token']}/lessons/{lesson['id']}/recording", without_tags(mp3),
                      lesson["durationSeconds"]))

    def post(item):
        learner, path, body, _ = item
        status, answer, seconds = request(port, "POST", path, body=body, headers={"Content-Type": "audio/mpeg"})
        if status != 200:
            problems.append(f"recording of {learner['name']}: {status} {answer[:160]!r}")
            return seconds, None
        return seconds, json.loads(answer)

    learner, path, _, _ = posts[-1]
    lesson_id = path.split("/")[-2]
    with open(glob.glob(os.path.join(data, "lessons", lesson_id, "*.mp3"))[0], "rb") as handle:
        status, answer, _ = request(port, "POST", path, body=handle.read(), headers={"Content-Type": "audio/mpeg"})
    refusal = json.loads(answer).get("error", "") if status >= 400 else ""
    if status < 400 or "lesson" not in refusal:
        problems.append(f"the exercise's own MP3 (tagged as the lesson's audio) sent as the recording: {status} {refusal!r} "
                        "(expected a refusal that says it is the lesson's audio, not a recording of the keying)")
    alone = [post(item) for item in posts[:6]]
    with ThreadPoolExecutor(2) as pool:
        start = time.perf_counter()
        paired = list(pool.map(post, posts[6:]))
        paired_wall = time.perf_counter() - start
    for (learner, _, _, _), (_, report) in zip(posts, alone + paired):
        status, body, _ = request(port, "GET", f"/api/v1/learners/{learner['token']}")
        sessions = json.loads(body)["send"]["sessions"] if status == 200 else None
        if sessions != (1 if report is not None else 0):
            problems.append(f"{learner['name']}: the recording {'graded' if report else 'refused'}, the status shows {sessions} send sessions")
    accuracies = [a for _, a in alone + paired if a is not None]
    accuracy = [_accuracy(a) for a in accuracies]
    accuracy = [a for a in accuracy if a is not None]
    minutes = statistics.median(item[3] for item in posts) / 60
    mb = statistics.median(len(item[2]) for item in posts) / 1_048_576
    one = statistics.median(s for s, _ in alone)
    rows = [["one at a time (6)", f"{one:.2f}", f"{60 / one:.0f}", "< 1 s a recording"],
            [f"two at a time ({len(paired)})", f"{statistics.median(s for s, _ in paired):.2f}", f"{len(paired) / paired_wall * 60:.0f}", ""]]
    notes = (f"{minutes:.1f}-minute exercises, {mb:.1f} MB MP3 each; graded accuracy median "
             f"{100 * statistics.median(accuracy):.0f} %" if accuracy else f"{minutes:.1f}-minute exercises")
    return rows, notes, (len(lessons), making_seconds)


def _accuracy(report):
    """The accuracy in a grade as `koch grade --json` prints it, wherever it sits."""
    if isinstance(report, dict):
        if isinstance(report.get("accuracy"), (int, float)):
            return report["accuracy"]
        for value in report.values():
            found = _accuracy(value)
            if found is not None:
                return found
    return None


def wrk(url, headers=()):
    """wrk at 30 connections for 10 s: (requests a second, p50 ms, p99 ms, non-2xx count, errors)."""
    command = ["wrk", "-t2", f"-c{WRK_CONNECTIONS}", f"-d{WRK_SECONDS}s", "--latency"]
    for header in headers:
        command += ["-H", header]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    transfer = re.search(r"Transfer/sec:\s+([\d.]+\w+)", out).group(1)

    def latency(label):
        match = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)\s*$", out, re.MULTILINE)
        value, unit = float(match.group(1)), match.group(2)
        return value * {"us": 0.001, "ms": 1, "s": 1000}[unit]

    non2xx = re.search(r"Non-2xx or 3xx responses:\s+(\d+)", out)
    errors = re.search(r"Socket errors:.*", out)
    return rate, latency("50"), latency("99"), int(non2xx.group(1)) if non2xx else 0, errors.group(0) if errors else "", transfer


def bench_reads(server, learner, data, scratch, problems):
    """wrk on the learner's status, their feed and an episode's audio; nginx on the same MP3."""
    ids, _ = feed_lessons(server.port, learner)  # the feed's lessons made before wrk asks for it
    episode = ids[0]
    mp3 = glob.glob(os.path.join(data, "lessons", episode, "*.mp3"))[0]
    base = f"http://127.0.0.1:{server.port}"
    root = os.path.join(scratch, "nginx-root")
    os.makedirs(root, exist_ok=True)
    shutil.copy(mp3, os.path.join(root, "episode.mp3"))
    cases = [
        ("status (GET /api/v1/learners/TOKEN)", base + f"/api/v1/learners/{learner['token']}", (), None),
        ("feed (GET /f/FEED/feed.xml)", base + f"/f/{learner['feed']}/feed.xml", (), None),
        ("episode audio, Range: bytes=0-1", base + f"/f/{learner['feed']}/audio/{episode}.mp3", ("Range: bytes=0-1",), "range"),
        ("episode audio, whole", base + f"/f/{learner['feed']}/audio/{episode}.mp3", (), "whole"),
    ]
    rows = []
    nginx = Nginx(os.path.join(scratch, "nginx"), root)
    try:
        for port, path in [(nginx.port, "/episode.mp3"), (server.port, f"/f/{learner['feed']}/audio/{episode}.mp3")]:
            status, body, _ = request(port, "GET", path, headers={"Range": "bytes=0-1"})
            if status != 206 or len(body) != 2:
                sys.exit(f"bench: GET {path} on port {port} with Range: bytes=0-1 answered {status} with {len(body)} bytes")
            status, body, _ = request(port, "GET", path)
            if status != 200 or len(body) != os.path.getsize(mp3):
                sys.exit(f"bench: GET {path} on port {port} answered {status} with {len(body)} bytes, not the MP3's")
        peer = {"range": wrk(f"http://127.0.0.1:{nginx.port}/episode.mp3", ("Range: bytes=0-1",)),
                "whole": wrk(f"http://127.0.0.1:{nginx.port}/episode.mp3")}
    finally:
        nginx.stop()
    for kind, figures in peer.items():
        if figures[3] or figures[4]:
            problems.append(f"wrk on nginx ({kind}): {figures[3]} answers not 2xx {figures[4]}")
    for label, url, headers, compared in cases:
        rate, p50, p99, non2xx, errors, transfer = wrk(url, headers)
        if non2xx or errors:
            problems.append(f"wrk {label}: {non2xx} answers not 2xx {errors}")
        ratio = ""
        if compared:
            ratio = f"{rate / peer[compared][0]:.2f}"
        rows.append(["koch-serve " + label, f"{rate:,.0f}", f"{p50:.2f}", f"{p99:.2f}", transfer, ratio])
        if compared:
            n_rate, n_p50, n_p99, n_non2xx, n_errors, n_transfer = peer[compared]
            rows.append([f"nginx, the same MP3{', Range: bytes=0-1' if compared == 'range' else ', whole'}", f"{n_rate:,.0f}",
                         f"{n_p50:.2f}", f"{n_p99:.2f}", n_transfer, ""])
    return rows, os.path.getsize(mp3)


def bench_server(koch, scratch, table):
    serve = os.path.join(os.path.dirname(koch), "koch-serve")
    if not os.path.exists(serve):
        print(f"\n(server: {serve} not built; skipped: swift build -c release --product koch-serve)")
        return
    if shutil.which("wrk") is None or shutil.which("nginx") is None:
        print("\n(server: wrk or nginx missing; skipped: scripts/install-deps --bench)")
        return
    data = os.path.join(scratch, "server-data")
    make_class(serve, data, scratch)
    problems = []
    server = Server(serve, data, os.path.join(scratch, "koch-serve.log"))
    try:
        learners = learner_links(serve, data)
        copy_rows, made, copies = bench_copies(server, data, learners, random.Random(5), problems)
        recording_rows, recording_notes, send_made = bench_recordings(server.port, data, learners, problems)
        read_rows, mp3_bytes = bench_reads(server, learners[0], data, scratch, problems)
        peak_kb = server.status_line("VmHWM")
        rss_kb = server.status_line("VmRSS")
    finally:
        server.stop()
        shutil.rmtree(data, ignore_errors=True)

    cores = os.cpu_count()
    table(f"Typed copies graded and recorded: {LEARNERS} learners sending at once, 3 copies each a round, one connection each "
          "(milliseconds a copy, from sending to the grade)",
          ["", "copies", "graded a second", "p50", "p95", "max", "server CPU ms a copy", "target"], copy_rows)
    lessons_made = ", ".join(f"{n} in {s:.1f} s" for n, s in made)
    print(f"\nBefore each round the learners' feeds made their lessons, two feeds at a time: {lessons_made}. Every grade is "
          "checked against the learner's status afterwards, and the same copy sent again must be refused (409).")
    table(f"Recordings of send exercises graded, each exercise's own MP3 sent back without its ID3 tag ({recording_notes}; seconds)",
          ["", "seconds a recording (median)", "recordings a minute", "target"], recording_rows)
    print(f"\nThe {send_made[0]} send exercises were made first, two at a time, in {send_made[1]:.1f} s.")
    table(f"Reads under wrk: {WRK_CONNECTIONS} connections, 2 threads, {WRK_SECONDS} s each; the MP3 is "
          f"{mp3_bytes / 1_048_576:.2f} MB (latency in ms)",
          ["", "requests a second", "p50", "p99", "transfer a second", "koch-serve/nginx"], read_rows)
    print("\nnginx: Debian's, worker_processes auto, sendfile on, access log off, as a user process on another loopback port.")
    table("The server's memory", ["", "MB", "target"],
          [["peak resident (VmHWM), at the end", f"{peak_kb / 1024:.0f}", "(none set)"], ["resident at the end (VmRSS)", f"{rss_kb / 1024:.0f}", ""]])
    print(f"\nAll on this machine's {cores} cores, shared with wrk and the bench's own clients (and any other work on the machine).")
    if problems:
        print("\nProblems seen:")
        for problem in problems:
            print("  - " + problem)
        # A figure from a server that lost or doubled a grade is no figure: make bench fails.
        sys.exit("bench: the server answered wrongly (above); its figures are not to be taken")
    else:
        print(f"\nEvery answer as expected: {copies} copies graded with 200 and each recorded once.")
