"use strict";
// "Copy it live" on a lesson's page: the lesson plays (Web Audio) and each character typed goes
// under the group it copies, placed as koch's ReceiveCopy places it in the terminal. The server places
// the keys again from what is sent, by the same rule, and grades that; the page only shows it.
// Needs live-page.js first.
(function () {
  var live = window.kochLive;
  if (!live) { return; }
  var page = live.page;

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
    var startButton = page.byId("live-copy-start");
    var pauseButton = page.byId("live-copy-pause");
    var stopButton = page.byId("live-copy-stop");
    var input = page.byId("live-copy-input");
    var clockText = page.byId("live-copy-clock");
    var status = page.byId("live-copy-status");
    var list = page.byId("live-copy-groups");
    var introductionBox = page.byId("live-copy-introduction");
    var introductionText = page.byId("live-copy-introduction-text");

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
      clockText.textContent = page.clock(Math.min(seconds, timing.durationSeconds)) + " / " + page.clock(timing.durationSeconds);
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
          page.say(status, "The lesson has ended: finish the last group and press Enter (it is sent by itself in " +
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
        context = new page.AudioContextClass({ latencyHint: "interactive" });
      } catch (error) {
        page.say(status, "This browser cannot play the lesson here: play it above and type your copy below.", "error");
        return;
      }
      page.say(status, "Loading the lesson's sound…");
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
          live.audioLatency = page.reportedLatency(context);
          input.disabled = false;
          pauseButton.disabled = false;
          stopButton.disabled = false;
          input.focus();
          page.say(status, "Playing: type what you hear.");
          ticker = setInterval(tick, 100);
          tick();
        })
        .catch(function () {
          startButton.disabled = false;
          page.say(status, "The lesson's sound could not be loaded: check your connection and press Start again.", "error");
        });
    }

    function pause() {
      if (sent) { return; }
      if (!paused) {
        paused = true;
        context.suspend();
        pauseButton.textContent = "Resume";
        page.say(status, "Paused: what you type now is not counted.");
      } else {
        context.resume().then(function () {
          paused = false;
          pauseButton.textContent = "Pause";
          page.say(status, "Playing: type what you hear.");
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
      page.submit(typingURL, body, "application/json", status, function () {
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
    clockText.textContent = page.clock(0) + " / " + page.clock(timing.durationSeconds);

    live.timing = timing;
    live.typed = typed;
    live.lessonSeconds = lessonSeconds;
    live.placed = function () { return placement.placed(); };
    section.hidden = false;
  }

  var section = page.byId("live-copy");
  if (section && page.AudioContextClass && window.fetch) { setUpCopy(section); }
})();
