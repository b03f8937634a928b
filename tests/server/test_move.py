"""A class moved with `koch-serve export` and `koch-serve import` is the same class where it lands: from
its folder's SQLite file into PostgreSQL (with the same --data) and back into a new folder's SQLite file,
each learner's link and feed still open their pages, their status, progress and lessons are the same, the
teacher logs in with the same password and downloads the same gradebook. An import into a store that
holds a class, or of a file that is no class export, is refused and changes nothing.

The PostgreSQL parts need KOCH_TEST_POSTGRES (postgres://USER@HOST:PORT); without it they are skipped.
"""
import json
import os
import re
import shutil
import tempfile
import unittest

from server_fixture import POSTGRES, Server

ROSTER = [("Ann Lee", 2), ("Bo Chen", 5), ("Cy Diaz", 3)]


class MoveTests(unittest.TestCase):
    def setUp(self):
        # The class on SQLite, whatever the other tests keep theirs in: Ann's copy graded (one group
        # wrong), her next lesson made and not graded, Bo's feed of lessons made.
        self.source = Server(roster=ROSTER, postgres=False).start()
        self.addCleanup(self.source.stop)
        lesson = self.source.next_lesson("Ann Lee")
        groups = [group["text"] for group in self.source.key(lesson["id"])["groups"]]
        groups[0] = groups[0][:-1]
        reply = self.source.request("POST", f"/api/v1/learners/{self.source.token('Ann Lee')}/lessons/{lesson['id']}/copy",
                                    body=" ".join(groups).encode(), headers={"Content-Type": "text/plain"}, timeout=120)
        self.assertEqual(reply.status, 200, reply)
        self.source.next_lesson("Ann Lee")
        feed = self.source.request("GET", f"/f/{self.source.feed_token('Bo Chen')}/feed.xml", timeout=120)
        self.assertEqual(feed.status, 200, feed)
        self.seen = self.observe(self.source)
        self.assertIn("Ann Lee", self.seen["gradebook"])
        self.source.halt()
        self.scratch = tempfile.mkdtemp(prefix="koch-move-test-")
        self.addCleanup(shutil.rmtree, self.scratch, ignore_errors=True)

    def observe(self, server):
        """What the class shows, through the server's pages and API (no address of the server's own in it)."""
        seen = {"learners": {}}
        for name, _ in ROSTER:
            token = server.token(name)
            page = server.request("GET", f"/l/{token}")
            self.assertEqual(page.status, 200, page)
            self.assertIn(name, page.text)
            status = server.request("GET", f"/api/v1/learners/{token}")
            self.assertEqual(status.status, 200, status)
            download = server.request("GET", f"/l/{token}/progress.json")
            self.assertEqual(download.status, 200, download)
            feed = server.request("GET", f"/f/{server.feed_token(name)}/feed.xml", timeout=120)
            self.assertEqual(feed.status, 200, feed)
            episodes = re.findall(r"koch-lesson-([0-9a-f]{32})", feed.text)
            audio = server.request("GET", f"/f/{server.feed_token(name)}/audio/{episodes[0]}")
            self.assertEqual(audio.status, 200, audio)
            seen["learners"][name] = {
                "link": token, "feed": server.feed_token(name), "status": status.json(), "progress": server.progress(name),
                "progress file": download.body, "episodes": episodes, "audio": audio.body,
                "next lesson": server.next_lesson(name)["id"],
            }
        login, cookie = server.teacher_login()
        self.assertEqual(login.status, 303, login)
        gradebook = server.request("GET", "/teacher/gradebook.csv", headers={"Cookie": f"koch_teacher={cookie}"})
        self.assertEqual(gradebook.status, 200, gradebook)
        seen["gradebook"] = gradebook.text
        return seen

    def export(self, server, name):
        path = os.path.join(self.scratch, name)
        said = server.run("export", "--data", server.data, "--out", path)
        self.assertIn(f"to {path}", said)
        with open(path) as f:
            document = json.load(f)
        self.assertEqual((document["format"], document["version"]), ("koch-class", 1))
        return path, document

    def move_into_new_folder(self, export_path, lessons_from):
        """A new folder's SQLite file, the class imported into it, its lessons' audio copied along; started."""
        server = Server(roster=None, postgres=False)
        self.addCleanup(server.stop)
        shutil.copytree(os.path.join(lessons_from, "lessons"), os.path.join(server.data, "lessons"))
        said = server.run("import", export_path, "--data", server.data)
        self.assertIn("Imported 3 learners", said)
        return server.start()

    def without_addresses(self, document):
        """The document less the addresses a server keeps of where it listened (each server its own port)."""
        document = dict(document)
        document["settings"] = {k: v for k, v in document["settings"].items() if k != "listenURL"}
        return document

    def test_a_class_moved_into_another_folder_is_the_same_class(self):
        path, document = self.export(self.source, "class.json")
        self.assertEqual(len(document["learners"]), 3)
        self.assertEqual(len(document["submissions"]), 1)
        moved = self.move_into_new_folder(path, self.source.data)
        self.assertEqual(self.observe(moved), self.seen)
        moved.halt()
        _, again = self.export(moved, "again.json")
        self.assertEqual(self.without_addresses(again), self.without_addresses(document))

    @unittest.skipUnless(POSTGRES, "KOCH_TEST_POSTGRES is not set (postgres://USER@HOST:PORT): no PostgreSQL to move the class to")
    def test_a_class_moved_to_postgresql_and_back_is_the_same_class(self):
        path, document = self.export(self.source, "class.json")
        # Into a new PostgreSQL database, the lessons' audio where it was (the same --data).
        postgres = Server(roster=None, postgres=True, data=self.source.data)
        self.addCleanup(postgres.stop)
        said = postgres.run("import", path, "--data", postgres.data)
        self.assertIn("Imported 3 learners, ", said)
        self.assertIn(postgres.database_url, said)
        self.assertEqual(self.observe(postgres.start()), self.seen)
        postgres.halt()
        back_path, from_postgres = self.export(postgres, "from-postgres.json")
        self.assertEqual(self.without_addresses(from_postgres), self.without_addresses(document))
        # And back, into a new folder's SQLite file with a copy of the lessons.
        back = self.move_into_new_folder(back_path, self.source.data)
        self.assertEqual(self.observe(back), self.seen)
        back.halt()
        _, again = self.export(back, "again.json")
        self.assertEqual(self.without_addresses(again), self.without_addresses(document))
        # A learner added after the move gets a number of their own.
        postgres.run("--data", postgres.data, "--roster", self.roster_of("Di Evans"), "--no-serve")
        numbers = [int(n) for (n,) in postgres.rows("SELECT id FROM learner ORDER BY id")]
        self.assertEqual(numbers, [1, 2, 3, 4])

    def roster_of(self, name):
        path = os.path.join(self.scratch, "roster.csv")
        with open(path, "w") as f:
            f.write(f"name,level\n{name},2\n")
        return path

    def test_an_import_into_a_class_or_of_another_file_is_refused_and_changes_nothing(self):
        path, document = self.export(self.source, "class.json")
        not_json = os.path.join(self.scratch, "notes.txt")
        with open(not_json, "w") as f:
            f.write("not a class\n")
        other_version = os.path.join(self.scratch, "v2.json")
        with open(other_version, "w") as f:
            json.dump(dict(document, version=2), f)
        stores = [self.source] + ([Server(roster=None, postgres=True, data=self.source.data)] if POSTGRES else [])
        for server in stores[1:]:
            self.addCleanup(server.stop)
            server.run("import", path, "--data", server.data)
        for server in stores:
            before = server.run("export", "--data", server.data)
            for given, words in [(path, "is not empty"), (not_json, "is not a koch class export"),
                                 (other_version, "of version 2"), (os.path.join(self.scratch, "missing.json"), "no file")]:
                done = server.run("import", given, "--data", server.data, check=False)
                self.assertNotEqual(done.returncode, 0, f"import of {given}: {done.stdout}")
                self.assertIn(words, done.stderr)
            self.assertEqual(server.run("export", "--data", server.data), before)
        # Into a new folder without the lessons' audio: imported, with a word on what to copy.
        done = self.source.run("import", path, "--data", os.path.join(self.scratch, "no-audio"), check=False)
        self.assertEqual(done.returncode, 0, done.stderr)
        self.assertIn("copy the lessons/ folder", done.stderr)
        # No class in the folder given: nothing exported, and no empty class made there.
        empty = os.path.join(self.scratch, "no-class")
        done = self.source.run("export", "--data", empty, check=False)
        self.assertNotEqual(done.returncode, 0)
        self.assertIn("There is no class in", done.stderr)
        self.assertFalse(os.path.exists(os.path.join(empty, "class.sqlite")))


if __name__ == "__main__":
    unittest.main()
