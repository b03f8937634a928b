"""The server against what a guesser, a careless client or a hostile one sends: tokens and lesson IDs
that open nothing, paths in IDs, uploads too large or of the wrong kind, a burst of copies, forms
without their CSRF token, the teacher's pages without a session. Never a 500, and the server lives."""

import io
import select
import socket
import threading
import time
import unittest
import urllib.parse
import zipfile

from server_fixture import Server, form_field

server = None
statuses = []


def setUpModule():
    global server
    server = Server().start()


def tearDownModule():
    server.stop()


def request(method, path, **arguments):
    """A request whose status is kept: no test may see a 500."""
    reply = server.request(method, path, **arguments)
    statuses.append((reply.status, method, path))
    return reply


class AttackTests(unittest.TestCase):
    def tearDown(self):
        server_errors = [entry for entry in statuses if entry[0] >= 500]
        self.assertEqual(server_errors, [], "the server answered 5xx")
        self.assertTrue(server.alive(), "the server no longer answers: " + server.server_log())

    def send_lesson(self, name):
        return server.next_lesson(name, direction="send")["id"]

    def test_unknown_token_lesson_and_path_are_the_same_404(self):
        token = server.token("Fay Gill")
        other_lesson = server.next_lesson("Bo Chen")["id"]
        guesses = ["A" * 43, "short", token[:-1] + ("A" if token[-1] != "A" else "B"), token + "A", "%00" * 10]
        page_paths = [f"/l/{guess}" for guess in guesses] + [
            f"/l/{token}/lessons/{other_lesson}", f"/l/{token}/audio/{other_lesson}.mp3",
            f"/l/{token}/lessons/..%2F..%2Fetc%2Fpasswd", f"/l/{token}/audio/..%2F..%2Fclass.sqlite",
            f"/l/{token}/lessons/{'0' * 32}", f"/f/{token}/feed.xml"]
        bodies = set()
        for path in page_paths:
            reply = request("GET", path)
            self.assertEqual(reply.status, 404, path)
            bodies.add(reply.body)
        self.assertEqual(len(bodies), 1, "every page 404 is the same page")
        api_paths = [f"/api/v1/learners/{guess}" for guess in guesses] + [
            f"/api/v1/learners/{token}/lessons/..%2F..%2Fetc%2Fpasswd/copy", f"/api/v1/learners/{token}/lessons/{other_lesson}/copy"]
        bodies = set()
        for path in api_paths:
            method = "POST" if path.endswith("/copy") else "GET"
            reply = request(method, path, body="KM" if method == "POST" else None)
            self.assertEqual(reply.status, 404, path)
            self.assertEqual(reply.headers["content-type"], "application/json")
            bodies.add(reply.body)
        self.assertEqual(len(bodies), 1, "every API 404 is the same error")

    def test_not_found_page_has_a_title_and_heading(self):
        reply = request("GET", "/l/" + "A" * 43)
        self.assertEqual(reply.status, 404)
        self.assertNotIn("<h1></h1>", reply.text, "the refusal page's heading is empty")
        self.assertNotIn("<title> · koch</title>", reply.text)

    def test_two_gigabyte_upload_streamed_is_refused_quickly(self):
        lesson = self.send_lesson("Cy Diaz")
        path = f"/api/v1/learners/{server.token('Cy Diaz')}/lessons/{lesson}/recording"
        status, seconds, sent = stream_upload(server.port, path, total_bytes=2 * 1024 ** 3, deadline_seconds=60)
        self.assertEqual(status, 413, f"after {sent} bytes in {seconds:.1f} s")
        self.assertLess(seconds, 20)
        self.assertLess(sent, 1024 ** 3, "refused long before the end")
        statuses.append((status, "POST", path))

    def test_two_gigabyte_upload_announced_is_refused_before_its_body(self):
        lesson = self.send_lesson("Cy Diaz")
        path = f"/api/v1/learners/{server.token('Cy Diaz')}/lessons/{lesson}/recording"
        status, seconds, sent = stream_upload(server.port, path, total_bytes=2 * 1024 ** 3, deadline_seconds=30, announce=True)
        self.assertEqual(status, 413)
        self.assertLess(seconds, 10)
        statuses.append((status, "POST", path))

    def test_a_zip_and_a_jpeg_are_not_recordings(self):
        lesson = self.send_lesson("Di Evans")
        path = f"/api/v1/learners/{server.token('Di Evans')}/lessons/{lesson}/recording"
        archive = io.BytesIO()
        with zipfile.ZipFile(archive, "w") as z:
            z.writestr("keying.m4a", b"\x00" * 4096)
        jpeg = bytes.fromhex("ffd8ffe000104a46494600010100000100010000") + b"\x00" * 4096 + b"\xff\xd9"
        for body, words in [(archive.getvalue(), "ZIP"), (jpeg, "JPEG")]:
            for content_type in ["application/octet-stream", "audio/mp4"]:
                reply = request("POST", path, body=body, headers={"Content-Type": content_type})
                self.assertEqual(reply.status, 415, reply)
                self.assertIn(words, reply.json()["error"])
        self.assertEqual([s for s in server.progress("Di Evans")["sessions"]], [], "nothing was recorded")

    def test_a_hundred_copies_at_once_count_once(self):
        name = "Ann Lee"
        lesson = server.next_lesson(name)["id"]
        path = f"/api/v1/learners/{server.token(name)}/lessons/{lesson}/copy"
        copy = server.perfect_copy(lesson)
        barrier = threading.Barrier(100)
        replies = [None] * 100

        def send(index):
            barrier.wait()
            try:
                replies[index] = server.request("POST", path, body=copy, headers={"Content-Type": "text/plain"}, timeout=120)
            except OSError as error:
                replies[index] = error

        threads = [threading.Thread(target=send, args=(index,)) for index in range(100)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=180)
        codes = [reply.status if hasattr(reply, "status") else repr(reply) for reply in replies]
        for code in codes:
            statuses.append((code if isinstance(code, int) else 599, "POST", path))
        self.assertEqual(codes.count(200), 1, codes)
        self.assertEqual([code for code in codes if code not in (200, 409, 429)], [], codes)
        lesson_key = server.key(lesson)["lessonID"]
        sessions = [s for s in server.progress(name)["sessions"] if s.get("lessonID") == lesson_key]
        self.assertEqual(len(sessions), 1)

    def test_learner_forms_without_their_csrf_token_are_403(self):
        name = "Ed Fox"
        token = server.token(name)
        lesson = server.next_lesson(name)["id"]
        form = {"Content-Type": "application/x-www-form-urlencoded"}
        other_csrf = form_field(request("GET", f"/l/{server.token('Bo Chen')}", timeout=120).text, "csrf")
        for body in ["copy=KM", "copy=KM&csrf=", f"copy=KM&csrf={other_csrf}"]:
            self.assertEqual(request("POST", f"/l/{token}/lessons/{lesson}/copy", body=body, headers=form).status, 403, body)
        self.assertEqual(request("POST", f"/l/{token}/feed", body="spoken=on", headers=form).status, 403)
        self.assertEqual(request("POST", f"/l/{token}/progress", body="progress=%7B%7D", headers=form).status, 403)
        send = self.send_lesson(name)
        self.assertEqual(request("POST", f"/l/{token}/lessons/{send}/recording", body=b"RIFF").status, 403)
        self.assertEqual(server.progress(name)["sessions"], [])

    def test_teacher_pages_without_a_session_are_404(self):
        for method, path in [("GET", "/teacher/gradebook"), ("GET", "/teacher/gradebook.csv"), ("GET", "/teacher/sheet"),
                             ("GET", "/teacher/learners/1/report"), ("POST", "/teacher/learners"), ("POST", "/teacher/learners/1/remove"),
                             ("POST", "/teacher/learners/1/reset-link"), ("POST", "/teacher/learners/1/reset-feed"),
                             ("POST", "/teacher/logout")]:
            for cookie in [None, "koch_teacher=" + "A" * 43, "koch_teacher=../../etc"]:
                headers = {"Cookie": cookie} if cookie else {}
                self.assertEqual(request(method, path, headers=headers, body="" if method == "POST" else None).status, 404, (path, cookie))

    def test_teacher_form_without_csrf_is_403_and_changes_nothing(self):
        reply, session = server.teacher_login()
        self.assertEqual(reply.status, 303, reply)
        self.assertTrue(session)
        cookie = {"Cookie": f"koch_teacher={session}", "Content-Type": "application/x-www-form-urlencoded"}
        before = server.links["Bo Chen"]
        for path, body in [("/teacher/learners", "name=Mallory&level=2"), ("/teacher/learners/2/remove", ""),
                           ("/teacher/learners/2/reset-link", "csrf=wrong"), ("/teacher/logout", "")]:
            self.assertEqual(request("POST", path, body=body, headers=cookie).status, 403, path)
        self.assertEqual(request("GET", f"/l/{server.token('Bo Chen')}", timeout=120).status, 200, "the link was not renewed")
        page = request("GET", "/teacher", headers=cookie)
        self.assertNotIn("Mallory", page.text)
        self.assertIn(before["name"], page.text)

    def test_wrong_password_is_401_and_opens_nothing(self):
        reply, session = server.teacher_login(password="not-the-password")
        self.assertEqual(reply.status, 401, reply)
        self.assertIsNone(session)
        statuses.append((reply.status, "POST", "/teacher/login"))

    def test_login_without_its_csrf_cookie_is_403(self):
        body = urllib.parse.urlencode({"csrf": "A" * 43, "password": "a-teacher-password"})
        reply = request("POST", "/teacher/login", body=body, headers={"Content-Type": "application/x-www-form-urlencoded"})
        self.assertEqual(reply.status, 403)
        self.assertNotIn("koch_teacher=", reply.headers.get("set-cookie", ""))

    def test_malformed_requests_are_4xx(self):
        token = server.token("Bo Chen")
        lesson = server.next_lesson("Bo Chen")["id"]
        api = f"/api/v1/learners/{token}"
        for method, path, body in [
            ("GET", api + "/lessons/next?direction=%00", None), ("GET", api + "/lessons/next?spoken=maybe", None),
            ("POST", api + f"/lessons/{lesson}/heard", b"{\"heard\": -1}"), ("POST", api + f"/lessons/{lesson}/heard", b"[]"),
            ("POST", api + f"/lessons/{lesson}/copy?stoppedAt=99:99:99", b"KM"), ("POST", api + f"/lessons/{lesson}/copy", b"\xff\xfe\x00"),
            ("PUT", api + "/progress", b"\x00" * 100), ("POST", api + f"/lessons/{lesson}/recording", b""),
        ]:
            reply = request(method, path, body=body)
            self.assertTrue(400 <= reply.status < 500 or reply.status == 200, (path, reply))

    def test_live_routes_refuse_too_much_and_another_learners_lesson(self):
        name = "Cy Diaz"
        token = server.token(name)
        receive = server.next_lesson(name)["id"]
        send = self.send_lesson(name)
        bo_send = self.send_lesson("Bo Chen")
        before = {who: server.progress(who) for who in [name, "Bo Chen"]}
        api = f"/api/v1/learners/{token}"
        log = b"0.0 key down\n0.1 key up\n"
        many = ("{\"typed\": [" + ",".join(['{"at": 1, "key": "K"}'] * 20_001) + "]}").encode()
        for method, path, body, status in [
            ("POST", api + f"/lessons/{receive}/typing", many, 400),  # more keys than a lesson's copy
            ("POST", api + f"/lessons/{send}/keying", b"0.0 key down\n" * 50_000, 413),  # larger than a live session
            ("POST", api + f"/lessons/{send}/keying/read", b"0.0 key down\n" * 50_000, 413),
            ("POST", api + f"/lessons/{bo_send}/keying/read", log, 404),  # another learner's lesson
            ("POST", api + f"/lessons/{bo_send}/keying", log, 404),
            ("POST", api + f"/lessons/{receive}/keying/read", log, 422),  # a lesson to copy has no keying
            ("POST", api + f"/lessons/{send}/typing", b'{"typed": [{"at": 1, "key": "K"}]}', 422),
            ("POST", f"/l/{token}/lessons/{send}/keying", log, 403),  # the page's route without its CSRF token
            ("POST", f"/l/{token}/lessons/{receive}/typing?csrf=0", b'{"typed": []}', 403),
        ]:
            reply = request(method, path, body=body)
            self.assertEqual(reply.status, status, (path, reply))
        self.assertEqual({who: server.progress(who) for who in before}, before, "a refusal records nothing")

    def test_reading_a_keying_is_limited_to_what_a_learner_keys(self):
        name = "Gus Hale"
        send = self.send_lesson(name)
        path = f"/api/v1/learners/{server.token(name)}/lessons/{send}/keying/read"
        log = b"0.0 key down\n0.1 key up\n0.2 key down\n0.5 key up\n"
        statuses_seen = [request("POST", path, body=log).status for _ in range(301)]
        self.assertEqual(statuses_seen[:300], [200] * 300)
        self.assertEqual(statuses_seen[300], 429, "a script reading faster than anyone keys is refused")
        other = f"/api/v1/learners/{server.token('Ann Lee')}/lessons/{self.send_lesson('Ann Lee')}/keying/read"
        self.assertEqual(request("POST", other, body=log).status, 200, "one learner's limit is not another's")


def stream_upload(port, path, total_bytes, deadline_seconds, announce=False):
    """Sends up to `total_bytes` as a request's body (chunked, or announced in Content-Length) while
    watching for the server's answer; returns (status or None, seconds, bytes sent)."""
    started = time.monotonic()
    sock = socket.create_connection(("127.0.0.1", port), timeout=deadline_seconds)
    try:
        framing = f"Content-Length: {total_bytes}" if announce else "Transfer-Encoding: chunked"
        sock.sendall((f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/octet-stream\r\n{framing}\r\n\r\n").encode())
        block = b"\x00" * (1 << 20)
        chunk = block if announce else (b"%x\r\n" % len(block)) + block + b"\r\n"
        sent = 0
        received = b""
        sock.setblocking(False)
        pending = memoryview(b"")
        while time.monotonic() - started < deadline_seconds:
            want_write = sent < total_bytes or len(pending) > 0
            readable, writable, _ = select.select([sock], [sock] if want_write else [], [], 0.5)
            if readable:
                try:
                    data = sock.recv(65536)
                except (ConnectionResetError, BlockingIOError):
                    data = b""
                received += data
                if b"\r\n" in received or not data:
                    break
            if writable:
                if not pending:
                    pending = memoryview(chunk)
                try:
                    count = sock.send(pending)
                except (BrokenPipeError, ConnectionResetError):
                    want_write = False
                    select.select([sock], [], [], 5)
                    try:
                        received += sock.recv(65536)
                    except OSError:
                        pass
                    break
                except BlockingIOError:
                    continue
                pending = pending[count:]
                sent += count
        seconds = time.monotonic() - started
        status = None
        if received.startswith(b"HTTP/1.1 "):
            status = int(received[9:12])
        return status, seconds, sent
    finally:
        sock.close()


if __name__ == "__main__":
    unittest.main()
