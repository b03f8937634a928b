"""The JSON API as a script or an app uses it: status, the next lesson, a copy, a count heard and
a recording graded and recorded once, the progress file down and back."""

import json
import os
import shutil
import subprocess
import tempfile
import unittest

from keying import straight_key_log
from server_fixture import Server

server = None


def setUpModule():
    global server
    server = Server().start()


def tearDownModule():
    server.stop()


class APITests(unittest.TestCase):
    def api(self, name):
        return f"/api/v1/learners/{server.token(name)}"

    def test_status_is_koch_status_json(self):
        reply = server.request("GET", self.api("Bo Chen"))
        self.assertEqual(reply.status, 200, reply)
        self.assertEqual(reply.headers["content-type"], "application/json")
        status = reply.json()
        self.assertEqual(status["receive"]["level"], 5)
        self.assertEqual(status["send"]["level"], 5)
        self.assertEqual(status["receive"]["sessions"], 0)
        self.assertIn("streak", status)

    def test_next_lesson_is_made_once_and_its_audio_served(self):
        first = server.next_lesson("Bo Chen")
        again = server.next_lesson("Bo Chen")
        self.assertEqual(first["id"], again["id"], "an ungraded lesson is kept, not made again")
        for field in ["id", "direction", "level", "title", "audioURL", "pageURL", "durationSeconds", "settings"]:
            self.assertIn(field, first)
        self.assertEqual(first["direction"], "receive")
        self.assertEqual(first["level"], 5)
        key = server.key(first["id"])
        self.assertAlmostEqual(first["durationSeconds"], key["durationSeconds"], places=2)
        audio = server.request("GET", server.path_of(first["audioURL"]))
        self.assertEqual(audio.status, 200)
        self.assertEqual(audio.headers["content-type"], "audio/mpeg")
        self.assertTrue(audio.body[:3] == b"ID3" or audio.body[0] == 0xFF, audio.body[:4])
        self.assertEqual(server.request("GET", server.path_of(first["pageURL"])).status, 200)

    def test_next_lesson_refuses_a_direction_it_does_not_know(self):
        reply = server.request("GET", self.api("Bo Chen") + "/lessons/next?direction=sideways")
        self.assertEqual(reply.status, 400, reply)
        self.assertIn("error", reply.json())

    def test_copy_graded_once_then_409_with_progress_unchanged(self):
        lesson = server.next_lesson("Ann Lee")
        path = self.api("Ann Lee") + f"/lessons/{lesson['id']}/copy"
        copy = server.perfect_copy(lesson["id"])
        reply = server.request("POST", path, body=copy, headers={"Content-Type": "text/plain"}, timeout=120)
        self.assertEqual(reply.status, 200, reply)
        grade = reply.json()
        self.assertEqual(grade["accuracy"], 1)
        self.assertEqual(grade["level"], {"before": 2, "after": 3})
        self.assertTrue(grade["recorded"])
        self.assertRegex(grade["nextDue"], r"^\d{4}-\d{2}-\d{2}$")
        before = server.progress("Ann Lee")
        again = server.request("POST", path, body=copy, headers={"Content-Type": "text/plain"})
        self.assertEqual(again.status, 409, again)
        self.assertIn("100 %", again.json()["error"])
        self.assertEqual(server.progress("Ann Lee"), before, "a lesson graded before changes nothing")
        ids = [session.get("lessonID") for session in before["sessions"]]
        self.assertEqual(ids.count(server.key(lesson["id"])["lessonID"]), 1)

    def test_heard_on_a_spoken_lesson_is_self_scored(self):
        lesson = server.next_lesson("Cy Diaz", spoken=True)
        self.assertTrue(lesson["spoken"])
        reply = server.request(
            "POST", self.api("Cy Diaz") + f"/lessons/{lesson['id']}/heard",
            body=json.dumps({"heard": 6, "stoppedAt": "1:30"}), headers={"Content-Type": "application/json"})
        self.assertEqual(reply.status, 200, reply)
        grade = reply.json()
        self.assertTrue(grade["recorded"])
        self.assertEqual(grade["heard"], 6)
        self.assertEqual(grade["stoppedAtSeconds"], 90)
        self.assertIn("nextDue", grade)
        self.assertGreater(grade["accuracy"], 0)
        self.assertEqual(server.progress("Cy Diaz")["sessions"][-1].get("lessonID"), server.key(lesson["id"])["lessonID"])

    def test_heard_refused_when_not_json(self):
        lesson = server.next_lesson("Cy Diaz", spoken=True)
        reply = server.request("POST", self.api("Cy Diaz") + f"/lessons/{lesson['id']}/heard", body="ten")
        self.assertIn(reply.status, (400, 409), reply)
        self.assertIn("error", reply.json())

    def test_recording_of_the_lessons_own_audio_grades_perfectly_with_a_fist_report(self):
        if shutil.which("ffmpeg") is None:
            self.fail("ffmpeg is missing (scripts/install-deps --test installs it)")
        lesson = server.next_lesson("Di Evans", direction="send")
        self.assertEqual(lesson["direction"], "send")
        self.assertTrue(lesson.get("text"), "a send exercise gives its text to key")
        audio = server.request("GET", server.path_of(lesson["audioURL"]))
        self.assertEqual(audio.status, 200)
        with tempfile.TemporaryDirectory() as folder:
            mp3, m4a = os.path.join(folder, "lesson.mp3"), os.path.join(folder, "keying.m4a")
            with open(mp3, "wb") as f:
                f.write(audio.body)
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", mp3, "-c:a", "aac", "-b:a", "64k", m4a],
                           check=True, timeout=120)
            with open(m4a, "rb") as f:
                recording = f.read()
        reply = server.request(
            "POST", self.api("Di Evans") + f"/lessons/{lesson['id']}/recording", body=recording,
            headers={"Content-Type": "audio/mp4"}, timeout=180)
        self.assertEqual(reply.status, 200, reply)
        grade = reply.json()
        self.assertGreaterEqual(grade["accuracy"], 0.98)
        self.assertEqual(grade["direction"], "send")
        self.assertTrue(grade["recorded"])
        self.assertEqual(grade["level"]["before"], 2)
        fist = grade["fist"]
        self.assertAlmostEqual(fist["speedWPM"], lesson["settings"]["characterSpeedWPM"], delta=1)
        self.assertAlmostEqual(fist["dahToDitRatio"], 3, delta=0.2)
        self.assertNotIn(server.data, reply.text, "the grade gives the server's own file path")

    def test_the_lessons_own_audio_is_refused_and_an_mp3_recording_of_it_is_graded(self):
        """koch's own lesson audio sent back is no keying (refused as `koch grade --audio` refuses it); the
        same sound recorded into an MP3 (koch's tags gone) is a recording `koch grade --audio` reads."""
        lesson = server.next_lesson("Ed Fox", direction="send")
        audio = server.request("GET", server.path_of(lesson["audioURL"]))
        path = self.api("Ed Fox") + f"/lessons/{lesson['id']}/recording"
        reply = server.request("POST", path, body=audio.body, headers={"Content-Type": "audio/mpeg"}, timeout=180)
        self.assertEqual(reply.status, 422, reply)
        self.assertIn("lesson's own audio", reply.json()["error"])
        self.assertEqual(server.progress("Ed Fox").get("sessions", []), [], "a refusal records nothing")
        with tempfile.TemporaryDirectory() as folder:
            lesson_mp3, recorded = os.path.join(folder, "lesson.mp3"), os.path.join(folder, "recorded.mp3")
            with open(lesson_mp3, "wb") as f:
                f.write(audio.body)
            subprocess.run(["ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-i", lesson_mp3, "-map_metadata", "-1",
                            "-c:a", "libmp3lame", "-b:a", "96k", recorded], check=True, timeout=120)
            with open(recorded, "rb") as f:
                body = f.read()
        reply = server.request("POST", path, body=body, headers={"Content-Type": "audio/mpeg"}, timeout=180)
        self.assertEqual(reply.status, 200, reply)
        self.assertGreaterEqual(reply.json()["accuracy"], 0.98)

    def test_progress_download_and_put_back(self):
        name = "Bo Chen"
        progress = server.progress(name)
        self.assertIn("formatVersion", progress)
        body = json.dumps(progress)
        reply = server.request("PUT", self.api(name) + "/progress", body=body, headers={"Content-Type": "application/json"})
        self.assertEqual(reply.status, 200, reply)
        self.assertEqual(reply.json(), progress)
        self.assertEqual(server.progress(name), progress)

    def test_progress_put_refuses_what_is_not_a_progress_file_and_keeps_it(self):
        name = "Ann Lee"
        before = server.progress(name)
        for body in ["not json", "{}", '{"formatVersion": 4, "sessions": "many"}']:
            reply = server.request("PUT", self.api(name) + "/progress", body=body, headers={"Content-Type": "application/json"})
            self.assertEqual(reply.status, 400, (body, reply))
            self.assertIn("error", reply.json())
        self.assertEqual(server.progress(name), before)

    def test_a_copy_typed_live_is_placed_by_the_groups_windows_and_graded_once(self):
        name = "Fay Gill"
        lesson = server.next_lesson(name)
        key = server.key(lesson["id"])
        groups = key["groups"]
        typed = []
        for number, group in enumerate(groups[:8]):
            # Each group typed as the next one sounds (late, within its window); the third with its last character wrong.
            text = group["text"] if number != 2 else group["text"][:-1] + ("M" if group["text"][-1] != "M" else "K")
            # Typed in the gap after the group, well within its window (which reaches to the next group's end).
            typed += [{"at": group["endSeconds"] + 0.02 + 0.01 * i, "key": c.lower()} for i, c in enumerate(text)]
        stop = (groups[8]["startSeconds"] + groups[8]["endSeconds"]) / 2
        body = json.dumps({"typed": typed, "stoppedAt": stop})
        path = self.api(name) + f"/lessons/{lesson['id']}/typing"
        reply = server.request("POST", path, body=body, headers={"Content-Type": "application/json"}, timeout=120)
        self.assertEqual(reply.status, 200, reply)
        grade = reply.json()
        sent = sum(len(group["text"]) for group in groups[:8])
        self.assertAlmostEqual(grade["accuracy"], (sent - 1) / sent, places=3)
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as copy:
            copy.write(" ".join(group["text"] if n != 2 else group["text"][:-1] + ("M" if group["text"][-1] != "M" else "K")
                                for n, group in enumerate(groups[:8])))
            copy.flush()
            by_koch = server.koch_grade(lesson["id"], "--transcript", copy.name, "--stopped-at", f"{stop:.3f}")
        self.assertEqual(grade["accuracy"], by_koch["accuracy"])
        sessions = [s for s in server.progress(name)["sessions"] if s["lessonID"] == key["lessonID"]]
        self.assertEqual(len(sessions), 1)
        self.assertTrue(sessions[0].get("live"))
        self.assertAlmostEqual(sessions[0]["stoppedAtSeconds"], stop, places=3)
        again = server.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        self.assertEqual(again.status, 409, again)
        for bad in ["{", json.dumps({"typed": [{"at": 5, "key": "KM"}]}), json.dumps({"typed": [{"at": 5, "key": "K"}, {"at": 4, "key": "M"}]})]:
            self.assertEqual(server.request("POST", path, body=bad).status, 400, bad)

    def test_a_key_log_is_read_as_it_goes_and_graded_as_koch_grade_events_grades_it(self):
        name = "Fay Gill"
        lesson = server.next_lesson(name, direction="send")
        key = server.key(lesson["id"])

        def sessions():
            return [s for s in server.progress(name)["sessions"] if s["lessonID"] == key["lessonID"]]

        unit = 1.2 / key["settings"]["characterSpeedWPM"]
        keyed = []
        for group in key["groups"]:
            if sum(len(g) for g in keyed) >= 30:
                break
            keyed.append(group["text"])
        log = straight_key_log(keyed, unit)
        base = self.api(name) + f"/lessons/{lesson['id']}"
        read = server.request("POST", base + "/keying/read", body=log, headers={"Content-Type": "text/plain"})
        self.assertEqual(read.status, 200, read)
        readout = read.json()
        self.assertEqual("".join(c["text"] for c in readout["characters"]), "".join(keyed))
        self.assertTrue(all(t["close"] for c in readout["characters"] for t in c["timings"]))
        self.assertEqual(sessions(), [], "reading the keying records nothing")
        reply = server.request("POST", base + "/keying", body=log, headers={"Content-Type": "text/plain"}, timeout=120)
        self.assertEqual(reply.status, 200, reply)
        grade = reply.json()
        with tempfile.NamedTemporaryFile("w", suffix=".txt") as events:
            events.write(log)
            events.flush()
            by_koch = server.koch_grade(lesson["id"], "--events", events.name)
        self.assertEqual(grade["accuracy"], by_koch["accuracy"])
        self.assertEqual(grade["accuracy"], 1)
        self.assertIn("fist", grade)
        self.assertEqual(len(sessions()), 1)
        self.assertEqual(server.request("POST", base + "/keying", body=log).status, 409)
        self.assertEqual(server.request("POST", base + "/keying/read", body="0.0 key sideways\n").status, 400)

    def test_scripts_are_served_with_their_etag_and_asked_again_each_visit(self):
        for name in ["upload.js", "live-page.js", "live-copy.js", "live-key.js", "live-microphone.js"]:
            reply = server.request("GET", f"/static/{name}")
            self.assertEqual(reply.status, 200, name)
            self.assertTrue(reply.headers["content-type"].startswith("text/javascript"), reply.headers)
            self.assertEqual(reply.headers["cache-control"], "no-cache")
            tag = reply.headers["etag"]
            again = server.request("GET", f"/static/{name}", headers={"If-None-Match": tag})
            self.assertEqual((again.status, again.body), (304, b""), name)
        for path in ["/static/live.js", "/static/..%2Fclass.sqlite", "/static/openapi.json"]:
            self.assertEqual(server.request("GET", path).status, 404, path)

    def test_openapi_document_is_served_and_names_every_route(self):
        reply = server.request("GET", "/api/v1/openapi.json")
        self.assertEqual(reply.status, 200)
        document = reply.json()
        self.assertTrue(document["openapi"].startswith("3.1"))
        for path in ["/api/v1/learners/{token}", "/api/v1/learners/{token}/lessons/next", "/api/v1/learners/{token}/lessons/{id}/copy",
                     "/api/v1/learners/{token}/lessons/{id}/recording", "/api/v1/learners/{token}/lessons/{id}/heard",
                     "/api/v1/learners/{token}/progress", "/api/v1/learners/{token}/lessons/{id}/typing",
                     "/api/v1/learners/{token}/lessons/{id}/keying", "/api/v1/learners/{token}/lessons/{id}/keying/read"]:
            self.assertIn(path, document["paths"])

    def test_replies_match_the_openapi_document(self):
        import jsonschema
        document = server.request("GET", "/api/v1/openapi.json").json()

        def check(value, name):
            jsonschema.validate(value, {"$ref": f"#/components/schemas/{name}", "components": document["components"]})

        check(server.request("GET", self.api("Gus Hale")).json(), "Status")
        lesson = server.next_lesson("Gus Hale")
        check(lesson, "NextLesson")
        check(server.next_lesson("Gus Hale", direction="send"), "NextLesson")
        grade = server.request("POST", self.api("Gus Hale") + f"/lessons/{lesson['id']}/copy", body=server.perfect_copy(lesson["id"])[:-6], timeout=120)
        self.assertEqual(grade.status, 200, grade)
        check(grade.json(), "LessonGrade")
        spoken = server.next_lesson("Gus Hale", spoken=True)
        heard = server.request("POST", self.api("Gus Hale") + f"/lessons/{spoken['id']}/heard", body='{"heard": 3}')
        self.assertEqual(heard.status, 200, heard)
        check(heard.json(), "SpokenGrade")
        check(server.progress("Gus Hale"), "Progress")
        check(server.request("GET", self.api("Gus Hale") + "/lessons/next?direction=up").json(), "Error")


if __name__ == "__main__":
    unittest.main()
