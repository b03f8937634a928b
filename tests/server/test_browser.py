"""The pages in a phone's browser (headless Chromium at 390×844): a learner plays a lesson, types a
perfect copy and sees their grade; the teacher logs in and sees it in the gradebook; axe-core finds
no serious or critical accessibility violation on any of those pages."""

import os
import unittest

from axe_selenium_python import Axe
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

from phone_browser import phone_browser
from server_fixture import REPO, PASSWORD, Server, poll

server = None
browser = None
# The README's picture of the learner's page is remade only when asked (KOCH_SCREENSHOT=1): a test run
# leaves the repository as it found it.
SCREENSHOT = os.path.join(REPO, "docs", "images", "server-learner-phone.png") if os.environ.get("KOCH_SCREENSHOT") else None


def setUpModule():
    global server, browser
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


def heading():
    try:
        return " ".join(element.text for element in browser.find_elements(By.TAG_NAME, "h1"))
    except StaleElementReferenceException:
        return ""


def teacher_login(before_login=None):
    """Logs in on the teacher's login page, from no session (the session cookie is on /teacher)."""
    browser.get(server.base + "/teacher")
    browser.delete_all_cookies()
    browser.get(server.base + "/teacher")
    WebDriverWait(browser, 30).until(lambda b: b.find_elements(By.ID, "password"))
    if before_login:
        before_login()
    browser.find_element(By.ID, "password").send_keys(PASSWORD)
    browser.find_element(By.CSS_SELECTOR, "form[action='/teacher/login'] button").click()
    WebDriverWait(browser, 30).until(lambda b: "Your class" in heading())


class BrowserTests(unittest.TestCase):
    violations = {}

    def axe(self, page):
        """Runs axe-core on the page shown; keeps its serious and critical violations under `page`."""
        axe = Axe(browser)
        axe.inject()
        results = axe.run()
        for v in results["violations"]:
            if v.get("impact") not in ("serious", "critical"):
                print(f"axe on the {page} (not failing, {v.get('impact')}): {v['id']} {[n['target'] for n in v['nodes']][:3]}")
        found = [v for v in results["violations"] if v.get("impact") in ("serious", "critical")]
        self.violations[page] = [(v["id"], v["impact"], [node["target"] for node in v["nodes"]][:5]) for v in found]
        return self.violations[page]

    def csp_errors(self):
        """The browser's console messages saying the page's Content-Security-Policy blocked something."""
        return [entry["message"] for entry in browser.get_log("browser") if "Content Security Policy" in entry["message"]]

    def test_learner_copies_a_lesson_and_the_teacher_sees_the_grade(self):
        name = "Ann Lee"
        link = server.links[name]["link"]
        browser.get(link)
        self.assertEqual(browser.execute_script("return window.innerWidth"), 390)
        self.assertIn(name, browser.find_element(By.TAG_NAME, "h1").text)
        scroll_width = browser.execute_script("return document.documentElement.scrollWidth")
        self.assertLessEqual(scroll_width, 390, "the learner's page scrolls sideways on a phone")
        if SCREENSHOT:
            browser.save_screenshot(SCREENSHOT)
        learner_violations = self.axe("learner's page")
        learner_csp = self.csp_errors()

        browser.find_element(By.CSS_SELECTOR, "div.card a[href*='/lessons/']").click()
        WebDriverWait(browser, 30).until(lambda b: b.find_elements(By.ID, "copy"))
        lesson_id = browser.current_url.rstrip("/").rsplit("/", 1)[1]
        key = server.key(lesson_id)
        audio = browser.find_element(By.TAG_NAME, "audio")
        browser.execute_script("arguments[0].load()", audio)
        poll(lambda: browser.execute_script("return arguments[0].readyState", audio) >= 1, 30, "the lesson's audio metadata")
        duration = browser.execute_script("return arguments[0].duration", audio)
        self.assertAlmostEqual(duration, key["durationSeconds"], delta=0.5)
        lesson_violations = self.axe("lesson page")
        lesson_csp = self.csp_errors()

        browser.find_element(By.ID, "copy").send_keys(server.perfect_copy(lesson_id))
        browser.find_element(By.CSS_SELECTOR, "form[action$='/copy'] button[type=submit]").click()
        WebDriverWait(browser, 120).until(lambda b: "/copy" in b.current_url and b.find_elements(By.TAG_NAME, "h1"))
        result = browser.find_element(By.TAG_NAME, "body").text
        self.assertIn("100 %", result)
        self.assertRegex(result, r"\b3\b")
        self.assertEqual(server.progress(name)["sessions"][-1]["lessonID"], key["lessonID"])
        result_violations = self.axe("result page")
        result_csp = self.csp_errors()

        teacher_login(before_login=lambda: self.axe("teacher's login"))
        teacher_violations = self.axe("teacher's page")
        browser.get(server.base + "/teacher/gradebook")
        row = browser.find_element(By.CSS_SELECTOR, "tr[data-name='Ann Lee']")
        self.assertIn("100 %", row.text)
        self.assertIn("3 of 26", row.text)
        gradebook_violations = self.axe("gradebook")
        gradebook_csp = self.csp_errors()

        for page, found in self.violations.items():
            for violation in found:
                print(f"axe on the {page}: {violation}")
        with self.subTest("axe: no serious or critical violations"):
            self.assertEqual({page: found for page, found in self.violations.items() if found}, {})
        with self.subTest("no Content-Security-Policy blocks"):
            self.assertEqual(learner_csp + lesson_csp + result_csp + gradebook_csp, [])
        del learner_violations, lesson_violations, result_violations, teacher_violations, gradebook_violations

    def test_gradebook_sorts_by_a_column(self):
        """The gradebook's columns sort when their title is clicked (its script must be allowed to run)."""
        teacher_login()
        browser.get(server.base + "/teacher/gradebook")

        def names():
            return [row.get_attribute("data-name") for row in browser.find_elements(By.CSS_SELECTOR, "#class tbody tr")]

        before = names()
        self.assertGreater(len(before), 2)
        browser.find_element(By.CSS_SELECTOR, "button[data-key='level']").click()
        browser.find_element(By.CSS_SELECTOR, "button[data-key='name']").click()
        browser.find_element(By.CSS_SELECTOR, "button[data-key='name']").click()
        self.assertNotEqual(names(), sorted(before), "clicking a column's title twice sorts it the other way: " + repr(self.csp_errors()))


if __name__ == "__main__":
    unittest.main()
