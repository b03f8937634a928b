"use strict";
// What the live exercises of a lesson's page share (live-copy.js, live-key.js, live-microphone.js):
// words in the page, a submission sent and its answer page shown, one audio context. The page works
// without these scripts (its forms come after the live sections, which stay hidden until a script
// shows them), so anything a browser lacks is said in words, never left broken.
(function () {
  var live = {};
  // What tests (and a curious learner's console) may read: the timing and the placement of the
  // copy, the touch-to-sound figures, the last recording. Nothing here is an answer.
  window.kochLive = live;

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

  // Sends a submission and shows the server's answer page: the grade, or a refusal that says why.
  // When nothing answered it (no connection), or a server failed (5xx: a school's server that died
  // behind its proxy answers 502), the page stays as it is, so that what the learner did can be sent
  // again (nothing was recorded, or it was and sending again is refused as graded).
  function submit(url, body, type, status, onFailure) {
    live.lastRequest = { url: url, body: body, type: type };
    say(status, "Grading…");
    function failed(words) {
      say(status, words, "error");
      if (onFailure) { onFailure(); }
    }
    return fetch(url, { method: "POST", body: body, headers: { "Content-Type": type }, credentials: "same-origin" })
      .then(function (response) {
        if (response.status >= 500) {
          failed("The server could not take it just now (" + response.status + "): send it again in a moment. It is still here.");
          return;
        }
        return response.text().then(writePage);
      })
      .catch(function () {
        failed("It could not be sent: check your connection and send it again. Nothing was recorded.");
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


  live.page = {
    byId: byId, clock: clock, say: say, median: median, writePage: writePage, submit: submit,
    audioContext: audioContext, reportedLatency: reportedLatency, AudioContextClass: AudioContextClass
  };
})();
