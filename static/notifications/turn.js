/* "Your turn": the tab's title, a sound and (with permission) a browser notification.
 *
 * On a table page it watches the turn line (#turn: class "your-turn" when the seat to act is
 * the viewer's) with a MutationObserver: the title becomes "(●) Your turn · ..." while it is
 * his turn, and a browser notification is shown when the tab is hidden (the table page plays
 * its own sound: table_feel.js). On every page a notification calling the player to a table
 * (notifications.js's "tute:notification" event: his table opened, an opponent waits, his
 * turn in a correspondence game) marks the title, plays a short tone and, when permitted,
 * shows a browser notification that opens the table. Permission is asked only from a button
 * ([data-notif-permission]), never on load. */
(function () {
  "use strict";
  var badge = document.getElementById("notif-badge");
  var labels = {
    turn: (badge && badge.dataset.titleTurn) || "Your turn",
    table: (badge && badge.dataset.titleTable) || "Your table is open",
  };
  var CALLS = { table_open: 1, opponent_waiting: 1, your_turn: 1 };
  var baseTitle = document.title;
  var marked = false;
  var MARK = "(\u25CF) ";

  function supported() { return "Notification" in window; }

  function mark(label) {
    document.title = MARK + label + " \u00B7 " + baseTitle;
    marked = true;
  }
  function unmark() {
    if (marked) { document.title = baseTitle; marked = false; }
  }

  function browserNotify(title, body, url, tag) {
    if (!supported() || Notification.permission !== "granted") return;
    try {
      var n = new Notification(title, { body: body || "", tag: tag, renotify: true });
      n.onclick = function () {
        window.focus();
        if (url && location.pathname !== url) location.href = url;
        n.close();
      };
    } catch (e) { /* some browsers only allow notifications from a service worker */ }
  }

  function tone() {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) return;
    try {
      var ctx = new Ctx();
      var osc = ctx.createOscillator();
      var gain = ctx.createGain();
      osc.frequency.value = 880;
      gain.gain.setValueAtTime(0.08, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.001, ctx.currentTime + 0.4);
      osc.connect(gain).connect(ctx.destination);
      osc.start();
      osc.stop(ctx.currentTime + 0.4);
    } catch (e) { /* no sound before the page was touched: the title and badge still tell */ }
  }

  // The table page: follow the turn line.
  var wasMyTurn = false;
  function checkTurn() {
    var turn = document.getElementById("turn");
    var mine = !!(turn && turn.classList.contains("your-turn"));
    if (mine && !wasMyTurn) {
      mark(labels.turn);
      if (document.hidden) browserNotify(labels.turn, turn.textContent.trim(), location.pathname, "tute-turn");
    } else if (!mine && wasMyTurn) {
      unmark();
    }
    wasMyTurn = mine;
  }
  if (document.body && document.body.classList.contains("table-body")) {
    baseTitle = document.title;
    new MutationObserver(checkTurn).observe(document.body, {
      childList: true, subtree: true, attributes: true, attributeFilter: ["class"],
    });
    checkTurn();
  }

  // Every page: calls to a table from the notification socket.
  document.addEventListener("tute:notification", function (event) {
    var n = event.detail || {};
    if (!CALLS[n.kind]) return;
    if (n.url && n.url === location.pathname) return; // this very table tells it itself
    var label = n.kind === "your_turn" ? labels.turn : labels.table;
    if (document.hidden || !wasMyTurn) mark(label);
    tone();
    browserNotify(label, n.text, n.url, "tute-" + n.kind + "-" + (n.url || ""));
  });
  document.addEventListener("visibilitychange", function () {
    if (!document.hidden && !wasMyTurn) unmark();
  });

  // The permission, from a button only.
  function wireButtons() {
    var buttons = document.querySelectorAll("[data-notif-permission]");
    buttons.forEach(function (button) {
      if (!supported() || Notification.permission !== "default") { button.hidden = true; return; }
      button.hidden = false;
      button.addEventListener("click", function () {
        var asked = Notification.requestPermission(function () {});
        var done = function () { buttons.forEach(function (b) { b.hidden = Notification.permission !== "default"; }); };
        if (asked && asked.then) asked.then(done); else done();
      });
    });
  }
  wireButtons();
})();
