"""The class server as the tests meet it: koch-serve started on a free loopback port with a
temporary data folder, a roster and a teacher's password, and stopped when the tests are done.

The binary is $KOCH_SERVE_BIN_DIR/koch-serve (scripts/check-server sets it), else the debug build
of this checkout. Nothing here sleeps to wait: every wait polls with a deadline.
"""

import glob
import http.client
import json
import os
import shutil
import socket
import sqlite3
import subprocess
import tempfile
import time
import urllib.parse
import uuid

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PASSWORD = "a-teacher-password"
# A PostgreSQL server (postgres://USER@HOST:PORT, no database) to keep each test server's class in, a
# database of its own (scripts/run-tests postgres sets it); unset, the class is in its folder's SQLite file.
POSTGRES = os.environ.get("KOCH_TEST_POSTGRES")
ROSTER = [("Ann Lee", 2), ("Bo Chen", 5), ("Cy Diaz", 2), ("Di Evans", 2), ("Ed Fox", 3), ("Fay Gill", 2), ("Gus Hale", 4)]


def binary_dir():
    return os.environ.get("KOCH_SERVE_BIN_DIR") or os.path.join(REPO, ".build", "debug")


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def psql(url, sql):
    """What PostgreSQL's psql prints for `sql` on `url`: rows a line each, fields tab-separated."""
    done = subprocess.run(["psql", url, "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-c", sql],
                          capture_output=True, text=True, timeout=60)
    if done.returncode != 0:
        raise RuntimeError(f"psql {sql!r} failed: {done.stderr}")
    return done.stdout


def poll(condition, timeout_seconds, what, interval_seconds=0.05):
    """Returns condition()'s first true value, or fails after the deadline saying what was awaited."""
    deadline = time.monotonic() + timeout_seconds
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"gave up after {timeout_seconds} s waiting for {what}")
        time.sleep(interval_seconds)


class Reply:
    """One HTTP response: its status, headers (lower-case names) and body bytes."""

    def __init__(self, status, headers, body):
        self.status = status
        self.headers = headers
        self.body = body

    @property
    def text(self):
        return self.body.decode("utf-8", errors="replace")

    def json(self):
        return json.loads(self.body)

    def __repr__(self):
        return f"<{self.status} {self.headers.get('content-type', '')} {self.text[:300]!r}>"


class Server:
    """A running koch-serve with its class: `links` maps each learner's name to their link and feed.

    `postgres`: the class kept in a PostgreSQL database of its own (the default when KOCH_TEST_POSTGRES
    is set), else in the data folder's SQLite file. `data`: a data folder to use rather than a new one
    (one a class was moved from, with its lessons' audio); it is left where it is by `stop`. `roster`
    None: no class is made (no learners, no password), for one brought in with `koch-serve import`.
    `serve_arguments`: more options for the server when it serves.
    """

    def __init__(self, roster=ROSTER, postgres=bool(POSTGRES), data=None, serve_arguments=()):
        self.binary = os.path.join(binary_dir(), "koch-serve")
        if not os.access(self.binary, os.X_OK):
            raise RuntimeError(f"no koch-serve at {self.binary}: build it (swift build --product koch-serve) or set KOCH_SERVE_BIN_DIR")
        if postgres and not POSTGRES:
            raise RuntimeError("a server on PostgreSQL needs KOCH_TEST_POSTGRES (postgres://USER@HOST:PORT)")
        self.folder = tempfile.mkdtemp(prefix="koch-serve-test-")
        self.data = data or os.path.join(self.folder, "data")
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.process = None
        # More options for the server when it serves (a higher rate limit for a test that sends many rounds).
        self.serve_arguments = list(serve_arguments)
        self.log = None
        self.database_url = None
        if postgres:
            name = "koch_test_" + uuid.uuid4().hex
            psql(POSTGRES + "/postgres", f"CREATE DATABASE {name}")
            self.database_url = f"{POSTGRES}/{name}"
        # Where the class is kept, given to every koch-serve command.
        self.store = ["--database", self.database_url] if self.database_url else []
        if roster is None:
            return
        roster_path = os.path.join(self.folder, "class.csv")
        with open(roster_path, "w") as f:
            f.write("name,level\n" + "".join(f"{name},{level}\n" for name, level in roster))
        self.run("--data", self.data, "--roster", roster_path, "--no-serve")
        self.run("--data", self.data, "--set-password", input=PASSWORD + "\n")

    def run(self, *arguments, input=None, check=True):
        """Runs koch-serve with `arguments` on this server's store: its standard output, or (check False) the whole run."""
        done = subprocess.run([self.binary, *arguments, *self.store], input=input, capture_output=True, text=True, timeout=60)
        if not check:
            return done
        if done.returncode != 0:
            raise RuntimeError(f"koch-serve {' '.join(arguments)} failed ({done.returncode}): {done.stderr}")
        return done.stdout

    def start(self):
        self.log = open(os.path.join(self.folder, "server.log"), "a")
        self.process = subprocess.Popen(
            # Two-minute lessons: every rule holds on them, and they are quicker to make than five.
            [self.binary, "--data", self.data, "--listen", f"127.0.0.1:{self.port}", "--lesson-minutes", "2", *self.store, *self.serve_arguments],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        poll(self._answers, 30, f"koch-serve to answer on port {self.port}")
        rows = json.loads(self.run("links", "--data", self.data, "--json"))
        self.links = {row["name"]: row for row in rows}
        return self

    def _answers(self):
        if self.process.poll() is not None:
            raise RuntimeError(f"koch-serve stopped (exit {self.process.returncode}): {self.server_log()}")
        try:
            return self.request("GET", "/", timeout=2).status == 200
        except OSError:
            return False

    def alive(self):
        """True when the process runs and answers its home page."""
        if self.process is None or self.process.poll() is not None:
            return False
        try:
            return self.request("GET", "/", timeout=10).status == 200
        except OSError:
            return False

    def kill(self):
        """Kills the server at once (SIGKILL), as a machine's crash would; its folder stays, to start it again."""
        self.process.kill()
        self.process.wait(timeout=10)
        self.log.close()

    def halt(self):
        """Stops the server (SIGTERM, as Ctrl-C would); its class stays, to start it again or move it."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=10)
        if self.log is not None:
            self.log.close()

    def stop(self):
        """Stops the server and removes its class: its folder, its database."""
        self.halt()
        if self.database_url and not os.environ.get("KOCH_KEEP_SERVER_DATA"):
            psql(POSTGRES + "/postgres", f"DROP DATABASE IF EXISTS {self.database_url.rsplit('/', 1)[1]} WITH (FORCE)")
        if os.environ.get("KOCH_KEEP_SERVER_DATA"):
            print(f"kept {self.folder}")
        else:
            shutil.rmtree(self.folder, ignore_errors=True)

    def server_log(self):
        try:
            with open(os.path.join(self.folder, "server.log")) as f:
                return f.read()[-4000:]
        except OSError:
            return ""

    def rows(self, sql):
        """The rows `sql` gives from the class's database, as the store keeps it (SQLite or PostgreSQL), each a tuple of texts."""
        if self.database_url:
            return [tuple(line.split("\t")) for line in psql(self.database_url, sql).splitlines() if line]
        database = sqlite3.connect(os.path.join(self.data, "class.sqlite"))
        try:
            return [tuple("" if value is None else str(value) for value in row) for row in database.execute(sql)]
        finally:
            database.close()

    def recording_problems(self):
        """What the class's database holds against "each submission recorded once, with its session": a
        learner whose progress's sessions are not their submissions, or who has a lesson recorded twice."""
        problems = []
        for learner_id, progress_text in self.rows("SELECT id, progress FROM learner"):
            sessions = json.loads(progress_text).get("sessions", [])
            submissions = int(self.rows(f"SELECT count(*) FROM submission WHERE learnerID = {int(learner_id)}")[0][0])
            if len(sessions) != submissions:
                problems.append(f"learner {learner_id}: {len(sessions)} sessions, {submissions} submissions")
            ids = [session["lessonID"] for session in sessions]
            if len(ids) != len(set(ids)):
                problems.append(f"learner {learner_id}: a lesson recorded twice")
        return problems

    # Learners, their tokens and lessons

    def token(self, name):
        return self.links[name]["link"].rsplit("/", 1)[1]

    def feed_token(self, name):
        return self.links[name]["feed"].rsplit("/", 2)[1]

    def path_of(self, url):
        """The path (and query) of one of the server's own URLs."""
        parts = urllib.parse.urlsplit(url)
        return parts.path + (("?" + parts.query) if parts.query else "")

    def key(self, lesson_id):
        """The answer key of a lesson the server made (its *.key.json)."""
        with open(self.key_path(lesson_id)) as f:
            return json.load(f)

    def key_path(self, lesson_id):
        """Where the answer key of a lesson the server made is (its *.key.json)."""
        found = glob.glob(os.path.join(self.data, "lessons", lesson_id, "*.key.json"))
        if len(found) != 1:
            raise AssertionError(f"expected one key for lesson {lesson_id}, found {found}")
        return found[0]

    def koch_grade(self, lesson_id, *arguments):
        """What `koch grade` (the build's own) gives for the lesson's key and `arguments`: its JSON, recording
        nothing (a dry run on a progress file of its own)."""
        with tempfile.TemporaryDirectory() as folder:
            done = subprocess.run(
                [os.path.join(binary_dir(), "koch"), "grade", "--key", self.key_path(lesson_id), *arguments,
                 "--progress", os.path.join(folder, "progress.json"), "--dry-run", "--json"],
                capture_output=True, text=True, timeout=120)
        if done.returncode != 0:
            raise AssertionError(f"koch grade {' '.join(arguments)} failed ({done.returncode}): {done.stderr}")
        return json.loads(done.stdout)

    def perfect_copy(self, lesson_id):
        return " ".join(group["text"] for group in self.key(lesson_id)["groups"])

    def next_lesson(self, name, direction="receive", spoken=False):
        query = f"direction={direction}" + ("&spoken=true" if spoken else "")
        reply = self.request("GET", f"/api/v1/learners/{self.token(name)}/lessons/next?{query}", timeout=120)
        if reply.status != 200:
            raise AssertionError(f"next lesson for {name}: {reply!r}")
        return reply.json()

    def progress(self, name):
        reply = self.request("GET", f"/api/v1/learners/{self.token(name)}/progress")
        if reply.status != 200:
            raise AssertionError(f"progress of {name}: {reply!r}")
        return reply.json()

    # HTTP

    def request(self, method, path, body=None, headers=None, timeout=60):
        return self.request_at(self.port, method, path, body=body, headers=headers, timeout=timeout)

    def request_at(self, port, method, path, body=None, headers=None, timeout=60):
        """A request to another server of the same class (a second server, or nginx in front of both)."""
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            data = response.read()
            return Reply(response.status, {k.lower(): v for k, v in response.getheaders()}, data)
        finally:
            connection.close()

    def teacher_login(self, password=PASSWORD):
        """Logs in as a browser would (the login page's cookie and form); returns (reply, session cookie or None)."""
        page = self.request("GET", "/teacher")
        login_cookie = cookie_value(page.headers.get("set-cookie", ""), "koch_login")
        csrf = form_field(page.text, "csrf")
        body = urllib.parse.urlencode({"csrf": csrf, "password": password})
        reply = self.request("POST", "/teacher/login", body=body, headers={
            "Content-Type": "application/x-www-form-urlencoded", "Cookie": f"koch_login={login_cookie}"})
        return reply, cookie_value(reply.headers.get("set-cookie", ""), "koch_teacher")


def cookie_value(header, name):
    for part in header.split(";"):
        part = part.strip()
        for piece in part.split(","):
            piece = piece.strip()
            if piece.startswith(name + "="):
                return piece[len(name) + 1:] or None
    return None


def form_field(html, name):
    """The value of the first hidden input named `name` in a page."""
    marker = f'name="{name}" value="'
    start = html.find(marker)
    if start < 0:
        raise AssertionError(f"no field {name} in the page: {html[:500]}")
    start += len(marker)
    return html[start:html.index('"', start)]


def lesson_ids_in(html):
    """The lesson IDs a page links to, in order, each once."""
    ids = []
    marker = "/lessons/"
    at = html.find(marker)
    while at >= 0:
        candidate = html[at + len(marker):at + len(marker) + 32]
        if len(candidate) == 32 and all(c in "0123456789abcdef" for c in candidate) and candidate not in ids:
            ids.append(candidate)
        at = html.find(marker, at + 1)
    return ids
