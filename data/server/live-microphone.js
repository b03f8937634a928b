"use strict";
// "Key it into the microphone" on a send exercise's page: a recording of a real key's sidetone,
// with a level meter while it records, sent to be decoded and graded as `koch grade --audio` grades one.
// Needs live-page.js first.
(function () {
  var live = window.kochLive;
  if (!live) { return; }
  var page = live.page;

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
    var recordButton = page.byId("live-mic-record");
    var stopButton = page.byId("live-mic-stop");
    var meter = page.byId("live-mic-level");
    var clockText = page.byId("live-mic-clock");
    var status = page.byId("live-mic-status");
    live.lastRecording = null;
    section.hidden = false;
    stopButton.disabled = true;

    var canRecord = navigator.mediaDevices && navigator.mediaDevices.getUserMedia && typeof MediaRecorder !== "undefined";
    if (!canRecord) {
      recordButton.disabled = true;
      page.say(status, window.isSecureContext === false
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
      clockText.textContent = page.clock((performance.now() - startedAt) / 1000);
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
      page.say(status, "Asking for the microphone…");
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
          page.say(status, "Recording: key the sheet above, then press Stop.");
          if (page.AudioContextClass) {
            var context = page.audioContext();
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
          page.say(status, words || "The microphone could not be opened (" + (error && error.name || "unknown error") +
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
        page.say(status, "Nothing was recorded: try again.", "error");
        return;
      }
      page.submit(recordingURL, blob, type, status, function () { recordButton.disabled = false; });
    }

    recordButton.addEventListener("click", record);
    stopButton.addEventListener("click", stop);
  }

  var section = page.byId("live-mic");
  if (section && window.fetch) { setUpMicrophone(section); }
})();
