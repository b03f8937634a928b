"use strict";
// The send exercise's upload form: the recording chosen is sent as the request's body (no form
// encoding to parse on the server), and the grade's page replaces the form's, as the live
// exercises' submissions are (live-page.js). Without either script the form posts as a form.
(function () {
  var form = document.getElementById("recording-form");
  if (!form || !window.kochLive) { return; }
  var status = document.getElementById("recording-status");
  var button = form.querySelector("button");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var file = document.getElementById("recording").files[0];
    if (!file) { status.textContent = "Choose your recording first."; return; }
    button.disabled = true;
    window.kochLive.page.submit(form.dataset.upload, file, file.type || "application/octet-stream", status, function () {
      button.disabled = false;
    });
  });
})();
