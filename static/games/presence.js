// Presence at a table: marks each person's seat "connected" or "not connected" (felt and
// waiting room), live. A socket of its own (/ws/tables/<id>/?only=presence) receives
// {"type": "presence", "people": [positions], "connected": [positions]} frames (no user ids, no
// game information); the marks are put back after every re-render of the table (table:updated).
(function () {
  "use strict";
  var script = document.currentScript;
  var form = document.getElementById("table-form");
  if (!form || !script || !window.WebSocket) { return; }
  var labels = {
    connected: script.getAttribute("data-connected") || "connected",
    away: script.getAttribute("data-away") || "not connected"
  };
  var state = null;
  var retries = 0;

  function mark(seat, connected) {
    if (seat.classList.contains("is-you")) { return; }
    var holder = seat.querySelector(".seat-badges") || seat.querySelector(".seat-name");
    if (!holder) { return; }
    var badge = holder.querySelector(".presence");
    if (!badge) {
      badge = document.createElement("span");
      holder.appendChild(document.createTextNode(" "));
      holder.appendChild(badge);
    }
    var kind = connected ? "connected" : "away";
    badge.className = "badge presence is-" + kind;
    badge.setAttribute("data-presence", kind);
    badge.textContent = (connected ? "● " : "○ ") + labels[kind];
  }

  function apply() {
    if (!state) { return; }
    var seats = document.querySelectorAll("#table-live [data-seat]");
    for (var i = 0; i < seats.length; i++) {
      var seat = seats[i];
      if (seat.classList.contains("trick-card")) { continue; }
      var position = parseInt(seat.getAttribute("data-seat"), 10);
      if (state.people.indexOf(position) < 0) { continue; }
      mark(seat, state.connected.indexOf(position) >= 0);
    }
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + form.getAttribute("data-ws-url") + "?only=presence");
    socket.addEventListener("open", function () { retries = 0; });
    socket.addEventListener("message", function (event) {
      var frame;
      try { frame = JSON.parse(event.data); } catch (err) { return; }
      if (frame.type === "presence") {
        state = { people: frame.people || [], connected: frame.connected || [] };
        apply();
      }
    });
    socket.addEventListener("close", function (event) {
      if (event.code === 4401 || event.code === 4403 || event.code === 4404) { return; }
      retries += 1;
      setTimeout(connect, Math.min(15000, 1000 * Math.pow(2, Math.min(retries, 4))));
    });
    // Keep the socket (and so the presence count) alive through proxies.
    setInterval(function () {
      if (socket.readyState === WebSocket.OPEN) { socket.send('{"type": "ping"}'); }
    }, 25000);
  }

  document.addEventListener("table:updated", apply);
  connect();
})();
