"""A server killed (SIGKILL) while learners' copies are being graded loses nothing that was answered and
records nothing half: restarted on the same folder, every copy answered 200 is in the learner's progress
once, every progress's sessions are the submissions the database holds, and the copies not answered are
graded when sent again.
"""
import random
import re
import threading
import time
import unittest

from server_fixture import Server, poll

ROSTER = [(f"Learner {n}", 2 + n) for n in range(6)]


class KilledMidGradeTests(unittest.TestCase):
    def setUp(self):
        self.server = Server(roster=ROSTER).start()

    def tearDown(self):
        self.server.stop()

    def copies(self):
        """Each learner's three feed lessons (made once), with a copy of each, one group wrong."""
        work = []
        for name, _ in ROSTER:
            feed = self.server.request("GET", f"/f/{self.server.feed_token(name)}/feed.xml", timeout=120)
            self.assertEqual(feed.status, 200, feed)
            for lesson_id in re.findall(r"koch-lesson-([0-9a-f]{32})", feed.text):
                groups = [group["text"] for group in self.server.key(lesson_id)["groups"]]
                groups[0] = groups[0][:-1]
                work.append((name, lesson_id, " ".join(groups)))
        return work

    def send(self, item):
        name, lesson_id, copy = item
        return self.server.request("POST", f"/api/v1/learners/{self.server.token(name)}/lessons/{lesson_id}/copy",
                                   body=copy.encode(), headers={"Content-Type": "text/plain"}, timeout=120)

    def check_consistent(self):
        """Every learner's progress holds exactly the sessions of the submissions the database holds."""
        self.assertEqual(self.server.recording_problems(), [])

    def kill_while_grading(self, work):
        """Sends every copy at once and kills the server once the first grade is answered: the copies answered 200."""
        answered = []

        def send(item):
            try:
                reply = self.send(item)
            except OSError:
                return
            answered.append((item, reply))

        threads = [threading.Thread(target=send, args=(item,)) for item in work]
        for thread in threads:
            thread.start()
        poll(lambda: answered, 60, "a first grade", interval_seconds=0.001)
        time.sleep(random.uniform(0, 0.03))
        self.server.kill()
        for thread in threads:
            thread.join(30)
        for _, reply in answered:
            self.assertIn(reply.status, (200, 409, 429), reply)
        return {item[1] for item, reply in answered if reply.status == 200}

    def test_a_server_killed_while_grading_loses_and_doubles_nothing(self):
        # On a loaded machine the server can grade every copy before the kill lands: such a round tests
        # nothing, and another round (the feeds' next lessons) is sent.
        for _ in range(4):
            work = self.copies()
            self.assertEqual(len(work), 3 * len(ROSTER))
            graded = self.kill_while_grading(work)
            self.check_consistent()
            self.server.start()
            if len(graded) < len(work):
                break
        self.assertLess(len(graded), len(work), "every round was graded before the kill landed: nothing was tested")
        for item in work:
            reply = self.send(item)
            if item[1] in graded:
                self.assertEqual(reply.status, 409, f"a copy answered 200 before the kill was not recorded: {reply!r}")
            else:
                self.assertIn(reply.status, (200, 409), reply)
        self.check_consistent()
        submissions = int(self.server.rows("SELECT count(*) FROM submission")[0][0])
        total = sum(len(self.server.progress(name).get("sessions", [])) for name, _ in ROSTER)
        self.assertEqual(total, submissions, "every copy graded is recorded once")


if __name__ == "__main__":
    unittest.main()
