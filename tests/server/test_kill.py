"""A server killed (SIGKILL) while learners' copies are being graded loses nothing that was answered and
records nothing half: restarted on the same folder, every copy answered 200 is in the learner's progress
once, every progress's sessions are the submissions the database holds, and the copies not answered are
graded when sent again.

    KOCH_SERVE=.build/debug/koch-serve python3 -m unittest tests/server/test_kill.py
"""
import glob
import http.client
import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import tempfile
import threading
import time
import unittest
import urllib.parse

SERVE = os.environ.get("KOCH_SERVE", os.path.join(os.path.dirname(__file__), "..", "..", ".build", "debug", "koch-serve"))
LEARNERS = 6


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Server:
    """koch-serve on a free loopback port over `data`, until stopped."""

    def __init__(self, data):
        self.data = data
        self.port = free_port()
        self.log = open(os.path.join(data, "..", f"serve-{self.port}.log"), "wb")
        self.process = subprocess.Popen(
            [SERVE, "--data", data, "--listen", f"127.0.0.1:{self.port}", "--url", f"http://127.0.0.1:{self.port}", "--lesson-minutes", "2"],
            stdout=self.log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if self.request("GET", "/")[0] == 200:
                    return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise AssertionError("koch-serve did not answer within 60 s")

    def request(self, method, path, body=None, headers=None, timeout=120):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=timeout)
        try:
            connection.request(method, path, body=body, headers=headers or {})
            response = connection.getresponse()
            return response.status, response.read()
        finally:
            connection.close()

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()
        self.log.close()

    def stop(self):
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


class KilledMidGradeTests(unittest.TestCase):
    def setUp(self):
        self.folder = tempfile.mkdtemp(prefix="koch-serve-kill-")
        self.data = os.path.join(self.folder, "data")
        roster = os.path.join(self.folder, "class.csv")
        with open(roster, "w") as f:
            f.write("name,level\n" + "".join(f"Learner {n},{2 + n}\n" for n in range(LEARNERS)))
        subprocess.run([SERVE, "--data", self.data, "--roster", roster, "--no-serve"], check=True, stdout=subprocess.DEVNULL)
        links = subprocess.run([SERVE, "links", "--data", self.data, "--json"], check=True, capture_output=True, text=True)
        self.learners = json.loads(links.stdout)
        self.servers = []

    def tearDown(self):
        for server in self.servers:
            if server.process.poll() is None:
                server.stop()
        subprocess.run(["rm", "-rf", self.folder])

    def start(self):
        server = Server(self.data)
        self.servers.append(server)
        return server

    def lessons(self, server):
        """Each learner's three feed lessons (made once), with a copy of each, one group wrong."""
        work = []
        for learner in self.learners:
            status, _ = server.request("GET", urllib.parse.urlsplit(learner["feed"]).path)
            self.assertEqual(status, 200)
        for learner in self.learners:
            token = learner["link"].rsplit("/", 1)[1]
            for key_path in glob.glob(os.path.join(self.data, "lessons", "*", "*.key.json")):
                lesson_id = os.path.basename(os.path.dirname(key_path))
                status, _ = server.request("GET", f"/l/{token}/lessons/{lesson_id}")
                if status != 200:
                    continue
                with open(key_path) as f:
                    groups = [group["text"] for group in json.load(f)["groups"]]
                groups[0] = groups[0][:-1]
                work.append((token, lesson_id, " ".join(groups)))
        return work

    def send_all(self, server, work, answered):
        def send(item):
            token, lesson_id, copy = item
            try:
                status, body = server.request("POST", f"/api/v1/learners/{token}/lessons/{lesson_id}/copy", copy.encode(),
                                              {"Content-Type": "text/plain"})
            except OSError:
                return
            answered.append((item, status, body))

        threads = [threading.Thread(target=send, args=(item,)) for item in work]
        for thread in threads:
            thread.start()
        return threads

    def check_consistent(self):
        """Every learner's progress holds exactly the sessions of the submissions the database holds."""
        database = sqlite3.connect(os.path.join(self.data, "class.sqlite"))
        try:
            for learner_id, progress_text in database.execute("SELECT id, progress FROM learner"):
                sessions = json.loads(progress_text).get("sessions", [])
                submissions = database.execute("SELECT count(*) FROM submission WHERE learnerID = ?", (learner_id,)).fetchone()[0]
                self.assertEqual(len(sessions), submissions, f"learner {learner_id}: sessions and submissions differ")
                ids = [session["lessonID"] for session in sessions]
                self.assertEqual(len(ids), len(set(ids)), f"learner {learner_id}: a lesson recorded twice")
        finally:
            database.close()

    def test_a_server_killed_while_grading_loses_and_doubles_nothing(self):
        server = self.start()
        work = self.lessons(server)
        self.assertGreaterEqual(len(work), 3 * LEARNERS)
        answered = []
        threads = self.send_all(server, work, answered)
        # Killed once the first grade is answered, a moment later or at once: the rest are in flight.
        deadline = time.monotonic() + 60
        while not answered and time.monotonic() < deadline:
            time.sleep(0.001)
        time.sleep(random.uniform(0, 0.03))
        server.kill()
        for thread in threads:
            thread.join(30)
        graded = {item[1]: json.loads(body) for item, status, body in answered if status == 200}
        self.assertLess(len(graded), len(work), "the kill came after every copy was graded: it tested nothing")
        for _, status, body in answered:
            self.assertIn(status, (200, 409, 429), body)
        self.check_consistent()

        server = self.start()
        for item in work:
            token, lesson_id, copy = item
            status, body = server.request("POST", f"/api/v1/learners/{token}/lessons/{lesson_id}/copy", copy.encode(),
                                          {"Content-Type": "text/plain"})
            if lesson_id in graded:
                self.assertEqual(status, 409, f"a copy answered 200 before the kill was not recorded: {body!r}")
            else:
                self.assertIn(status, (200, 409), body)
        self.check_consistent()
        total = sum(len(json.loads(server.request("GET", f"/api/v1/learners/{learner['link'].rsplit('/', 1)[1]}/progress")[1])
                        .get("sessions", [])) for learner in self.learners)
        self.assertEqual(total, len(work), "every copy is recorded once in the end")
        server.stop()


if __name__ == "__main__":
    unittest.main()
