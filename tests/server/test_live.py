"""Live practice in a phone's browser (headless Chromium at 390 px, a fake microphone from a WAV):
a learner copies a receive lesson as it plays, keys a send exercise on the screen's key and into the
microphone; each grade the server gives is the one `koch grade` gives for the same copy, key log or
recording, and is recorded once. A browser that may not use the microphone says so in plain words.
axe-core finds no serious or critical violation on the live pages, and no Content-Security-Policy
blocks their script."""

import base64
import json
import math
import os
import shutil
import subprocess
import tempfile
import time
import unittest
import wave

from axe_selenium_python import Axe
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from keying import MORSE, straight_key_elements, straight_key_log
from phone_browser import phone_browser
from server_fixture import REPO, Server, binary_dir, poll

server = None
browser = None
scratch = None
# The pictures in docs/images are remade only when asked (KOCH_SCREENSHOT=1): a test run leaves
# the repository as it found it.
SCREENSHOTS = os.path.join(REPO, "docs", "images") if os.environ.get("KOCH_SCREENSHOT") else None

# A send exercise is graded only from 20 characters keyed on (fewer is no plausible reading of it).
KEYED_CHARACTERS = 20


def setUpModule():
    global server, browser, scratch
    scratch = tempfile.mkdtemp(prefix="koch-live-test-")
    server = Server().start()
    try:
        browser = phone_browser()
    except Exception:
        server.stop()
        raise


def tearDownModule():
    try:
        if browser is not None:
            browser.quit()
    finally:
        server.stop()
        shutil.rmtree(scratch, ignore_errors=True)


def percent(accuracy):
    """An accuracy as the server's pages write it: to a tenth of a percent, rounded half up."""
    value = math.floor(accuracy * 1000 + 0.5) / 10
    return f"{int(value)} %" if value == int(value) else f"{value:.1f} %"


def sessions_of(name, lesson_id):
    return [s for s in server.progress(name)["sessions"] if s.get("lessonID") == lesson_id]


def page_text(driver):
    """The page's text, or "" while a new document is being written (no stale element to trip on)."""
    return driver.execute_script("return document.body ? document.body.innerText : ''")


def result_accuracy(driver):
    """The accuracy on a grade's page, once it is shown."""
    poll(lambda: driver.execute_script("return !!document.querySelector('ul.figures b')"), 120,
         "the grade's page: " + page_text(driver)[:300])
    return driver.execute_script("return document.querySelector('ul.figures b').textContent").strip()


def first_words(text, characters):
    """The exercise's first words, enough of them for `characters` characters."""
    words = []
    for word in text.split():
        words.append(word)
        if sum(len(w) for w in words) >= characters:
            return words
    raise AssertionError(f"the exercise sends fewer than {characters} characters: {text}")


class LiveTests(unittest.TestCase):

    def axe(self, driver, page):
        """axe-core on the page shown: no serious or critical violation."""
        axe = Axe(driver)
        axe.inject()
        results = axe.run()
        found = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:5])
                 for v in results["violations"] if v.get("impact") in ("serious", "critical")]
        with self.subTest(f"axe on the {page}"):
            self.assertEqual(found, [])

    def no_csp_blocks(self, driver):
        """No Content-Security-Policy complaint in the browser's console (reading the log empties it)."""
        blocked = [e["message"] for e in driver.get_log("browser") if "Content Security Policy" in e["message"]]
        with self.subTest("no Content-Security-Policy blocks"):
            self.assertEqual(blocked, [])

    def no_sideways_scroll(self, driver, page):
        self.assertEqual(driver.execute_script("return window.innerWidth"), 390)
        width = driver.execute_script("return document.documentElement.scrollWidth")
        self.assertLessEqual(width, 390, f"the {page} scrolls sideways on a phone")

    def screenshot(self, driver, name):
        if SCREENSHOTS:
            driver.save_screenshot(os.path.join(SCREENSHOTS, name))

    # ------------------------------------------------------------ copy it live

    def test_copy_live(self):
        name = "Cy Diaz"
        lesson = server.next_lesson(name)
        key = server.key(lesson["id"])
        groups = key["groups"]
        self.assertGreater(len(groups), 6)
        before = sessions_of(name, key["lessonID"])
        browser.get(lesson["pageURL"])
        poll(lambda: browser.execute_script("var s = document.getElementById('live-copy'); return s && !s.hidden"), 30,
             "the live copy's section to be shown")
        timing = browser.execute_script("return kochLive.timing")
        self.assertEqual([g[2] for g in timing["groups"]], [len(g["text"]) for g in groups])
        # The page is given when each group sounds and how many characters it sends: numbers, never the answers.
        for entry in timing["groups"]:
            self.assertEqual(len(entry), 3)
            self.assertTrue(all(isinstance(number, (int, float)) for number in entry), entry)
        self.assertNotIn(" ".join(group["text"] for group in groups[:3]), browser.page_source, "the page gives the answers away")

        browser.find_element(By.ID, "live-copy-start").click()
        poll(lambda: browser.execute_script("return kochLive.lessonSeconds()") > 0, 30, "the lesson to start playing")
        # The introduction plays for a quarter of a minute with nothing to type: time to look at the page.
        self.axe(browser, "live copy")
        self.no_sideways_scroll(browser, "live copy")
        self.assertLess(browser.execute_script("return kochLive.lessonSeconds()") + 1, groups[0]["endSeconds"],
                        "the checks took into the first group")

        alphabet = key["characters"]
        typed = []
        field = browser.find_element(By.ID, "live-copy-input")
        for index, group in enumerate(groups[:5]):
            text = group["text"]
            end = group["endSeconds"]
            poll(lambda: browser.execute_script("return kochLive.lessonSeconds()") > end + 0.1, end + 30,
                 f"the end of group {index + 1} on the page's clock", interval_seconds=0.02)
            if index == 1:
                # A mistake: the last character copied as another.
                wrong = next(c for c in alphabet if c != text[-1])
                field.send_keys((text[:-1] + wrong).lower())
                typed.append(text[:-1] + wrong)
            elif index == 2:
                # A slip taken back at once.
                wrong = next(c for c in alphabet if c != text[0])
                field.send_keys(wrong, Keys.BACKSPACE, text.lower())
                typed.append(text)
            else:
                field.send_keys(text.lower())
                typed.append(text)
            now = browser.execute_script("return kochLive.lessonSeconds()")
            self.assertLess(now, groups[index + 1]["endSeconds"], f"group {index + 1} was typed too late to count")
            if index == 2:
                self.screenshot(browser, "server-live-copy.png")
            if index == 3:
                # Paused, the lesson's clock stands still and what is typed is not copy; resumed, it goes on.
                browser.find_element(By.ID, "live-copy-pause").click()
                poll(lambda: browser.find_element(By.ID, "live-copy-pause").text == "Resume", 10, "the pause")
                held = browser.execute_script("return kochLive.lessonSeconds()")
                before_pause = browser.execute_script("return kochLive.placed()")
                time.sleep(0.5)  # time passing is what is tested
                field.send_keys(text[0].lower())
                self.assertAlmostEqual(browser.execute_script("return kochLive.lessonSeconds()"), held, delta=0.02)
                self.assertEqual(browser.execute_script("return kochLive.placed()"), before_pause)
                browser.find_element(By.ID, "live-copy-pause").click()
                poll(lambda: browser.execute_script("return kochLive.lessonSeconds()") > held + 0.05, 10, "the lesson to resume")
        placed = browser.execute_script("return kochLive.placed()")
        events = browser.execute_script("return kochLive.typed")
        browser.find_element(By.ID, "live-copy-stop").click()

        self.assertEqual(placed["introduction"], "")
        self.assertEqual(placed["groups"], typed + [""] * (len(groups) - 5))
        self.assertEqual(sum(1 for e in events if e.get("erase")), 1)
        accuracy = result_accuracy(browser)
        request = browser.execute_script("return kochLive.lastRequest")
        body = json.loads(request["body"])
        self.assertEqual(body["typed"], events)
        stopped_at = body["stoppedAt"]
        self.assertGreater(stopped_at, groups[4]["endSeconds"])
        self.assertLess(stopped_at, groups[5]["endSeconds"], "the sixth group had ended: the copy would miss it")

        copy_file = os.path.join(scratch, "copy.txt")
        with open(copy_file, "w") as f:
            f.write(" ".join(placed["groups"][:5]) + "\n")
        expected = server.koch_grade(lesson["id"], "--transcript", copy_file, "--stopped-at", str(stopped_at))
        self.assertEqual(expected["groupsGraded"], 5)
        self.assertLess(expected["accuracy"], 1)
        self.assertEqual(accuracy, percent(expected["accuracy"]))
        after = sessions_of(name, key["lessonID"])
        self.assertEqual(len(after), len(before) + 1, "the copy is recorded once")

        again = server.request("POST", server.path_of(request["url"]), body=request["body"].encode(),
                               headers={"Content-Type": "application/json"})
        self.assertEqual(again.status, 409, f"the same copy sent again: {again!r}")
        self.assertEqual(len(sessions_of(name, key["lessonID"])), len(after))
        self.no_csp_blocks(browser)

    # ------------------------------------------------------------ key it on the screen

    def test_the_space_bar_held_on_the_key_is_a_press(self):
        """On a desk the space bar, held with the key area focused, keys as a touch does: a dah, a dit, a dah read back as K."""
        lesson = server.next_lesson("Ed Fox", direction="send")
        browser.get(lesson["pageURL"])
        poll(lambda: browser.execute_script("var s = document.getElementById('live-key'); return s && !s.hidden"), 30,
             "the touch key's section to be shown")
        unit = float(browser.find_element(By.ID, "live-key").get_attribute("data-unit-seconds"))
        pad = browser.find_element(By.ID, "live-key-pad")
        browser.execute_script("arguments[0].focus()", pad)
        actions = ActionChains(browser)
        for index, dah in enumerate([True, False, True]):
            if index:
                actions.pause(unit)
            actions.key_down(Keys.SPACE).pause(3 * unit if dah else unit).key_up(Keys.SPACE)
        actions.perform()
        poll(lambda: browser.find_element(By.ID, "live-key-character").text == "K", 30,
             f"K read back: {browser.find_element(By.ID, 'live-key-character').text!r}")
        self.assertEqual(len(browser.execute_script("return kochLive.latencies")), 3, "each press sounded the sidetone")

    def test_key_on_the_screen(self):
        name = "Di Evans"
        lesson = server.next_lesson(name, direction="send")
        key = server.key(lesson["id"])
        before = sessions_of(name, key["lessonID"])
        browser.get(lesson["pageURL"])
        poll(lambda: browser.execute_script("var s = document.getElementById('live-key'); return s && !s.hidden"), 30,
             "the touch key's section to be shown")
        section = browser.find_element(By.ID, "live-key")
        unit = float(section.get_attribute("data-unit-seconds"))
        self.assertAlmostEqual(unit, 1.2 / key["settings"]["characterSpeedWPM"], places=3)
        pad = browser.find_element(By.ID, "live-key-pad")
        self.assertGreaterEqual(pad.size["height"], 0.4 * browser.execute_script("return window.innerHeight"))
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", pad)

        words = first_words(lesson["text"], KEYED_CHARACTERS)
        presses = 0
        for w, word in enumerate(words):
            touch = PointerInput(interaction.POINTER_TOUCH, "finger")
            actions = ActionBuilder(browser, mouse=touch)
            actions.pointer_action.move_to(pad)
            for down, seconds in straight_key_elements([word], unit):
                if down:
                    actions.pointer_action.pointer_down().pause(seconds).pointer_up()
                    presses += 1
                else:
                    actions.pointer_action.pause(seconds)
            actions.perform()
            # The word read back once the key has rested; the next word's gap is the wait for it.
            so_far = "".join(words[:w + 1])
            poll(lambda: browser.find_element(By.ID, "live-key-text").text.replace(" ", "") == so_far, 30,
                 f"the reading of {so_far!r}: {browser.find_element(By.ID, 'live-key-text').text!r}")
            if w == 0:
                reading = browser.execute_script("return kochLive.lastReading")
                first = reading["characters"][0]
                self.assertEqual((first["text"], first["pattern"]), (word[0], MORSE[word[0]]))
                last = word[-1]
                self.assertEqual(browser.find_element(By.ID, "live-key-character").text, last)
                signs = " ".join("·" if s == "." else "−" for s in MORSE[last])
                self.assertEqual(browser.find_element(By.ID, "live-key-pattern").text, signs)
                timings = browser.find_element(By.ID, "live-key-timings").text
                self.assertRegex(timings, r"(dah|dit) \d+\.\d \([13]\) (close|off)")
                self.screenshot(browser, "server-tap-key.png")
        latencies = browser.execute_script("return kochLive.latencies")
        audio = browser.execute_script("return kochLive.audioLatency")
        print(f"\ntouch to sound: {len(latencies)} presses, median {sorted(latencies)[len(latencies) // 2]:.1f} ms, "
              f"max {max(latencies):.1f} ms; the context's baseLatency {audio['baseLatency']} s, outputLatency {audio['outputLatency']} s")
        self.assertEqual(len(latencies), presses)
        for figure in latencies:
            self.assertTrue(math.isfinite(figure) and 0 < figure < 200, f"touch to sound {figure} ms")
        self.assertRegex(browser.find_element(By.ID, "live-key-latency").text, r"^Touch to sound in this browser: \d+ ms$")
        self.axe(browser, "touch key")
        self.no_sideways_scroll(browser, "touch key")

        browser.find_element(By.ID, "live-key-grade").click()
        accuracy = result_accuracy(browser)
        request = browser.execute_script("return kochLive.lastRequest")
        log = request["body"]
        self.assertEqual(len(log.splitlines()), 2 * presses)
        log_file = os.path.join(scratch, "keying.txt")
        with open(log_file, "w") as f:
            f.write(log)
        expected = server.koch_grade(lesson["id"], "--events", log_file)
        self.assertGreater(expected["accuracy"], 0.9)
        self.assertEqual(accuracy, percent(expected["accuracy"]))
        self.assertEqual(len(sessions_of(name, key["lessonID"])), len(before) + 1, "the keying is recorded once")
        self.no_csp_blocks(browser)

    # ------------------------------------------------------------ key it into the microphone

    def keyed_wav(self, words, wpm):
        """koch's own keying of `words` at `wpm` (koch keyer's sidetone), with 1 s of silence before and 2 s after."""
        unit = 1.2 / wpm
        log = os.path.join(scratch, "microphone-keying.txt")
        with open(log, "w") as f:
            f.write(straight_key_log(words, unit, start_seconds=1.0))
        at = 1.0 + sum(seconds for _, seconds in straight_key_elements(words, unit))
        keyed = os.path.join(scratch, "keyed.wav")
        done = subprocess.run([os.path.join(binary_dir(), "koch"), "keyer", "--events", log, "--wpm", str(wpm), "--out", keyed],
                              capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stderr)
        padded = os.path.join(scratch, "microphone.wav")
        with wave.open(keyed) as source, wave.open(padded, "wb") as target:
            target.setparams(source.getparams())
            frames = source.readframes(source.getnframes())
            target.writeframes(frames)
            target.writeframes(b"\0" * (2 * source.getframerate() * source.getsampwidth() * source.getnchannels()))
        with wave.open(padded) as check:
            seconds = check.getnframes() / check.getframerate()
        self.assertGreater(seconds, at + 1.9)
        return padded, seconds

    def test_key_into_the_microphone(self):
        name = "Fay Gill"
        lesson = server.next_lesson(name, direction="send")
        key = server.key(lesson["id"])
        before = sessions_of(name, key["lessonID"])
        wav, seconds = self.keyed_wav(first_words(lesson["text"], KEYED_CHARACTERS), key["settings"]["characterSpeedWPM"])
        # %noloop: the fake microphone plays the file once, then silence (it would start it over).
        microphone = phone_browser("--use-fake-ui-for-media-stream", "--use-fake-device-for-media-stream",
                                   f"--use-file-for-fake-audio-capture={wav}%noloop")
        try:
            microphone.get(lesson["pageURL"])
            poll(lambda: microphone.execute_script("var s = document.getElementById('live-mic'); return s && !s.hidden"), 30,
                 "the microphone's section to be shown")
            meter = microphone.find_element(By.ID, "live-mic-level")
            self.assertEqual(float(meter.get_attribute("value")), 0)
            microphone.find_element(By.ID, "live-mic-record").click()
            started = time.monotonic()
            poll(lambda: float(meter.get_attribute("value")) > 0.3, seconds, "the level meter to move with the keying")
            if SCREENSHOTS:
                microphone.execute_script("document.getElementById('live-mic').scrollIntoView()")
            self.screenshot(microphone, "server-microphone.png")
            self.axe(microphone, "microphone")
            self.no_sideways_scroll(microphone, "microphone")
            # Real time: the keying takes as long as it takes.
            time.sleep(max(0.0, seconds + 0.5 - (time.monotonic() - started)))
            microphone.find_element(By.ID, "live-mic-stop").click()
            accuracy = result_accuracy(microphone)
            recording = microphone.execute_async_script("""
                var done = arguments[arguments.length - 1];
                var reader = new FileReader();
                reader.onload = function () { done([kochLive.lastRecording.type, reader.result.split(",")[1]]); };
                reader.readAsDataURL(kochLive.lastRecording);""")
            request = microphone.execute_script("return {url: kochLive.lastRequest.url, type: kochLive.lastRequest.type}")
            self.no_csp_blocks(microphone)
        finally:
            microphone.quit()
        self.assertTrue(recording[0].startswith("audio/webm"), recording[0])
        self.assertEqual(request["type"], recording[0])
        recorded = os.path.join(scratch, "recording.webm")
        with open(recorded, "wb") as f:
            f.write(base64.b64decode(recording[1]))
        expected = server.koch_grade(lesson["id"], "--audio", recorded)
        self.assertGreater(expected["accuracy"], 0.9)
        self.assertEqual(accuracy, percent(expected["accuracy"]))
        self.assertEqual(len(sessions_of(name, key["lessonID"])), len(before) + 1, "the recording is recorded once")

    def test_microphone_not_allowed(self):
        name = "Gus Hale"
        lesson = server.next_lesson(name, direction="send")
        before = server.progress(name)["sessions"]
        # No fake prompt to accept it: the browser refuses the page the microphone, as a learner who said no.
        refusing = phone_browser("--use-fake-device-for-media-stream", "--deny-permission-prompts")
        try:
            refusing.get(lesson["pageURL"])
            poll(lambda: refusing.execute_script("var s = document.getElementById('live-mic'); return s && !s.hidden"), 30,
                 "the microphone's section to be shown")
            refusing.find_element(By.ID, "live-mic-record").click()
            status = refusing.find_element(By.ID, "live-mic-status")
            poll(lambda: "may not use the microphone" in status.text, 30, f"the refusal said: {status.text!r}")
            self.assertIn("allow it in your browser's settings", status.text)
            self.assertTrue(refusing.find_element(By.ID, "live-mic-record").is_enabled())
            self.assertIsNone(refusing.execute_script("return kochLive.lastRecording"))
            self.no_csp_blocks(refusing)
        finally:
            refusing.quit()
        self.assertEqual(server.progress(name)["sessions"], before)


if __name__ == "__main__":
    unittest.main()
