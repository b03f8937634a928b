"use strict";
// "Key it on the screen" on a send exercise's page: a touch key with its sidetone, each character
// read back (by the server, from the log so far) as it is keyed, and the whole log sent to be graded
// as `koch grade --events` grades one. Needs live-page.js first.
(function () {
  var live = window.kochLive;
  if (!live) { return; }
  var page = live.page;

  var PATTERN_SIGNS = { ".": "·", "-": "−" };

  function setUpTapKey(section) {
    var keyingURL = section.dataset.keyingUrl;
    var readURL = section.dataset.readUrl;
    var unitSeconds = parseFloat(section.dataset.unitSeconds) || 0.1;
    var toneHz = parseFloat(section.dataset.toneHz) || 600;
    var pad = page.byId("live-key-pad");
    var status = page.byId("live-key-status");
    var latencyText = page.byId("live-key-latency");
    var characterText = page.byId("live-key-character");
    var patternText = page.byId("live-key-pattern");
    var timingsList = page.byId("live-key-timings");
    var keyedText = page.byId("live-key-text");
    var gradeButton = page.byId("live-key-grade");
    var clearButton = page.byId("live-key-clear");

    // Key events as the browser stamped them (milliseconds on the performance clock): the log's
    // times come from these, not from when a handler happened to run.
    var events = [];
    var isDown = false;
    var pointer = null;
    var restTimer = null;
    var readNumber = 0;
    var oscillator = null;
    var gain = null;
    var latencies = [];
    live.latencies = latencies;
    live.audioLatency = null;

    function sidetone() {
      var context = page.audioContext();
      if (!oscillator) {
        // One oscillator running silent, opened and closed by its gain: starting a node at each
        // touch would add its start-up to every press.
        oscillator = context.createOscillator();
        oscillator.frequency.value = toneHz;
        gain = context.createGain();
        gain.gain.value = 0;
        oscillator.connect(gain);
        gain.connect(context.destination);
        oscillator.start();
      }
      return context;
    }

    // A 5 ms ramp each way: a tone switched in one sample clicks.
    function rampTo(context, level) {
      var now = context.currentTime;
      gain.gain.cancelScheduledValues(now);
      gain.gain.setValueAtTime(gain.gain.value, now);
      gain.gain.linearRampToValueAtTime(level, now + 0.005);
      return now;
    }

    // Touch to sound: when the sidetone's first sample leaves the audio output, on the
    // performance clock, less the moment the touch was stamped.
    function measure(context, soundStart, eventTimeStamp) {
      var ms = NaN;
      if (context.getOutputTimestamp && context.state === "running") {
        var stamp = context.getOutputTimestamp();
        if (stamp.performanceTime > 0) {
          ms = stamp.performanceTime + (soundStart - stamp.contextTime) * 1000 - eventTimeStamp;
        }
      }
      if (!isFinite(ms)) {
        ms = (performance.now() - eventTimeStamp) + ((context.baseLatency || 0) + (context.outputLatency || 0)) * 1000;
      }
      latencies.push(ms);
      live.audioLatency = page.reportedLatency(context);
      latencyText.textContent = "Touch to sound in this browser: " + Math.round(page.median(latencies)) + " ms";
    }

    function keyDown(timeStamp) {
      if (isDown) { return; }
      isDown = true;
      clearTimeout(restTimer);
      pad.classList.add("down");
      var context = sidetone();
      var soundStart = rampTo(context, 0.5);
      events.push({ ms: timeStamp, down: true });
      if (context.state === "running") {
        measure(context, soundStart, timeStamp);
      } else {
        // A context still starting (the first touch on some phones) sounds only once it runs.
        context.resume().then(function () { measure(context, context.currentTime, timeStamp); });
      }
      gradeButton.disabled = true;
    }

    function keyUp(timeStamp) {
      if (!isDown) { return; }
      isDown = false;
      pad.classList.remove("down");
      if (gain) { rampTo(page.audioContext(), 0); }
      events.push({ ms: timeStamp, down: false });
      gradeButton.disabled = false;
      clearButton.disabled = false;
      // A character ends when the key rests three units: read what was keyed then.
      restTimer = setTimeout(read, unitSeconds * 3 * 1000);
    }

    function logText() {
      if (events.length === 0) { return ""; }
      var first = events[0].ms;
      return events.map(function (event) {
        return ((event.ms - first) / 1000).toFixed(4) + " key " + (event.down ? "down" : "up");
      }).join("\n") + "\n";
    }

    function read() {
      var number = ++readNumber;
      fetch(readURL, { method: "POST", body: logText(), headers: { "Content-Type": "text/plain" }, credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) { throw new Error("status " + response.status); }
          return response.json();
        })
        .then(function (reading) {
          // A later reading, of more keying, may already be on its way.
          if (number !== readNumber) { return; }
          live.lastReading = reading;
          showReading(reading);
        })
        .catch(function () {
          if (number === readNumber) { page.say(status, "What you keyed could not be read just now; keep going.", "error"); }
        });
    }

    function showReading(reading) {
      var characters = reading.characters || [];
      keyedText.textContent = characters.map(function (character, index) {
        return (index > 0 && character.wordSpaceBefore ? " " : "") + (character.text || "?");
      }).join("");
      var last = characters[characters.length - 1];
      timingsList.textContent = "";
      if (!last) {
        characterText.textContent = "";
        patternText.textContent = "";
        return;
      }
      characterText.textContent = last.text || "?";
      patternText.textContent = Array.from(last.pattern || "").map(function (sign) { return PATTERN_SIGNS[sign] || sign; }).join(" ");
      (last.timings || []).forEach(function (timing) {
        var item = document.createElement("li");
        item.className = timing.close ? "good" : "error";
        item.textContent = timing.kind + " " + timing.units.toFixed(1) + " (" + timing.standard + ") " +
          (timing.close ? "close" : "off");
        timingsList.appendChild(item);
      });
      page.say(status, "Timed against " + reading.wpm + " WPM: a unit is " + Math.round(reading.unitSeconds * 1000) + " ms.");
    }

    function clear() {
      events = [];
      clearTimeout(restTimer);
      readNumber++;
      keyedText.textContent = "";
      characterText.textContent = "";
      patternText.textContent = "";
      timingsList.textContent = "";
      live.lastReading = null;
      gradeButton.disabled = true;
      clearButton.disabled = true;
      page.say(status, "Cleared: key from the start of the sheet.");
    }

    pad.addEventListener("pointerdown", function (event) {
      if (pointer !== null || (event.pointerType === "mouse" && event.button !== 0)) { return; }
      event.preventDefault();
      pointer = event.pointerId;
      // The sound first: it is what the learner waits for.
      keyDown(event.timeStamp);
      try { pad.setPointerCapture(event.pointerId); } catch (ignored) { /* a pointer already gone */ }
    });
    function pointerEnd(event) {
      if (event.pointerId !== pointer) { return; }
      pointer = null;
      keyUp(event.timeStamp);
    }
    pad.addEventListener("pointerup", pointerEnd);
    pad.addEventListener("pointercancel", pointerEnd);
    pad.addEventListener("lostpointercapture", pointerEnd);
    // A long press opens no menu and selects nothing on a key.
    pad.addEventListener("contextmenu", function (event) { event.preventDefault(); });
    // On a desk: the space bar or Enter, held down, is the key (the keyboard's repeat is not a press).
    pad.addEventListener("keydown", function (event) {
      if (event.key !== " " && event.key !== "Enter") { return; }
      event.preventDefault();
      if (!event.repeat) { keyDown(event.timeStamp); }
    });
    pad.addEventListener("keyup", function (event) {
      if (event.key !== " " && event.key !== "Enter") { return; }
      event.preventDefault();
      keyUp(event.timeStamp);
    });

    gradeButton.addEventListener("click", function () {
      if (isDown || events.length === 0) { return; }
      clearTimeout(restTimer);
      readNumber++;
      gradeButton.disabled = true;
      clearButton.disabled = true;
      page.submit(keyingURL, logText(), "text/plain", status, function () {
        gradeButton.disabled = false;
        clearButton.disabled = false;
      });
    });
    clearButton.addEventListener("click", clear);
    gradeButton.disabled = true;
    clearButton.disabled = true;
    // The context made now (suspended until the first touch where the browser asks for one) spares
    // the first press the time it takes to make one.
    page.audioContext();
    live.keyLog = logText;
    section.hidden = false;
  }

  var section = page.byId("live-key");
  if (section && page.AudioContextClass && window.fetch && window.PointerEvent) { setUpTapKey(section); }
})();
