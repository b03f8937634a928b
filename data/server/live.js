"use strict";
// Live practice on a lesson's page, in the learner's phone browser:
//   - "Copy it live": the lesson plays and each character typed goes under the group it copies,
//     placed as koch's ReceiveCopy places it in the terminal (the server places it again from the
//     events sent and grades that; the page only shows it);
//   - "Key it on the screen": a touch key with its sidetone, each character read back as it is keyed;
//   - "Key it into the microphone": a recording of a real key's sidetone, sent to be decoded.
// The page works without this script (its forms come after the live sections, which stay hidden
// until the script shows them), so anything a browser lacks is said in words, never left broken.
(function () {
  var live = {};
  // What tests (and a curious learner's console) may read: the timing and the placement of the
  // copy, the touch-to-sound figures, the last recording. Nothing here is an answer.
  window.kochLive = live;

  // ---------------------------------------------------------------- shared helpers

  function byId(id) { return document.getElementById(id); }

  function clock(seconds) {
    var whole = Math.max(0, Math.floor(seconds));
    var rest = whole % 60;
    return Math.floor(whole / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function say(element, words, kind) {
    element.textContent = words;
    element.className = "note" + (kind ? " " + kind : "");
  }

  function median(values) {
    if (values.length === 0) { return null; }
    var sorted = values.slice().sort(function (a, b) { return a - b; });
    var middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  }

  // The server answers a submission with the whole page to show (the grade, or why not), as the
  // forms' own posts do; writing it over this page keeps the learner where a form would take them.
  function writePage(html) {
    document.open();
    document.write(html);
    document.close();
  }

  // Sends a submission and shows the server's answer page; on a network failure, says so and lets
  // the caller offer to send again (nothing was recorded then).
  function submit(url, body, type, status, onFailure) {
    live.lastRequest = { url: url, body: body, type: type };
    say(status, "Grading…");
    return fetch(url, { method: "POST", body: body, headers: { "Content-Type": type }, credentials: "same-origin" })
      .then(function (response) { return response.text(); })
      .then(writePage)
      .catch(function () {
        say(status, "It could not be sent: check your connection and try again. Nothing was recorded.", "error");
        if (onFailure) { onFailure(); }
      });
  }

  var AudioContextClass = window.AudioContext || window.webkitAudioContext;

  // One audio context for the key's sidetone and the microphone's meter: a phone allows few, and
  // each one started costs time at the first touch.
  var sharedContext = null;
  function audioContext() {
    if (!sharedContext) {
      sharedContext = new AudioContextClass({ latencyHint: "interactive" });
    }
    if (sharedContext.state === "suspended") { sharedContext.resume(); }
    return sharedContext;
  }

  function reportedLatency(context) {
    return {
      baseLatency: typeof context.baseLatency === "number" ? context.baseLatency : null,
      outputLatency: typeof context.outputLatency === "number" ? context.outputLatency : null
    };
  }

  // ---------------------------------------------------------------- copy it live

  // The rule koch's ReceiveCopy follows, mirrored to show each character where the server will
  // count it. `timing` is the page's data-timing: the groups' start, end and count of characters
  // sent (no texts: the answers stay on the server).
  function Placement(timing) {
    this.groups = timing.groups.map(function (g) { return { start: g[0], end: g[1], sent: g[2] }; });
    this.durationSeconds = timing.durationSeconds;
    this.hasIntroduction = !!timing.introduction;
    this.byGroup = this.groups.map(function () { return []; });
    this.introduction = [];
    // Each character typed and not erased, in order: its group's index, or null for the introduction.
    this.stack = [];
  }

  // A group's window for typing reaches to the next group's end (the last group's, to the lesson's end).
  Placement.prototype.windowEnd = function (index) {
    var groups = this.groups;
    return index + 1 < groups.length ? groups[index + 1].end : Math.max(groups[index].end, this.durationSeconds);
  };

  Placement.prototype.count = function (index) {
    return Array.from(this.byGroup[index].join("")).length;
  };

  Placement.prototype.groupAt = function (seconds) {
    var groups = this.groups;
    if (seconds < groups[0].start) { return 0; }
    var holding = [];
    for (var i = 0; i < groups.length; i++) {
      if (groups[i].start <= seconds && seconds <= this.windowEnd(i)) { holding.push(i); }
    }
    for (var j = 0; j < holding.length; j++) {
      if (this.count(holding[j]) < groups[holding[j]].sent) { return holding[j]; }
    }
    return holding.length ? holding[holding.length - 1] : groups.length - 1;
  };

  // Places `character` typed `seconds` into the lesson; returns the group's index, "introduction",
  // or null when it is no copy (a space).
  Placement.prototype.type = function (character, seconds) {
    if (/\s/.test(character) || this.groups.length === 0) { return null; }
    var upper = character.toUpperCase();
    if (this.hasIntroduction && seconds < this.groups[0].start) {
      this.introduction.push(upper);
      this.stack.push(null);
      return "introduction";
    }
    var index = this.groupAt(seconds);
    this.byGroup[index].push(upper);
    this.stack.push(index);
    return index;
  };

  // Takes back the last character typed while its group's window is open (one typed for the
  // introduction, always); returns what it changed, as `type` does, or undefined for nothing.
  Placement.prototype.erase = function (seconds) {
    if (this.stack.length === 0) { return undefined; }
    var last = this.stack[this.stack.length - 1];
    if (last === null) {
      this.introduction.pop();
      this.stack.pop();
      return "introduction";
    }
    if (seconds > this.windowEnd(last)) { return undefined; }
    this.byGroup[last].pop();
    this.stack.pop();
    return last;
  };

  Placement.prototype.placed = function () {
    return {
      introduction: this.introduction.join(""),
      groups: this.byGroup.map(function (characters) { return characters.join(""); })
    };
  };

  function setUpCopy(section) {
    var timing = JSON.parse(section.dataset.timing);
    if (!timing.groups || timing.groups.length === 0) { return; }
    var typingURL = section.dataset.typingUrl;
    var audioURL = section.dataset.audio;
    var startButton = byId("live-copy-start");
    var pauseButton = byId("live-copy-pause");
    var stopButton = byId("live-copy-stop");
    var input = byId("live-copy-input");
    var clockText = byId("live-copy-clock");
    var status = byId("live-copy-status");
    var list = byId("live-copy-groups");
    var introductionBox = byId("live-copy-introduction");
    var introductionText = byId("live-copy-introduction-text");

    var placement = new Placement(timing);
    var typed = [];
    var context = null;
    var source = null;
    var startContextTime = null;
    var paused = false;
    var sent = false;
    var ticker = null;
    var current = -1;
    var endAt = timing.durationSeconds + (timing.lastTypingSeconds || 0);
    var retry = null;

    // The groups as boxes: a placeholder for each character sent, filled as the copy comes in.
    var boxes = placement.groups.map(function (group, index) {
      var item = document.createElement("li");
      var number = document.createElement("span");
      number.className = "n";
      number.textContent = String(index + 1);
      var characters = document.createElement("span");
      characters.className = "c";
      item.appendChild(number);
      item.appendChild(characters);
      list.appendChild(item);
      return { item: item, characters: characters };
    });

    function drawGroup(index) {
      var box = boxes[index];
      var copied = placement.byGroup[index];
      var sentCount = placement.groups[index].sent;
      box.characters.textContent = "";
      var shown = Math.max(copied.length, sentCount);
      for (var i = 0; i < shown; i++) {
        var slot = document.createElement("span");
        if (i < copied.length) {
          slot.textContent = copied[i];
          if (i >= sentCount) { slot.className = "extra"; }
        } else {
          slot.textContent = "_";
          slot.className = "todo";
        }
        box.characters.appendChild(slot);
      }
      box.item.setAttribute("aria-label", "Group " + (index + 1) + ": " +
        (copied.length ? copied.join(" ") : "nothing yet") + ", of " + sentCount);
    }

    function draw(changed) {
      if (changed === "introduction") {
        introductionBox.hidden = placement.introduction.length === 0;
        introductionText.textContent = placement.introduction.join(" ");
      } else if (typeof changed === "number") {
        drawGroup(changed);
      }
    }
    boxes.forEach(function (box, index) { drawGroup(index); });

    // Lesson seconds: the context's clock from the sound's start, less the output's delay (what
    // the learner hears lags the clock). The clock stops while the context is suspended, so a
    // pause stops the lesson's time with it.
    function lessonSeconds() {
      if (!context || startContextTime === null) { return 0; }
      return Math.max(0, context.currentTime - startContextTime - (context.outputLatency || 0));
    }

    // The groups' box scrolls to keep the group playing in sight; the page itself stays put (it
    // holds the input the learner types in, and a phone's keyboard already takes half the screen).
    function follow(item) {
      var top = item.offsetTop - list.clientTop;
      if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = Math.max(0, top - 4);
      }
    }

    function tick() {
      var seconds = lessonSeconds();
      clockText.textContent = clock(Math.min(seconds, timing.durationSeconds)) + " / " + clock(timing.durationSeconds);
      var now = -1;
      for (var i = 0; i < placement.groups.length; i++) {
        if (placement.groups[i].start <= seconds) { now = i; }
      }
      if (now !== current) {
        if (current >= 0) { boxes[current].item.classList.remove("now"); }
        if (now >= 0) {
          boxes[now].item.classList.add("now");
          follow(boxes[now].item);
        }
        current = now;
      }
      if (!paused && !sent && seconds >= timing.durationSeconds) {
        if (seconds >= endAt) {
          send(null);
        } else {
          say(status, "The lesson has ended: finish the last group and press Enter (it is sent by itself in " +
            Math.ceil(endAt - seconds) + " s).");
        }
      }
    }

    // Each character and erase goes in the events at the lesson's second, rounded to the
    // millisecond, and the placement shown uses that same rounded moment. The output's latency the
    // browser reports may grow while the lesson plays, which would set the clock back a little:
    // the events keep their order in time (the server refuses keys out of order).
    var lastMoment = 0;
    function momentNow() {
      lastMoment = Math.max(lastMoment, Math.round(lessonSeconds() * 1000) / 1000);
      return lastMoment;
    }

    function typeCharacters(text) {
      if (paused || sent || startContextTime === null) { return; }
      Array.from(text).forEach(function (character) {
        if (/\s/.test(character)) { return; }
        var at = momentNow();
        typed.push({ at: at, key: character });
        draw(placement.type(character, at));
      });
    }

    function erase() {
      if (paused || sent || startContextTime === null) { return; }
      var at = momentNow();
      typed.push({ at: at, erase: true });
      draw(placement.erase(at));
    }

    // The phone's keyboard: mobile keyboards send keyCode 229 on keydown and compose words, so the
    // characters are taken from the input's value as it changes. The value is emptied after each
    // change (the copy is shown under the groups), except while a composition is under way, when
    // emptying it would break the keyboard's word; its growth and shrinking then count instead.
    var accounted = "";
    input.addEventListener("input", function (event) {
      var value = input.value;
      var common = 0;
      while (common < accounted.length && common < value.length && accounted[common] === value[common]) { common++; }
      var removed = Array.from(accounted.slice(common)).filter(function (c) { return !/\s/.test(c); }).length;
      for (var i = 0; i < removed; i++) { erase(); }
      typeCharacters(value.slice(common));
      if (event.isComposing) {
        accounted = value;
      } else {
        accounted = "";
        input.value = "";
      }
    });
    input.addEventListener("compositionend", function () {
      accounted = "";
      input.value = "";
    });
    // An erase in an empty input changes no value, so no input event tells of it: the key does.
    input.addEventListener("keydown", function (event) {
      if (event.key === "Backspace" && input.value === "") {
        event.preventDefault();
        erase();
      } else if (event.key === "Enter") {
        event.preventDefault();
        if (!sent && startContextTime !== null && lessonSeconds() >= timing.durationSeconds) { send(null); }
      }
    });
    input.addEventListener("beforeinput", function (event) {
      if (event.inputType && event.inputType.indexOf("delete") === 0 && input.value === "") {
        event.preventDefault();
        erase();
      }
    });

    function start() {
      startButton.disabled = true;
      try {
        context = new AudioContextClass({ latencyHint: "interactive" });
      } catch (error) {
        say(status, "This browser cannot play the lesson here: play it above and type your copy below.", "error");
        return;
      }
      say(status, "Loading the lesson's sound…");
      fetch(audioURL, { credentials: "same-origin" })
        .then(function (response) {
          if (!response.ok) { throw new Error("status " + response.status); }
          return response.arrayBuffer();
        })
        .then(function (bytes) {
          // Safari before 14.1 decodes only with callbacks.
          return new Promise(function (resolve, reject) {
            var promise = context.decodeAudioData(bytes, resolve, reject);
            if (promise && promise.then) { promise.then(resolve, reject); }
          });
        })
        .then(function (buffer) {
          return context.resume().then(function () { return buffer; });
        })
        .then(function (buffer) {
          source = context.createBufferSource();
          source.buffer = buffer;
          source.connect(context.destination);
          // A moment ahead, so that the sound's first samples are not cut by the time it takes to start.
          startContextTime = context.currentTime + 0.05;
          source.start(startContextTime);
          live.audioLatency = reportedLatency(context);
          input.disabled = false;
          pauseButton.disabled = false;
          stopButton.disabled = false;
          input.focus();
          say(status, "Playing: type what you hear.");
          ticker = setInterval(tick, 100);
          tick();
        })
        .catch(function () {
          startButton.disabled = false;
          say(status, "The lesson's sound could not be loaded: check your connection and press Start again.", "error");
        });
    }

    function pause() {
      if (sent) { return; }
      if (!paused) {
        paused = true;
        context.suspend();
        pauseButton.textContent = "Resume";
        say(status, "Paused: what you type now is not counted.");
      } else {
        context.resume().then(function () {
          paused = false;
          pauseButton.textContent = "Pause";
          say(status, "Playing: type what you hear.");
          input.focus();
        });
      }
    }

    function send(stoppedAt) {
      if (sent) { return; }
      sent = true;
      clearInterval(ticker);
      input.disabled = true;
      pauseButton.disabled = true;
      stopButton.disabled = true;
      if (source) { try { source.stop(); } catch (ignored) { /* it had ended */ } }
      if (context) { context.close(); }
      var body = JSON.stringify({ typed: typed, stoppedAt: stoppedAt });
      submit(typingURL, body, "application/json", status, function () {
        // The copy is still here: offer to send it again, with the same stop.
        sent = false;
        retry = function () { send(stoppedAt); };
        stopButton.disabled = false;
        stopButton.textContent = "Send again";
      });
    }

    function stop() {
      var seconds = momentNow();
      send(seconds >= timing.durationSeconds ? null : seconds);
    }

    startButton.addEventListener("click", start);
    pauseButton.addEventListener("click", pause);
    stopButton.addEventListener("click", function () { if (retry) { retry(); } else { stop(); } });
    input.disabled = true;
    pauseButton.disabled = true;
    stopButton.disabled = true;
    clockText.textContent = clock(0) + " / " + clock(timing.durationSeconds);

    live.timing = timing;
    live.typed = typed;
    live.lessonSeconds = lessonSeconds;
    live.placed = function () { return placement.placed(); };
    section.hidden = false;
  }

  // ---------------------------------------------------------------- key it on the screen

  var PATTERN_SIGNS = { ".": "·", "-": "−" };

  function setUpTapKey(section) {
    var keyingURL = section.dataset.keyingUrl;
    var readURL = section.dataset.readUrl;
    var unitSeconds = parseFloat(section.dataset.unitSeconds) || 0.1;
    var toneHz = parseFloat(section.dataset.toneHz) || 600;
    var pad = byId("live-key-pad");
    var status = byId("live-key-status");
    var latencyText = byId("live-key-latency");
    var characterText = byId("live-key-character");
    var patternText = byId("live-key-pattern");
    var timingsList = byId("live-key-timings");
    var keyedText = byId("live-key-text");
    var gradeButton = byId("live-key-grade");
    var clearButton = byId("live-key-clear");

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
      var context = audioContext();
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
      live.audioLatency = reportedLatency(context);
      latencyText.textContent = "Touch to sound in this browser: " + Math.round(median(latencies)) + " ms";
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
      if (gain) { rampTo(sharedContext, 0); }
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
          if (number === readNumber) { say(status, "What you keyed could not be read just now; keep going.", "error"); }
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
      say(status, "Timed against " + reading.wpm + " WPM: a unit is " + Math.round(reading.unitSeconds * 1000) + " ms.");
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
      say(status, "Cleared: key from the start of the sheet.");
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
      submit(keyingURL, logText(), "text/plain", status, function () {
        gradeButton.disabled = false;
        clearButton.disabled = false;
      });
    });
    clearButton.addEventListener("click", clear);
    gradeButton.disabled = true;
    clearButton.disabled = true;
    // The context made now (suspended until the first touch where the browser asks for one) spares
    // the first press the time it takes to make one.
    audioContext();
    live.keyLog = logText;
    section.hidden = false;
  }

  // ---------------------------------------------------------------- key it into the microphone

  var MICROPHONE_WORDS = {
    NotAllowedError: "This page may not use the microphone: allow it in your browser's settings for this site, " +
      "then try again — or record with your phone's recorder and send the file below.",
    NotFoundError: "No microphone was found: plug one in (or allow one in your phone's settings) and try again — " +
      "or record with your phone's recorder and send the file below.",
    NotReadableError: "The microphone is in use by another app or cannot be opened: close the other app and try " +
      "again — or record with your phone's recorder and send the file below."
  };
  MICROPHONE_WORDS.SecurityError = MICROPHONE_WORDS.NotAllowedError;
  MICROPHONE_WORDS.PermissionDeniedError = MICROPHONE_WORDS.NotAllowedError;
  MICROPHONE_WORDS.OverconstrainedError = MICROPHONE_WORDS.NotFoundError;
  MICROPHONE_WORDS.DevicesNotFoundError = MICROPHONE_WORDS.NotFoundError;

  function setUpMicrophone(section) {
    var recordingURL = section.dataset.recordingUrl;
    var recordButton = byId("live-mic-record");
    var stopButton = byId("live-mic-stop");
    var meter = byId("live-mic-level");
    var clockText = byId("live-mic-clock");
    var status = byId("live-mic-status");
    live.lastRecording = null;
    section.hidden = false;
    stopButton.disabled = true;

    var canRecord = navigator.mediaDevices && navigator.mediaDevices.getUserMedia && typeof MediaRecorder !== "undefined";
    if (!canRecord) {
      recordButton.disabled = true;
      say(status, window.isSecureContext === false
        ? "Recording here needs HTTPS: this page was opened over plain HTTP. Record with your phone's recorder and send the file below."
        : "This browser cannot record here: record with your phone's recorder and send the file below.", "error");
      return;
    }

    var stream = null;
    var recorder = null;
    var chunks = [];
    var analyser = null;
    var startedAt = 0;
    var frame = null;

    // Opus in WebM where the browser makes it (the server decodes it best); else its own default.
    function recorderOptions() {
      var wanted = "audio/webm;codecs=opus";
      return MediaRecorder.isTypeSupported && MediaRecorder.isTypeSupported(wanted) ? { mimeType: wanted } : undefined;
    }

    // The level as a share of 60 dB above silence: a tone in the room moves it well up, a quiet
    // room leaves it near the bottom.
    function showLevel() {
      if (analyser) {
        var samples = new Float32Array(analyser.fftSize);
        analyser.getFloatTimeDomainData(samples);
        var sum = 0;
        for (var i = 0; i < samples.length; i++) { sum += samples[i] * samples[i]; }
        var rms = Math.sqrt(sum / samples.length);
        var decibels = rms > 0 ? 20 * Math.log10(rms) : -Infinity;
        meter.value = Math.max(0, Math.min(1, (decibels + 60) / 60));
      }
      clockText.textContent = clock((performance.now() - startedAt) / 1000);
      frame = requestAnimationFrame(showLevel);
    }

    function release() {
      cancelAnimationFrame(frame);
      if (stream) { stream.getTracks().forEach(function (track) { track.stop(); }); }
      stream = null;
      meter.value = 0;
    }

    function record() {
      recordButton.disabled = true;
      say(status, "Asking for the microphone…");
      navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: false, noiseSuppression: false, autoGainControl: false } })
        .then(function (opened) {
          stream = opened;
          recorder = new MediaRecorder(stream, recorderOptions());
          chunks = [];
          recorder.addEventListener("dataavailable", function (event) {
            if (event.data && event.data.size > 0) { chunks.push(event.data); }
          });
          recorder.addEventListener("stop", finish);
          recorder.start();
          startedAt = performance.now();
          stopButton.disabled = false;
          say(status, "Recording: key the sheet above, then press Stop.");
          if (AudioContextClass) {
            var context = audioContext();
            analyser = context.createAnalyser();
            analyser.fftSize = 2048;
            context.createMediaStreamSource(stream).connect(analyser);
          }
          showLevel();
        })
        .catch(function (error) {
          release();
          recordButton.disabled = false;
          var words = MICROPHONE_WORDS[error && error.name];
          say(status, words || "The microphone could not be opened (" + (error && error.name || "unknown error") +
            "): record with your phone's recorder and send the file below.", "error");
        });
    }

    function stop() {
      stopButton.disabled = true;
      if (recorder && recorder.state !== "inactive") { recorder.stop(); }
    }

    function finish() {
      release();
      analyser = null;
      var type = recorder.mimeType || (chunks[0] && chunks[0].type) || "audio/webm";
      var blob = new Blob(chunks, { type: type });
      live.lastRecording = blob;
      if (blob.size === 0) {
        recordButton.disabled = false;
        say(status, "Nothing was recorded: try again.", "error");
        return;
      }
      submit(recordingURL, blob, type, status, function () { recordButton.disabled = false; });
    }

    recordButton.addEventListener("click", record);
    stopButton.addEventListener("click", stop);
  }

  // ---------------------------------------------------------------- start

  var copySection = byId("live-copy");
  if (copySection && AudioContextClass && window.fetch) { setUpCopy(copySection); }
  var keySection = byId("live-key");
  if (keySection && AudioContextClass && window.fetch && window.PointerEvent) { setUpTapKey(keySection); }
  var microphoneSection = byId("live-mic");
  if (microphoneSection && window.fetch) { setUpMicrophone(microphoneSection); }
})();
