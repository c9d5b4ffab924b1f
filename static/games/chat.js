/*
 * The table chat (templates/games/_chat.html; the server side is games/chat/).
 *
 * The panel keeps a socket of its own to the table (/ws/tables/<id>/?only=chat: chat frames
 * only, no state frames), so the table's script is untouched. Up: a "hello" with the page's
 * language when it connects, {"type": "chat", "phrase":
 * key} from the quick-phrase buttons, {"type": "chat", "text": ...} from the field. Down:
 * {"type": "chat", "id", "html"}: a line rendered (and escaped) by the server for this viewer,
 * appended once; {"type": "error", "message"}: shown under the field. Mute and report post to
 * the API (/api/tables/<id>/chat/mutes/ and /reports/) with the page's CSRF token; a muted
 * writer's lines go from the list at once. After a reconnection the lines sent meanwhile are
 * read from the page, as the server renders it now.
 */
(function () {
  "use strict";

  var panel = document.getElementById("table-chat");
  if (!panel || !window.WebSocket) { return; }
  var lines = document.getElementById("chat-lines");
  var form = document.getElementById("chat-form");
  var field = document.getElementById("chat-text");
  var errorBox = document.getElementById("chat-error");
  var unread = document.getElementById("chat-unread");
  var socket = null;
  var retries = 0;
  var unreadCount = 0;
  var connectedOnce = false;

  function showError(text) {
    if (errorBox) { errorBox.textContent = text || ""; }
  }

  function scrollDown() { lines.scrollTop = lines.scrollHeight; }

  function markUnread() {
    if (!unread) { return; }
    if (panel.open && !document.hidden) { unreadCount = 0; unread.hidden = true; return; }
    unreadCount += 1;
    unread.textContent = String(unreadCount);
    unread.hidden = false;
  }

  function addLine(frame) {
    if (lines.querySelector('[data-chat-id="' + frame.id + '"]')) { return; }
    var holder = document.createElement("template");
    holder.innerHTML = frame.html.trim();  // rendered and escaped by the server
    lines.appendChild(holder.content);
    scrollDown();
    markUnread();
  }

  // After a reconnection: the lines sent meanwhile, from the page as the server renders it now.
  function catchUp() {
    fetch(window.location.pathname, { credentials: "same-origin" })
      .then(function (response) { return response.ok ? response.text() : null; })
      .then(function (html) {
        if (!html) { return; }
        var fresh = new DOMParser().parseFromString(html, "text/html").querySelectorAll("#chat-lines .chat-line");
        fresh.forEach(function (node) {
          if (!lines.querySelector('[data-chat-id="' + node.getAttribute("data-chat-id") + '"]')) {
            lines.appendChild(document.importNode(node, true));
          }
        });
        scrollDown();
      })
      .catch(function () {});
  }

  function wsUrl() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + window.location.host + panel.getAttribute("data-ws-url");
  }

  function connect() {
    socket = new WebSocket(wsUrl());
    socket.addEventListener("open", function () {
      if (connectedOnce) { catchUp(); }
      connectedOnce = true;
      retries = 0;
      showError("");
      // The language the chat's lines come in (no state frames come back on this socket).
      socket.send(JSON.stringify({ type: "hello", version: null, lang: document.documentElement.lang }));
    });
    socket.addEventListener("message", function (event) {
      var frame;
      try { frame = JSON.parse(event.data); } catch (err) { return; }
      if (frame.type === "chat") { addLine(frame); }
      else if (frame.type === "error") { showError(frame.message); }
    });
    socket.addEventListener("close", function (event) {
      socket = null;
      if (event.code === 4401 || event.code === 4403 || event.code === 4404) { return; }
      retries += 1;
      setTimeout(connect, Math.min(10000, 500 * Math.pow(2, Math.min(retries, 5))) + Math.random() * 300);
    });
  }

  function send(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(frame));
      showError("");
      return true;
    }
    showError(panel.getAttribute("data-offline"));
    return false;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": panel.getAttribute("data-csrf") },
      body: JSON.stringify(body)
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (data) {
        if (!response.ok) { throw new Error(data.detail || response.statusText); }
        return data;
      });
    });
  }

  panel.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button || !panel.contains(button)) { return; }
    if (button.hasAttribute("data-phrase")) {
      if (send({ type: "chat", phrase: button.getAttribute("data-phrase") })) {
        var phrases = document.getElementById("chat-phrases");
        if (phrases) { phrases.open = false; }
      }
    } else if (button.hasAttribute("data-chat-mute")) {
      var author = button.getAttribute("data-chat-mute");
      post(panel.getAttribute("data-mute-url"), { user: Number(author), muted: true }).then(function () {
        lines.querySelectorAll('[data-chat-author="' + author + '"]').forEach(function (node) { node.remove(); });
        showError(panel.getAttribute("data-muted"));
      }).catch(function (err) { showError(err.message); });
    } else if (button.hasAttribute("data-chat-report")) {
      var reason = window.prompt(panel.getAttribute("data-report-prompt"), "");
      if (reason === null) { return; }
      post(panel.getAttribute("data-report-url"), { message: Number(button.getAttribute("data-chat-report")), reason: reason })
        .then(function () { button.disabled = true; showError(panel.getAttribute("data-reported")); })
        .catch(function (err) { showError(err.message); });
    }
  });

  if (form) {
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var text = field.value.trim();
      if (!text) { return; }
      if (send({ type: "chat", text: text })) { field.value = ""; }
    });
  }

  panel.addEventListener("toggle", function () { if (panel.open) { markUnread(); scrollDown(); } });
  document.addEventListener("visibilitychange", function () { if (!document.hidden) { markUnread(); } });
  scrollDown();
  connect();
})();
