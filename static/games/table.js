/*
 * The live table: a WebSocket that carries moves up and server-rendered partials down.
 *
 * No game rule lives here. The server renders the table (games/_live.html) for this viewer's
 * seat, in parts; the first "state" frame after a hello carries them all, the next ones only
 * the parts that changed; this script joins them and puts the table in the page. A click on
 * a button marked data-ws="act" (a card, a canto, ...) sends its value as the move, with the
 * version of the state on screen; the engine on the server judges it, and an "error" frame
 * comes back with its explanation when it is refused. Without a socket (or without
 * JavaScript) the same buttons post the page's form and the page reloads.
 *
 * Reconnecting: on every (re)connection the client says which version it last saw ("hello");
 * the server answers with the current state and a list of what was missed.
 *
 * Whose turn it is: a live region that stays in the page (#turn-announcer, polite) repeats the
 * text of the partial's turn line ("Your turn.", "Bruno to play.") whenever it changes, and
 * whenever a new turn of the player's own begins. The partial itself is replaced whole, and a
 * live region that arrives new is not read out.
 *
 * Pacing: a finished trick stays on screen at least TRICK_SHOW ms (a state that comes sooner
 * waits, and only the newest waiting one is shown), so that the last card can be seen.
 * Around each swap the page hears "table:before-update" (detail.node: the old partial) and
 * "table:updated" (detail.node: the new one); table_feel.js moves the cards, plays the sounds
 * and handles the keys there.
 */
(function () {
  "use strict";

  var form = document.getElementById("table-form");
  if (!form || !window.WebSocket) { return; }

  var errorBox = document.getElementById("table-error");
  var missedBox = document.getElementById("table-missed");
  var status = document.getElementById("connection");
  var socket = null;
  var retries = 0;
  var lastVersion = null;
  var lastRevision = -1;
  var pollTimer = null;

  function live() { return document.getElementById("table-live"); }

  var announcer = document.createElement("div");
  announcer.id = "turn-announcer";
  announcer.className = "visually-hidden";
  announcer.setAttribute("role", "status");
  announcer.setAttribute("aria-live", "polite");
  announcer.setAttribute("aria-atomic", "true");
  form.parentNode.insertBefore(announcer, form);
  var lastTurn = null;

  function turnText(node) {
    var line = node && node.querySelector(".turn-line");
    if (!line) { return ""; }
    var copy = line.cloneNode(true);
    var timers = copy.querySelectorAll(".timer");
    for (var i = 0; i < timers.length; i++) { timers[i].remove(); }
    return copy.textContent.replace(/\s+/g, " ").trim();
  }

  // What was last read out: the turn line's words, and for the player's own turn the version
  // it began at. A page may never show the states between two turns of hers (the bots answer
  // within the pause that keeps a finished trick on screen, and only the newest waiting state
  // is shown): her next turn still reads "Your turn.", and is read out again.
  function turnKey(node, text) {
    var mine = node && node.querySelector(".turn-line.your-turn");
    return mine ? text + "#" + node.getAttribute("data-version") : text;
  }

  function announceTurn(node, first) {
    var text = turnText(node);
    var key = turnKey(node, text);
    if (key === lastTurn) { return; }
    lastTurn = key;
    // The first state is on screen already; only changes are read out.
    if (!first) { announcer.textContent = text; }
  }

  function readVersion() {
    var node = live();
    if (!node) { return; }
    lastVersion = parseInt(node.getAttribute("data-version"), 10);
    lastRevision = parseInt(node.getAttribute("data-revision"), 10);
  }

  // The heading's table status ("Waiting for players", "Playing"...) follows the partial's
  // data-status; the words are the heading's data-<status> attributes.
  var tableStatus = document.getElementById("table-status");
  function showTableStatus(node) {
    var key = node && node.getAttribute("data-status");
    var label = key && tableStatus && tableStatus.getAttribute("data-" + key);
    if (label && tableStatus.textContent !== label) { tableStatus.textContent = label; }
    // The invitation link is for a table that waits for players: once it starts, the board
    // gets that room.
    if (key && key !== "open") {
      var invites = document.querySelectorAll(".invite");
      for (var i = 0; i < invites.length; i++) { invites[i].hidden = true; }
    }
    // Buttons outside the partial that only mean something while the table has a given
    // status ("Leave the table", "Abandon...") go once the status moves on (the match ends).
    var scoped = key ? document.querySelectorAll("[data-while-status]") : [];
    for (var j = 0; j < scoped.length; j++) {
      scoped[j].hidden = scoped[j].getAttribute("data-while-status").split(" ").indexOf(key) < 0;
    }
  }

  function setStatus(key) {
    if (!status) { return; }
    status.textContent = status.getAttribute("data-" + key) || "";
    status.className = "connection muted connection-" + key;
  }

  function showError(text) {
    if (!errorBox) { return; }
    errorBox.textContent = text || "";
    errorBox.classList.toggle("is-shown", !!text);
  }

  function showMissed(lines) {
    if (!missedBox) { return; }
    missedBox.textContent = lines && lines.length ? lines.join(" · ") : "";
  }

  var TRICK_SHOW = 700;
  var shownAt = Date.now();
  var pending = null;
  var pendingTimer = null;

  function trickDone(node) { return !!(node && node.querySelector(".trick.trick-done")); }

  // A new state, unless a finished trick has not been on screen for TRICK_SHOW ms yet.
  function showState(html) {
    var wait = trickDone(live()) ? TRICK_SHOW - (Date.now() - shownAt) : 0;
    if (wait <= 0 && !pendingTimer) { replaceLive(html); return; }
    pending = html;
    if (pendingTimer) { return; }
    pendingTimer = setTimeout(function () {
      pendingTimer = null;
      var next = pending;
      pending = null;
      if (next) { replaceLive(next); }
    }, Math.max(0, wait));
  }

  function replaceLive(html) {
    var node = live();
    if (!node) { return; }
    var holder = document.createElement("div");
    holder.innerHTML = html;
    var fresh = holder.firstElementChild;
    if (!fresh) { return; }
    var focused = document.activeElement;
    var focusedValue = focused && focused.value;
    var focusInHand = !!(focused && focused.closest && focused.closest(".hand-cards"));
    document.dispatchEvent(new CustomEvent("table:before-update", { detail: { node: node } }));
    node.replaceWith(fresh);
    shownAt = Date.now();
    var roles = fresh.querySelectorAll(".turn-line[role]");
    for (var i = 0; i < roles.length; i++) { roles[i].removeAttribute("role"); }  // see announceTurn
    announceTurn(fresh, false);
    if (focusedValue) {
      var again = fresh.querySelector('button[value="' + CSS.escape(focusedValue) + '"]');
      // A card played from the keyboard: the focus goes on to the hand's first card.
      if (!again && focusInHand) { again = fresh.querySelector(".hand-cards .card-button"); }
      if (again) { again.focus({ preventScroll: true }); }
    }
    readVersion();
    showTableStatus(fresh);
    tickTimers();
    document.dispatchEvent(new CustomEvent("table:updated", { detail: { version: lastVersion, node: fresh } }));
  }

  function wsUrl() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    return scheme + window.location.host + form.getAttribute("data-ws-url");
  }

  // Play again: when the new table opens while a seated player watches the finished one,
  // the state frame carries its address and the page goes there.
  var rematchSeen = !!(live() && live().getAttribute("data-rematch-url"));
  function followRematch() {
    var url = live() && live().getAttribute("data-rematch-url");
    if (url && !rematchSeen) {
      rematchSeen = true;
      window.location.assign(url);
    }
  }

  // The table comes in parts (games/live/parts.py): all of them in the first frame after a
  // hello, then only the ones that changed, by index; the page's partial is them joined.
  var parts = null;
  function tableHtml(frame) {
    if (frame.parts) {
      parts = frame.parts.slice();
    } else if (frame.changed) {
      if (!parts) { return null; }
      for (var i = 0; i < frame.changed.length; i++) {
        var at = frame.changed[i][0];
        if (at < 0 || at >= parts.length) { return null; }
        parts[at] = frame.changed[i][1];
      }
    } else {
      parts = null;
      return frame.html;
    }
    return parts.join("");
  }

  function send(frame) {
    if (socket && socket.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify(frame));
      return true;
    }
    return false;
  }

  function connect() {
    setStatus("connecting");
    socket = new WebSocket(wsUrl());
    socket.addEventListener("open", function () {
      retries = 0;
      setStatus("online");
      stopPolling();
      parts = null;
      send({ type: "hello", version: lastVersion, lang: document.documentElement.lang, parts: 1 });
    });
    socket.addEventListener("message", function (event) {
      var frame;
      try { frame = JSON.parse(event.data); } catch (err) { return; }
      if (frame.type === "state") {
        var html = tableHtml(frame);
        if (html === null) { socket.close(); return; }  // parts out of step: start again
        if (typeof frame.revision === "number" && frame.revision < lastRevision && !frame.missed) { return; }
        showError("");
        showState(html);
        showMissed(frame.missed);
        followRematch();
      } else if (frame.type === "error") {
        showError(frame.message);
      }
    });
    socket.addEventListener("close", function (event) {
      socket = null;
      setStatus("offline");
      if (event.code === 4401 || event.code === 4403 || event.code === 4404) { return; }
      retries += 1;
      var delay = Math.min(10000, 500 * Math.pow(2, Math.min(retries, 5)));
      if (retries > 2) { startPolling(); }
      setTimeout(connect, delay + Math.random() * 300);
    });
  }

  // Without a socket, ask for the partial now and then (read-only; moves post the form).
  function startPolling() {
    if (pollTimer) { return; }
    pollTimer = setInterval(function () {
      fetch(form.getAttribute("data-live-url"), { credentials: "same-origin" })
        .then(function (response) { return response.ok ? response.text() : null; })
        .then(function (html) { if (html) { showState(html); } })
        .catch(function () {});
    }, 3000);
  }

  function stopPolling() {
    if (pollTimer) { clearInterval(pollTimer); pollTimer = null; }
  }

  form.addEventListener("submit", function (event) {
    var button = event.submitter;
    if (!button || !button.hasAttribute("data-ws")) { return; }
    var kind = button.getAttribute("data-ws");
    var frame = kind === "act"
      ? { type: "act", action: button.value, version: lastVersion }
      : { type: kind };
    if (send(frame)) {
      event.preventDefault();
      showError("");
    }
  });

  // The turn timer's countdown (display only: the server decides when time is up).
  function tickTimers() {
    var nodes = document.querySelectorAll(".timer[data-deadline]");
    var now = Date.now();
    for (var i = 0; i < nodes.length; i++) {
      var left = Math.max(0, Math.round((Date.parse(nodes[i].getAttribute("data-deadline")) - now) / 1000));
      nodes[i].textContent = left + " s";
      nodes[i].classList.toggle("is-short", left <= 10);
    }
  }
  setInterval(tickTimers, 1000);

  readVersion();
  announceTurn(live(), true);
  tickTimers();
  connect();
})();
