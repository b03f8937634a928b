"""A school on PostgreSQL: two koch-serve on one database and one folder, behind Debian's nginx with the
configuration docs/nginx-school.conf gives (its ports replaced by free ones). Learners' copies are sent
through nginx, one server is killed (SIGKILL) while they are graded, and then: every copy answered 200 is
recorded exactly once, none twice, every learner's sessions are the database's submissions, and the
learners' next requests succeed on the other server. Runs where the tests have a PostgreSQL
(KOCH_TEST_POSTGRES, scripts/run-tests postgres) and nginx."""
import os
import random
import re
import shutil
import subprocess
import threading
import time
import unittest

from school import SchoolNginx
from server_fixture import POSTGRES, Server, free_port, poll

ROSTER = [(f"Learner {n}", 2 + n) for n in range(8)]


@unittest.skipUnless(POSTGRES, "needs a PostgreSQL (KOCH_TEST_POSTGRES; scripts/run-tests postgres starts one)")
@unittest.skipUnless(shutil.which("nginx"), "needs Debian's nginx (scripts/install-deps --test)")
class SchoolTests(unittest.TestCase):
    def setUp(self):
        # Rounds of copies may be sent again after a kill: more than a learner's 10 a minute.
        limit = ["--submissions-per-minute", "100"]
        self.first = Server(roster=ROSTER, serve_arguments=limit).start()
        self.addCleanup(self.first.stop)
        # The second server: the same database and folder, its own port.
        self.second_port = free_port()
        second_log = open(os.path.join(self.first.folder, "second.log"), "w")
        self.addCleanup(second_log.close)
        second = subprocess.Popen(
            [self.first.binary, "--data", self.first.data, "--listen", f"127.0.0.1:{self.second_port}", "--lesson-minutes", "2",
             *self.first.store, *limit], stdout=second_log, stderr=subprocess.STDOUT, start_new_session=True)
        self.addCleanup(lambda: (second.terminate(), second.wait(10)) if second.poll() is None else None)
        poll(lambda: self.answers(self.second_port), 30, "the second server")
        # A header naming the server that answered, outside the docs' configuration: to see nginx send to a server again.
        self.nginx = SchoolNginx(os.path.join(self.first.folder, "nginx"), [self.first.port, self.second_port],
                                 extra_http="add_header X-Koch-Upstream $upstream_addr always;")
        self.addCleanup(self.nginx.stop)
        poll(lambda: self.answers(self.nginx.port), 30, "nginx")

    def first_answers_through_nginx(self):
        """Whether nginx sends to the first server again (it leaves a failed one out for a while)."""
        for name, _ in ROSTER:
            reply = self.via_nginx("GET", f"/api/v1/learners/{self.first.token(name)}")
            if reply.headers.get("x-koch-upstream", "").endswith(f":{self.first.port}"):
                return True
        return False

    def answers(self, port):
        try:
            return self.first.request_at(port, "GET", "/", timeout=2).status == 200
        except OSError:
            return False

    def via_nginx(self, method, path, **arguments):
        return self.first.request_at(self.nginx.port, method, path, **arguments)

    def copies(self):
        """Each learner's three feed lessons (made once, by whichever server), a copy of each with one group wrong."""
        work = []
        for name, _ in ROSTER:
            feed = self.via_nginx("GET", f"/f/{self.first.feed_token(name)}/feed.xml", timeout=120)
            self.assertEqual(feed.status, 200, feed)
            for lesson_id in re.findall(r"koch-lesson-([0-9a-f]{32})", feed.text):
                groups = [group["text"] for group in self.first.key(lesson_id)["groups"]]
                groups[0] = groups[0][:-1]
                work.append((name, lesson_id, " ".join(groups)))
        return work

    def send(self, item):
        name, lesson_id, copy = item
        return self.via_nginx("POST", f"/api/v1/learners/{self.first.token(name)}/lessons/{lesson_id}/copy",
                              body=copy.encode(), headers={"Content-Type": "text/plain"}, timeout=120)

    def kill_while_grading(self, work):
        """Sends every copy at once through nginx and kills the first server once a grade is answered: the copies answered 200."""
        answered = []

        def send(item):
            try:
                answered.append((item, self.send(item)))
            except OSError:
                pass

        threads = [threading.Thread(target=send, args=(item,)) for item in work]
        for thread in threads:
            thread.start()
        poll(lambda: answered, 60, "a first grade", interval_seconds=0.001)
        time.sleep(random.uniform(0, 0.03))
        self.first.kill()
        for thread in threads:
            thread.join(60)
        for _, reply in answered:
            # 502: the request was with the server killed; nginx does not send a POST again.
            self.assertIn(reply.status, (200, 409, 429, 502), reply)
        graded = {item[1] for item, reply in answered if reply.status == 200}
        print(f"\nthrough nginx, the kill among {len(work)} copies: {len(graded)} answered 200, "
              f"statuses {sorted(reply.status for _, reply in answered)}")
        return graded

    def test_two_servers_on_one_database_one_killed_lose_and_double_nothing(self):
        sent = []
        # On a loaded machine the first server can grade all its learners' copies before the kill lands: such
        # a round tests nothing; it is started again, and once nginx sends to it again (its fail_timeout), the
        # feeds' next lessons are sent.
        for attempt in range(4):
            work = self.copies()
            self.assertEqual(len(work), 3 * len(ROSTER))
            if attempt == 0:
                # Each lesson was made once, whichever server made it: the other server's feeds name the same ones.
                for name, _ in ROSTER:
                    direct = self.first.request_at(self.second_port, "GET", f"/f/{self.first.feed_token(name)}/feed.xml", timeout=120)
                    self.assertEqual(set(re.findall(r"koch-lesson-([0-9a-f]{32})", direct.text)),
                                     {lesson for who, lesson, _ in work if who == name})
            sent += work
            graded = self.kill_while_grading(work)
            if len(graded) < len(work):
                break
            self.first.start()
            poll(self.first_answers_through_nginx, 60, "nginx to send to the restarted server", interval_seconds=0.5)
        self.assertLess(len(graded), len(work), "every copy was graded before the kill landed: nothing was tested")

        # The learners' next requests succeed on the other server: a copy answered is refused as graded
        # (409), one not answered is graded now, or was graded and is refused.
        for item in work:
            reply = self.send(item)
            if item[1] in graded:
                self.assertEqual(reply.status, 409, f"a copy answered 200 before the kill was not recorded: {reply!r}")
            else:
                self.assertIn(reply.status, (200, 409), reply)
            self.assertEqual(self.via_nginx("GET", f"/api/v1/learners/{self.first.token(item[0])}").status, 200)

        self.assertEqual(self.first.recording_problems(), [])
        self.assertEqual(int(self.first.rows("SELECT count(*) FROM submission")[0][0]), len(sent), "every copy is recorded once")

if __name__ == "__main__":
    unittest.main()
