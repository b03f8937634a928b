"use strict";
// The send exercise's upload form: the recording chosen is sent as the request's body (no form
// encoding to parse on the server), and the grade's page replaces the form's.
(function () {
  var form = document.getElementById("recording-form");
  if (!form) { return; }
  var status = document.getElementById("recording-status");
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    var file = document.getElementById("recording").files[0];
    if (!file) { status.textContent = "Choose your recording first."; return; }
    status.textContent = "Sending and grading your recording…";
    form.querySelector("button").disabled = true;
    fetch(form.dataset.upload, { method: "POST", body: file, headers: { "Content-Type": file.type || "application/octet-stream" } })
      .then(function (response) { return response.text(); })
      .then(function (html) { document.open(); document.write(html); document.close(); })
      .catch(function () {
        status.textContent = "The recording could not be sent: check your connection and try again. Nothing was recorded.";
        form.querySelector("button").disabled = false;
      });
  });
})();
