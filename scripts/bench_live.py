"""Live practice in a phone's browser, in `make bench` (`bench.py --only live`): koch-serve (the release
binary beside koch) with a class, and Debian's headless Chromium as a phone 390 px wide.

- Touch to sound on the send exercise's screen key: for each press (W3C touch actions, a straight key
  at the exercise's speed), the page's own figure: from the pointer event's timestamp to the moment
  Web Audio says the sidetone's first sample reaches the output (`AudioContext.getOutputTimestamp`),
  and the latencies the browser reports (`baseLatency`, `outputLatency`). The peer, in the same browser
  and the same run: a bare page that starts an oscillator on `pointerdown` and does nothing else, measured
  the same way: the floor of touch-to-sound in this browser.
- The reading of a character keyed on the screen (the server reading the log so far, records nothing) and
  a copy typed live graded and recorded: milliseconds from the request to the answer, from a client on
  the same machine.

Headless Chromium plays into no sound card: its output latency is what it reports, not a phone's
loudspeaker. A phone's figure is the one its page shows (\"Touch to sound in this browser: N ms\")."""
import json
import os
import shutil
import statistics
import sys
import time

from bench_server import Server, learner_links, make_class, request

# The server tests' keying and phone (tests/server): the bench keys and browses as they do.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests", "server"))
from keying import straight_key_log  # noqa: E402

PRESSES = 60
READS = 40

BARE_PAGE = """<!DOCTYPE html><html><body><div id=pad style="height:80vh;touch-action:none">key</div><script>
var ctx = new AudioContext({latencyHint: "interactive"}), figures = [], osc = null;
var pad = document.getElementById("pad");
pad.addEventListener("pointerdown", function (event) {
  ctx.resume(); osc = ctx.createOscillator(); osc.frequency.value = 600; osc.connect(ctx.destination);
  var start = ctx.currentTime; osc.start(start); var ts = ctx.getOutputTimestamp();
  figures.push(ts.performanceTime + (start - ts.contextTime) * 1000 - event.timeStamp);
});
pad.addEventListener("pointerup", function () { if (osc) { osc.stop(); osc = null; } });
window.bare = figures;
</script></body></html>"""


def tap(driver, pad, presses, unit):
    """`presses` touches of the pad, dits and dahs in turn, a unit apart and three between every fourth."""
    from selenium.webdriver.common.actions import interaction
    from selenium.webdriver.common.actions.action_builder import ActionBuilder
    from selenium.webdriver.common.actions.pointer_input import PointerInput
    touch = PointerInput(interaction.POINTER_TOUCH, "finger")
    actions = ActionBuilder(driver, mouse=touch)
    actions.pointer_action.move_to(pad)
    for n in range(presses):
        actions.pointer_action.pointer_down().pause(unit * (3 if n % 2 else 1)).pointer_up().pause(unit * (3 if n % 4 == 3 else 1))
    actions.perform()


def quantiles(figures):
    ordered = sorted(figures)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))], ordered[-1]


def timed_requests(port, method, path, bodies):
    seconds = []
    for body in bodies:
        started = time.perf_counter()
        status = request(port, method, path, body=body)[0]
        seconds.append(time.perf_counter() - started)
        if status != 200:
            raise RuntimeError(f"{method} {path}: {status}")
    return seconds


def bench_live(koch, scratch, table):
    serve = os.path.join(os.path.dirname(koch), "koch-serve")
    if not os.path.exists(serve):
        print(f"\n(live: {serve} not built; skipped: swift build -c release --product koch-serve)")
        return
    try:
        import selenium  # noqa: F401
    except ImportError:
        print("\n(live: selenium missing; skipped: scripts/install-deps --test)")
        return
    data = os.path.join(scratch, "live-data")
    make_class(serve, data, scratch)
    server = Server(serve, data, os.path.join(scratch, "koch-serve-live.log"))
    driver = None
    try:
        learners = learner_links(serve, data)
        api = f"/api/v1/learners/{learners[0]['token']}"
        send = json.loads(request(server.port, "GET", api + "/lessons/next?direction=send")[1])
        receive = json.loads(request(server.port, "GET", api + "/lessons/next?direction=receive")[1])
        from phone_browser import phone_browser  # selenium, imported only when the part runs
        driver = phone_browser()
        version = driver.capabilities.get("browserVersion", "?")
        from selenium.webdriver.common.by import By
        driver.get(f"http://127.0.0.1:{server.port}/l/{learners[0]['token']}/lessons/{send['id']}")
        deadline = time.monotonic() + 30
        while not driver.execute_script("var s = document.getElementById('live-key'); return !!s && !s.hidden"):
            if time.monotonic() > deadline:
                raise RuntimeError("the screen key was not shown")
            time.sleep(0.1)
        unit = 1.2 / send["settings"]["characterSpeedWPM"]
        pad = driver.find_element(By.ID, "live-key-pad")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'})", pad)
        tap(driver, pad, PRESSES, unit)
        koch_figures = driver.execute_script("return kochLive.latencies")
        reported = driver.execute_script("return kochLive.audioLatency")
        driver.get("data:text/html;charset=utf-8," + BARE_PAGE.replace("#", "%23"))
        tap(driver, driver.find_element(By.ID, "pad"), PRESSES, unit)
        bare_figures = driver.execute_script("return window.bare")

        words = send["text"].split()
        reads = timed_requests(server.port, "POST", api + f"/lessons/{send['id']}/keying/read",
                               [straight_key_log(words[:n % 8 + 1], unit) for n in range(READS)])
        key = None
        for name in os.listdir(os.path.join(data, "lessons", receive["id"])):
            if name.endswith(".key.json"):
                with open(os.path.join(data, "lessons", receive["id"], name)) as handle:
                    key = json.load(handle)
        typed = [{"at": group["endSeconds"] + 0.2 + 0.1 * i, "key": c} for group in key["groups"] for i, c in enumerate(group["text"])]
        graded = timed_requests(server.port, "POST", api + f"/lessons/{receive['id']}/typing", [json.dumps({"typed": typed, "stoppedAt": None})])
    finally:
        if driver is not None:
            driver.quit()
        server.stop()
        shutil.rmtree(data, ignore_errors=True)

    rows = []
    for label, figures in [("koch's screen key (the lesson's page)", koch_figures), ("bare page: an oscillator on pointerdown, nothing else", bare_figures)]:
        p50, p95, top = quantiles(figures)
        rows.append([label, f"{len(figures)}", f"{p50:.1f}", f"{p95:.1f}", f"{top:.1f}"])
    ratio = statistics.median(koch_figures) / statistics.median(bare_figures)
    table(f"Touch to sound in headless Chromium {version} at a phone's width ({PRESSES} presses; ms from the pointer event to the "
          "sidetone's first sample at the output, as Web Audio reports it)", ["", "presses", "p50", "p95", "max"], rows)
    print(f"\nkoch/bare page (medians): {ratio:.2f}. Reported by the browser: baseLatency {reported.get('baseLatency')} s, "
          f"outputLatency {reported.get('outputLatency')} s. Target: under 20 ms on a current phone.")
    read_p50, read_p95, _ = quantiles([s * 1000 for s in reads])
    table("The server's part (ms from the request to the answer, a client on the same machine)", ["", "requests", "p50", "p95"],
          [["a character read from the screen key's log so far (1 to 8 words)", f"{len(reads)}", f"{read_p50:.1f}", f"{read_p95:.1f}"],
           [f"a copy typed live graded and recorded ({len(typed)} keys)", "1", f"{graded[0] * 1000:.1f}", ""]])
