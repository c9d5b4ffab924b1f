/*
 * The lobby, live: a WebSocket (/ws/lobby/) over which the server pushes the list of tables
 * (#lobby-tables, rendered for this user as the page renders it) whenever a table opens,
 * fills, starts, ends or closes. Nothing is sent up but "hello" (on every (re)connection:
 * the server answers with the current list) and the page's language.
 *
 * While the socket is open, window.tuteLobbyLive is true and the slow htmx poll of the
 * partial (hx-trigger="every 60s") is cancelled here, in htmx:beforeRequest (not with an
 * hx-trigger filter: htmx evaluates those with Function(), which the Content-Security-Policy
 * forbids); when it closes the poll takes over until it reconnects. Without JavaScript the
 * page is a plain page.
 */
(function () {
  "use strict";

  var box = document.getElementById("lobby-tables");
  if (!box) { return; }
  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail && event.detail.elt;
    if (window.tuteLobbyLive && elt && elt.id === "lobby-tables") { event.preventDefault(); }
  });
  if (!window.WebSocket) { return; }
  var path = box.getAttribute("data-ws-url");
  var retries = 0;

  function lobby() { return document.getElementById("lobby-tables"); }

  function replaceLobby(html) {
    var node = lobby();
    if (!node) { return; }
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.firstElementChild;
    if (!fresh || fresh.id !== "lobby-tables") { return; }
    // Keep the keyboard where it was: the same link in the new list, if it is still there.
    var focused = document.activeElement;
    var href = focused && node.contains(focused) ? focused.getAttribute("href") : null;
    var cls = focused && focused.className;
    node.replaceWith(fresh);
    if (window.htmx) { window.htmx.process(fresh); }
    if (href) {
      var links = fresh.querySelectorAll('a[href="' + CSS.escape(href) + '"]');
      for (var i = 0; i < links.length; i++) {
        if (links[i].className === cls || i === links.length - 1) {
          links[i].focus({ preventScroll: true });
          break;
        }
      }
    }
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + path);
    socket.addEventListener("open", function () {
      retries = 0;
      window.tuteLobbyLive = true;
      socket.send(JSON.stringify({ type: "hello", lang: document.documentElement.lang }));
    });
    socket.addEventListener("message", function (event) {
      var frame;
      try { frame = JSON.parse(event.data); } catch (err) { return; }
      if (frame.type === "lobby" && typeof frame.html === "string") { replaceLobby(frame.html); }
    });
    socket.addEventListener("close", function (event) {
      window.tuteLobbyLive = false;
      if (event.code === 4401 || event.code === 4403) { return; }  // logged out: the poll says so
      retries += 1;
      var delay = Math.min(30000, 500 * Math.pow(2, Math.min(retries, 6)));
      setTimeout(connect, delay + Math.random() * 500);
    });
  }

  connect();
})();
