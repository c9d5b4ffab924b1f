/* The notification socket of every page of a logged-in user (/ws/notifications/).
 *
 * The header's badge (#notif-badge, its count #notif-count) follows the unread count the server
 * pushes; a new notification is announced to the page as a "tute:notification" event (its
 * kind, text in the user's language and link) that turn.js turns into the tab's title, a sound
 * and a browser notification. Reconnects with a growing pause; a refused session (4401) stops. */
(function () {
  "use strict";
  var badge = document.getElementById("notif-badge");
  var countEl = document.getElementById("notif-count");
  if (!badge || !countEl || !("WebSocket" in window)) return;
  var pause = 1000;

  function setCount(n) {
    n = Math.max(0, parseInt(n, 10) || 0);
    countEl.textContent = String(n);
    countEl.dataset.count = String(n);
    countEl.hidden = n === 0;
    badge.classList.toggle("has-unread", n > 0);
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var ws = new WebSocket(scheme + location.host + badge.dataset.ws);
    ws.addEventListener("open", function () { pause = 1000; badge.dataset.live = "1"; });
    ws.addEventListener("message", function (event) {
      var frame;
      try { frame = JSON.parse(event.data); } catch (e) { return; }
      if (frame.type !== "count") return;
      setCount(frame.count);
      if (frame.notification) {
        document.dispatchEvent(new CustomEvent("tute:notification", { detail: frame.notification }));
      }
    });
    ws.addEventListener("close", function (event) {
      delete badge.dataset.live;
      if (event.code === 4401) return;
      setTimeout(connect, pause);
      pause = Math.min(pause * 2, 30000);
    });
  }
  connect();
})();
