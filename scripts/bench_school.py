"""A school on PostgreSQL in `make bench` (`bench.py --only school`): the release koch-serve (beside koch),
one and then two instances on one PostgreSQL database and one --data folder, behind Debian's nginx with
docs/nginx-school.conf (its ports replaced by free ones; with one instance, the same configuration with one
upstream server). PostgreSQL is a private one the bench starts on loopback (scripts/postgres-sandbox).

The class is bench_server's: 30 learners at levels 5 to 19. A learner has three lessons ready at a time (the
feed's three episodes), so the work is done in rounds: the learners' feeds make their lessons, and a third of
the learners their send exercises, through nginx and outside the timed part; then, timed, the 30 learners send
their three typed copies at once (a thread and a kept connection each, through nginx), and then the round's 10
learners their recordings at once (each exercise's own MP3 without its ID3 tag, as bench_server sends them).

With two instances, one more round is sent with copies and recordings together, and one server is killed
(SIGKILL) once a third of the copies are answered. Afterwards, on the database (psql): every submission
answered 200 is recorded exactly once, none twice, and each learner's progress holds one session a submission;
through nginx, each learner's next request (the ones the kill cut off sent again, then their status) is
answered by the other server.

Every figure is of this machine in this run: the bench's clients, nginx, PostgreSQL and the servers share its
cores."""
import glob
import http.client
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from bench_server import (LEARNERS, Server, learner_links, make_class, milliseconds, percentile, typed_copy,
                          without_tags)

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
# The school test's nginx (tests/server/school.py): the docs' configuration, as the test runs it.
sys.path.insert(0, os.path.join(REPO, "tests", "server"))
from school import SchoolNginx  # noqa: E402
ROUNDS = 5  # measured rounds at each number of instances
RECORDERS = 10  # learners sending a recording each round (a third of the class, in turn)
UPSTREAM_HEADER = "X-Koch-Upstream"


def psql(url, sql):
    """What psql prints for `sql` on `url`: rows a line each, fields tab-separated."""
    done = subprocess.run(["psql", url, "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql],
                          capture_output=True, text=True, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"psql {sql!r} failed: {done.stderr.strip()}")
    return [tuple(line.split("\t")) for line in done.stdout.splitlines() if line]


def call(port, method, path, body=None, headers=None, connection=None, timeout=120):
    """(status, body bytes, seconds, the upstream nginx named) of one request; on `connection` when given."""
    own = connection is None
    connection = connection or http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        start = time.perf_counter()
        connection.request(method, path, body=body, headers=headers or {})
        response = connection.getresponse()
        data = response.read()
        return response.status, data, time.perf_counter() - start, response.getheader(UPSTREAM_HEADER, "")
    finally:
        if own:
            connection.close()


def upstream_ports(upstream):
    """The ports of the servers nginx tried for a request, in order."""
    return [int(port) for port in re.findall(r":(\d+)", upstream or "")]


def last_upstream(upstream):
    """The server that answered, of the ones nginx tried (`127.0.0.1:A, 127.0.0.1:B`): its port."""
    found = re.findall(r":(\d+)", upstream or "")
    return int(found[-1]) if found else None


def tree_cpu_seconds(root_pid):
    """Processor seconds of a process and its live children, with the children it reaped (its cutime)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        pid, parent = int(entry), int(fields[1])
        if pid == root_pid:
            total += sum(int(x) for x in fields[11:15])
        elif parent == root_pid:
            total += int(fields[11]) + int(fields[12])
    return total / tick


def machine_cpu_seconds():
    """Processor seconds the whole machine spent busy so far, every core together (/proc/stat)."""
    with open("/proc/stat") as handle:
        fields = [int(x) for x in handle.readline().split()[1:]]
    idle = fields[3] + fields[4]  # idle and iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


def own_cpu_seconds():
    times = os.times()
    return times.user + times.system


class School:
    """A class in its own database and folder, `instances` koch-serve on them, nginx in front."""

    def __init__(self, serve, scratch, postgres, instances, postmaster):
        self.serve = serve
        self.instances = instances
        self.folder = os.path.join(scratch, f"school-{instances}")
        self.data = os.path.join(self.folder, "data")
        self.postgres = postgres
        self.url = f"{postgres}/koch_school_{instances}"
        self.store = ["--database", self.url]
        self.servers = []
        self.nginx = None
        self.postmaster = postmaster

    def start(self):
        os.makedirs(self.folder)
        psql(self.postgres + "/postgres", f"CREATE DATABASE koch_school_{self.instances}")
        serve = self.serve
        make_class(serve, self.data, self.folder, store=self.store)
        self.learners = learner_links(serve, self.data, store=self.store)
        self.ids = {row[1]: int(row[0]) for row in psql(self.url, "SELECT id, name FROM learner")}
        for n in range(self.instances):
            self.servers.append(Server(serve, self.data, os.path.join(self.folder, f"koch-serve-{n + 1}.log"), extra=self.store))
        # The bench adds a header naming the server that answered ($upstream_addr), outside the docs' configuration.
        self.nginx = SchoolNginx(
            os.path.join(self.folder, "nginx"), [server.port for server in self.servers],
            extra_http=f"add_header {UPSTREAM_HEADER} $upstream_addr always;")

    def stop(self):
        if self.nginx is not None:
            self.nginx.stop()
        for server in self.servers:
            server.stop()

    def key_text(self, lesson_id):
        path = glob.glob(os.path.join(self.data, "lessons", lesson_id, "*.key.json"))[0]
        with open(path) as handle:
            return [group["text"] for group in json.load(handle)["groups"]]

    def make_lessons(self, recorders):
        """Through nginx: every learner's feed (its three lessons made) and the recorders' next send exercise.
        Returns ({token: [copy posts]}, {token: recording post}, lessons made, seconds)."""
        port = self.nginx.port

        def feed(learner):
            status, body, _, _ = call(port, "GET", f"/f/{learner['feed']}/feed.xml")
            if status != 200:
                raise RuntimeError(f"the feed of {learner['name']} answered {status}: {body[:200]!r}")
            return re.findall(r"koch-lesson-([0-9a-f]{32})", body.decode())

        def send_exercise(learner):
            status, body, _, _ = call(port, "GET", f"/api/v1/learners/{learner['token']}/lessons/next?direction=send")
            if status != 200:
                raise RuntimeError(f"the next send exercise of {learner['name']} answered {status}: {body[:200]!r}")
            return json.loads(body)["id"]

        start = time.perf_counter()
        with ThreadPoolExecutor(4) as pool:
            feeds = list(pool.map(feed, self.learners))
            exercises = list(pool.map(send_exercise, recorders))
        seconds = time.perf_counter() - start
        return feeds, exercises, sum(len(f) for f in feeds) + len(exercises), seconds

    def copy_post(self, learner, lesson_id, rng):
        return ("copy", lesson_id, f"/api/v1/learners/{learner['token']}/lessons/{lesson_id}/copy",
                typed_copy(self.key_text(lesson_id), rng).encode(), "text/plain")

    def recording_post(self, learner, lesson_id):
        mp3 = glob.glob(os.path.join(self.data, "lessons", lesson_id, "*.mp3"))[0]
        return ("recording", lesson_id, f"/api/v1/learners/{learner['token']}/lessons/{lesson_id}/recording", without_tags(mp3),
                "audio/mpeg")

    def cpu(self):
        """Processor seconds so far: the servers (together), PostgreSQL, nginx, the bench's own clients."""
        return {"koch-serve": sum(tree_cpu_seconds(s.process.pid) for s in self.servers if s.process.poll() is None),
                "PostgreSQL": tree_cpu_seconds(self.postmaster) if self.postmaster else 0.0,
                "nginx": tree_cpu_seconds(self.nginx.process.pid),
                "clients": own_cpu_seconds(),
                "machine": machine_cpu_seconds()}


def send_together(port, jobs, on_answer=None):
    """Each job (learner, [post]) on a thread of its own with one connection to nginx, all released together,
    each sending its posts one after the other. Returns ([(learner, kind, lesson, status, body, seconds, upstream)],
    wall seconds)."""
    barrier = threading.Barrier(len(jobs) + 1)
    results = []
    lock = threading.Lock()

    def run(job):
        learner, posts = job
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        connection.connect()
        barrier.wait()
        for kind, lesson_id, path, body, content_type in posts:
            try:
                status, answer, seconds, upstream = call(port, "POST", path, body=body, headers={"Content-Type": content_type},
                                                         connection=connection)
            except (OSError, http.client.HTTPException) as error:
                status, answer, seconds, upstream = 0, str(error).encode(), 0.0, ""
                connection.close()
                connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
            with lock:
                results.append((learner, kind, lesson_id, status, answer, seconds, upstream))
            if on_answer:
                on_answer(kind)
        connection.close()

    threads = [threading.Thread(target=run, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    return results, time.perf_counter() - start


def measure(school, rng, problems):
    """ROUNDS rounds of the class's copies and then recordings, through nginx. Returns the figures."""
    port = school.nginx.port
    copies, recordings = [], []
    copy_wall = recording_wall = 0.0
    made = making = 0.0
    cpu_copies, cpu_recordings = {}, {}

    def add(total, before, after):
        for name in before:
            total[name] = total.get(name, 0.0) + after[name] - before[name]

    for round_number in range(ROUNDS):
        turns = LEARNERS // RECORDERS
        recorders = [learner for n, learner in enumerate(school.learners) if n % turns == round_number % turns]
        feeds, exercises, count, seconds = school.make_lessons(recorders)
        made += count
        making += seconds
        jobs = [(learner, [school.copy_post(learner, lesson_id, rng) for lesson_id in ids]) for learner, ids in zip(school.learners, feeds)]
        before = school.cpu()
        results, wall = send_together(port, jobs)
        add(cpu_copies, before, school.cpu())
        copies += results
        copy_wall += wall
        jobs = [(learner, [school.recording_post(learner, lesson_id)]) for learner, lesson_id in zip(recorders, exercises)]
        before = school.cpu()
        results, wall = send_together(port, jobs)
        add(cpu_recordings, before, school.cpu())
        recordings += results
        recording_wall += wall
    for learner, kind, lesson_id, status, answer, _, _ in copies + recordings:
        if status != 200:
            problems.append(f"{school.instances} instance(s): {kind} of {learner['name']} answered {status}: {answer[:160]!r}")
    split = {}
    for learner, _, _, _, _, _, upstream in copies:
        split.setdefault(last_upstream(upstream), set()).add(learner["token"])
    return {"copies": copies, "copy_wall": copy_wall, "recordings": recordings, "recording_wall": recording_wall,
            "made": made, "making": making, "cpu": cpu_copies, "cpu_recordings": cpu_recordings,
            "split": {port: len(tokens) for port, tokens in split.items()}}


def kill_round(school, split, rng, problems):
    """One more round, copies and recordings sent together; the server most learners go to (`split`: learners by
    server port) killed (SIGKILL) once a third of the copies are answered. Returns the round's results, the killed
    and the other server's ports, and the learners' next requests."""
    port = school.nginx.port
    recorders = school.learners[:RECORDERS]
    feeds, exercises, _, _ = school.make_lessons(recorders)
    recording_of = {learner["token"]: lesson_id for learner, lesson_id in zip(recorders, exercises)}
    jobs = []
    for learner, ids in zip(school.learners, feeds):
        posts = [school.copy_post(learner, lesson_id, rng) for lesson_id in ids]
        if learner["token"] in recording_of:
            # The recording first: a recording takes longest, so some are being graded when the kill lands.
            posts.insert(0, school.recording_post(learner, recording_of[learner["token"]]))
        jobs.append((learner, posts))
    total_copies = sum(len(ids) for ids in feeds)
    answered = {"copy": 0}
    lock = threading.Lock()
    landed = threading.Event()
    busiest = max(split, key=lambda port: split[port])
    victim = next(server for server in school.servers if server.port == busiest)
    survivor = next(server.port for server in school.servers if server is not victim)

    def on_answer(kind):
        with lock:
            if kind != "copy" or landed.is_set():
                return
            answered["copy"] += 1
            if answered["copy"] < total_copies // 3:
                return
            landed.set()
        victim.process.kill()  # SIGKILL, at once
        victim.process.wait()

    results, wall = send_together(port, jobs, on_answer)
    if not landed.is_set():
        problems.append("the kill did not land: fewer than a third of the copies were answered")
    # The learners' next requests through nginx: what the kill cut off, sent again, then their status.
    posts = {(learner["token"], post[0], post[1]): post for learner, job in jobs for post in job}
    again = []
    for learner, kind, lesson_id, status, _, _, _ in results:
        if status != 200:
            _, _, path, body, content_type = posts[(learner["token"], kind, lesson_id)]
            reply = call(port, "POST", path, body=body, headers={"Content-Type": content_type})
            again.append((learner, kind, lesson_id, status, reply))
    statuses = []
    for learner in school.learners:
        reply = call(port, "GET", f"/api/v1/learners/{learner['token']}")
        statuses.append((learner, reply))
    return results, wall, victim.port, survivor, again, statuses


def check_records(school, answered_200, sent, problems, label):
    """On the database: every lesson answered 200 recorded once, nothing recorded that was not sent, and each
    learner's progress one session a submission, no lesson twice. Returns the number recorded."""
    recorded = {}
    for lesson_id, learner_id in psql(school.url, "SELECT lessonID, learnerID FROM submission"):
        recorded[lesson_id] = recorded.get(lesson_id, 0) + 1
    for lesson_id in answered_200:
        if recorded.get(lesson_id, 0) != 1:
            problems.append(f"{label}: lesson {lesson_id} answered 200 is recorded {recorded.get(lesson_id, 0)} times")
    for lesson_id, times in recorded.items():
        if times != 1:
            problems.append(f"{label}: lesson {lesson_id} recorded {times} times")
        if lesson_id not in sent:
            problems.append(f"{label}: lesson {lesson_id} recorded but never sent")
    twice = 0
    for learner_id, progress in psql(school.url, "SELECT id, progress FROM learner"):
        sessions = json.loads(progress).get("sessions", [])
        submissions = int(psql(school.url, f"SELECT count(*) FROM submission WHERE learnerID = {int(learner_id)}")[0][0])
        if len(sessions) != submissions:
            problems.append(f"{label}: learner {learner_id} has {len(sessions)} sessions and {submissions} submissions")
        ids = [session.get("lessonID") for session in sessions]
        twice += len(ids) - len(set(ids))
    if twice:
        problems.append(f"{label}: {twice} lessons recorded twice in the learners' progress")
    return sum(recorded.values()), twice


def per_second(results, wall):
    return sum(1 for r in results if r[3] == 200) / wall if wall else 0.0


def bench_school(koch, scratch, table):
    serve = os.path.join(os.path.dirname(koch), "koch-serve")
    if not os.path.exists(serve):
        print(f"\n(school: {serve} not built; skipped: swift build -c release --product koch-serve)")
        return
    if shutil.which("nginx") is None or shutil.which("psql") is None:
        print("\n(school: nginx or psql missing; skipped: scripts/install-deps --test)")
        return
    if "--database" not in subprocess.run([serve, "--help"], capture_output=True, text=True).stdout:
        print(f"\n(school: {serve} has no --database (built before PostgreSQL); skipped)")
        return
    pg_folder = os.path.join(scratch, "school-postgres")
    if os.geteuid() == 0:
        os.chmod(scratch, 0o711)  # the server runs as the postgres user, which must reach its folder
    started = subprocess.run([os.path.join(HERE, "postgres-sandbox"), "start", pg_folder], capture_output=True, text=True)
    if started.returncode == 3:
        print("\n(school: no PostgreSQL server here; skipped: scripts/install-deps --test)")
        return
    problems = []
    schools = []
    kill = None
    try:
        if started.returncode != 0:
            raise RuntimeError(f"scripts/postgres-sandbox start failed ({started.returncode}): {started.stderr.strip()}")
        postgres = started.stdout.strip()
        with open(os.path.join(pg_folder, "data", "postmaster.pid")) as handle:
            postmaster = int(handle.readline())
        figures = {}
        for instances in (1, 2):
            school = School(serve, scratch, postgres, instances, postmaster)
            schools.append(school)
            school.start()
            rng = random.Random(instances)
            figures[instances] = measure(school, rng, problems)
            if instances == 2:
                kill = kill_round(school, figures[2]["split"], rng, problems)
            results = figures[instances]["copies"] + figures[instances]["recordings"] + (kill[0] if instances == 2 else [])
            again = kill[4] if instances == 2 else []
            answered = {r[2] for r in results if r[3] == 200} | {a[2] for a in again if a[4][0] == 200}
            sent = {r[2] for r in results}
            figures[instances]["recorded"] = check_records(school, answered, sent, problems, f"{instances} instance(s)")
            school.stop()
    except RuntimeError as error:
        sys.exit(f"bench: school: {error}")
    finally:
        for school in schools:
            school.stop()
        subprocess.run([os.path.join(HERE, "postgres-sandbox"), "stop", pg_folder], capture_output=True)
        for school in schools:
            shutil.rmtree(school.folder, ignore_errors=True)

    report(figures, kill, table, problems)


def report(figures, kill, table, problems):
    one, two = figures[1], figures[2]

    parts = ("koch-serve", "PostgreSQL", "nginx", "clients")

    def busy(cpu, wall):
        return f"{sum(cpu[k] for k in parts) / wall:.2f} / {cpu['machine'] / wall:.2f}"

    def copy_row(label, f):
        seconds = [r[5] for r in f["copies"] if r[3] == 200] or [0.0]
        cpu = f["cpu"]
        n = len(f["copies"])
        return [label, str(n), f"{f['copy_wall']:.2f}", f"{per_second(f['copies'], f['copy_wall']):.0f}",
                milliseconds(statistics.median(seconds)), milliseconds(percentile(seconds, 0.95)), milliseconds(max(seconds)),
                " / ".join(f"{1000 * cpu[k] / n:.1f}" for k in parts), busy(cpu, f["copy_wall"])]

    def recording_row(label, f):
        seconds = [r[5] for r in f["recordings"] if r[3] == 200] or [0.0]
        cpu = f["cpu_recordings"]
        n = len(f["recordings"])
        return [label, str(n), f"{f['recording_wall']:.1f}",
                f"{60 * per_second(f['recordings'], f['recording_wall']):.0f}", f"{statistics.median(seconds):.2f}",
                f"{percentile(seconds, 0.95):.2f}", f"{max(seconds):.2f}",
                " / ".join(f"{1000 * cpu[k] / n:.0f}" for k in parts), busy(cpu, f["recording_wall"])]

    def ratio(index, rows, reciprocal=False):
        a, b = float(rows[0][index]), float(rows[1][index])
        return f"{(a / b if reciprocal else b / a):.2f}"

    rows = [copy_row("1 instance", one), copy_row("2 instances", two)]
    rows.append(["2/1", "", "", ratio(3, rows), ratio(4, rows), ratio(5, rows), ratio(6, rows), "", ""])
    table(f"A school on PostgreSQL: {LEARNERS} learners' typed copies through nginx, {ROUNDS} rounds of 30 learners sending "
          "their 3 copies at once, a connection each (ms from sending to the grade)",
          ["", "copies", "seconds sending", "graded a second", "p50", "p95", "max",
           "CPU ms a copy: koch-serve / PostgreSQL / nginx / clients", "cores busy: these / whole machine"], rows)
    rows = [recording_row("1 instance", one), recording_row("2 instances", two)]
    rows.append(["2/1", "", "", ratio(3, rows), ratio(4, rows), ratio(5, rows), ratio(6, rows), "", ""])
    table(f"Recordings of send exercises through nginx: {RECORDERS} learners a round sending theirs at once, each exercise's "
          "own MP3 without its ID3 tag (seconds from sending to the grade)",
          ["", "recordings", "seconds sending", "graded a minute", "p50", "p95", "max",
           "CPU ms a recording: koch-serve / PostgreSQL / nginx / clients", "cores busy: these / whole machine"], rows)
    for instances, f in figures.items():
        split = " and ".join(str(n) for n in sorted(f["split"].values(), reverse=True))
        print(f"\n{instances} instance{'s' if instances > 1 else ''}: the lessons ({f['made']:.0f}: 3 a learner a round and the "
              f"send exercises) were made through nginx before each round, 4 requests at a time, in {f['making']:.0f} s in all "
              f"({f['made'] / f['making']:.1f} a second)."
              + (f" nginx sent the learners' copies to the servers by its hash of their tokens: {split} learners."
                 if instances > 1 else ""))

    results, wall, victim, survivor, again, statuses = kill
    rows = []
    for kind, label in (("copy", "copies"), ("recording", "recordings")):
        mine = [r for r in results if r[1] == kind]
        rows.append([label, str(len(mine)), str(sum(victim in upstream_ports(r[6]) for r in mine)), str(sum(r[3] == 200 for r in mine)),
                     str(sum(r[3] == 502 for r in mine)), str(sum(r[3] not in (200, 502) for r in mine))])
    rows.append(["the 502s sent again after the kill", str(len(again)), str(sum(victim in upstream_ports(a[4][3]) for a in again)),
                 str(sum(a[4][0] == 200 for a in again)), str(sum(a[4][0] == 502 for a in again)),
                 f"409: {sum(a[4][0] == 409 for a in again)}, other: {sum(a[4][0] not in (200, 409, 502) for a in again)}"])
    table("Two instances, the one most learners go to killed (SIGKILL) once a third of a round's copies were answered: "
          "what nginx answered",
          ["", "sent", "tried on the killed server", "answered 200", "502", "other"], rows)
    recorded, twice = two["recorded"]
    on_victim = {a[0]["token"] for a in again}
    next_ok = [(learner, reply) for learner, reply in statuses if reply[0] == 200 and last_upstream(reply[3]) == survivor]
    again_ok = [a for a in again if a[4][0] in (200, 409) and last_upstream(a[4][3]) == survivor]
    print(f"\nAfter the kill, on the database (psql): {recorded} submissions recorded in the 2-instance run "
          f"({sum(r[3] == 200 for r in two['copies'] + two['recordings'] + results)} answered 200 before and at the kill, "
          f"{sum(a[4][0] == 200 for a in again)} answered 200 when sent again, "
          f"{sum(a[4][0] == 409 for a in again)} recorded by the killed server whose answer nginx lost (a 502, then 409 when sent again)); "
          f"lessons recorded twice: {twice}. The learners whose requests the kill cut off: {len(on_victim)}; their requests "
          f"sent again answered by the other server: {len(again_ok)} of {len(again)}; every learner's status next, answered "
          f"by the other server with 200: {len(next_ok)} of {len(statuses)}.")
    for learner, reply in statuses:
        if reply[0] != 200 or last_upstream(reply[3]) != survivor:
            problems.append(f"after the kill, the status of {learner['name']}: {reply[0]} from {reply[3]!r}")
    for learner, kind, lesson_id, status, reply in again:
        if reply[0] not in (200, 409) or last_upstream(reply[3]) != survivor:
            problems.append(f"after the kill, the {kind} of {learner['name']} sent again: {reply[0]} from {reply[3]!r}")
    for r in results:
        if r[3] not in (200, 502):
            problems.append(f"at the kill, the {r[1]} of {r[0]['name']} answered {r[3]}: {r[4][:160]!r}")
    print("\nAll on this machine's "
          f"{os.cpu_count()} cores: the bench's clients (Python threads), nginx, PostgreSQL and the servers share them.")
    if problems:
        print("\nProblems seen:")
        for problem in problems:
            print("  - " + problem)
        # A figure from a server that lost or doubled a grade is no figure: make bench fails.
        sys.exit("bench: the server answered wrongly (above); its figures are not to be taken")
    else:
        print("\nEvery answer as expected: every submission answered 200 recorded exactly once, none twice, and every "
              "learner's next request after the kill answered by the other server.")
