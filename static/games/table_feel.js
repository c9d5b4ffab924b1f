/*
 * The live table's feel: motion, sound, keys and the side panel. No game rule lives here: the
 * server marks the cards one may play (.is-legal) and the buttons it offers; this script only
 * moves what the server rendered and clicks what the player chose.
 *
 * Motion (table.js says "table:before-update" and "table:updated" around each swap of the
 * partial): a card that reaches the trick flies there from the hand (the viewer's) or from
 * its player's seat; a trick that leaves the felt flies to the seat of whoever took it. Both
 * are FLIP animations of the new page (or of copies of the old cards), so a swap in the middle
 * of one does no harm. prefers-reduced-motion: nothing moves.
 *
 * Sound (WebAudio, generated, no files): a chime when the turn comes to the viewer, a soft
 * click for every card played. The sound button mutes both; the choice is kept in
 * localStorage ("tute-sound").
 *
 * Keys (not while typing in a field): 1-9 play the n-th card one may play (the numbers show on
 * those cards); ← → (and Home, End) move the focus along the hand, Enter or Space plays the
 * focused card; A, B, C... press the action buttons (cantos, pass...), lettered on them; M
 * turns the sound on or off.
 *
 * The side panel on a phone: a drawer (the match so far, the summaries, the table's buttons)
 * that the panel button opens and closes (Escape closes it too); inert while closed. When a
 * hand ends, a note on the felt says how (for eight seconds; a tap opens the drawer) and the
 * button gets a dot until the drawer is opened.
 */
(function () {
  "use strict";

  var form = document.getElementById("table-form");
  if (!form) { return; }
  var root = document.documentElement;
  var reduced = window.matchMedia ? window.matchMedia("(prefers-reduced-motion: reduce)") : null;
  var wide = window.matchMedia ? window.matchMedia("(min-width: 60rem) and (min-height: 34rem)") : null;
  // The words come translated from the page (Django's catalogues), English if missing.
  var words = {
    sound: form.getAttribute("data-word-sound") || "Sound",
    keys: form.getAttribute("data-word-keys") || "Keys: 1–9 play a card (or ← → and Enter); A, B… the buttons; M the sound."
  };

  function live() { return document.getElementById("table-live"); }
  function still() { return !!(reduced && reduced.matches); }

  // ---------------------------------------------------------------------------- the tools
  var tools = document.getElementById("table-tools");
  var soundOn = true;
  try { soundOn = window.localStorage.getItem("tute-sound") !== "off"; } catch (err) { soundOn = true; }
  var soundButton = document.createElement("button");
  soundButton.type = "button";
  soundButton.id = "sound-toggle";
  soundButton.className = "button tool-button sound-toggle";
  var speaker = '<path d="M3 9h4l5-4v14l-5-4H3z" fill="currentColor"/>';
  soundButton.innerHTML =
    '<svg class="tool-icon sound-on" aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">' + speaker +
    '<path d="M15 8.5a5 5 0 0 1 0 7M17.5 6a8.5 8.5 0 0 1 0 12" stroke="currentColor" stroke-width="2" fill="none" stroke-linecap="round"/></svg>' +
    '<svg class="tool-icon sound-off" aria-hidden="true" viewBox="0 0 24 24" width="24" height="24">' + speaker +
    '<path d="M15.5 9.5l5 5M20.5 9.5l-5 5" stroke="currentColor" stroke-width="2.4" stroke-linecap="round"/></svg>' +
    ' <span class="tool-label"></span>';
  soundButton.querySelector(".tool-label").textContent = words.sound;
  function showSound() { soundButton.setAttribute("aria-pressed", soundOn ? "true" : "false"); }
  function toggleSound() {
    soundOn = !soundOn;
    try { window.localStorage.setItem("tute-sound", soundOn ? "on" : "off"); } catch (err) { /* private mode */ }
    showSound();
    if (soundOn) { beep("card"); }
  }
  soundButton.addEventListener("click", toggleSound);
  showSound();
  var help = document.createElement("p");
  help.className = "keys-help";
  help.id = "keys-help";
  help.textContent = words.keys;
  if (tools) { tools.appendChild(soundButton); tools.appendChild(help); }

  // ---------------------------------------------------------------------------- the drawer
  var toggle = document.getElementById("panel-toggle");
  var drawers = [document.getElementById("table-panel"), document.getElementById("table-more")];
  var panelOpen = false;

  function drawerMode() { return !(wide && wide.matches); }
  function layDrawer() {
    var panel = document.getElementById("table-panel");
    var more = document.getElementById("table-more");
    drawers = [panel, more];
    for (var i = 0; i < drawers.length; i++) {
      if (!drawers[i]) { continue; }
      if (drawerMode() && !panelOpen) { drawers[i].setAttribute("inert", ""); } else { drawers[i].removeAttribute("inert"); }
    }
    if (toggle) { toggle.setAttribute("aria-expanded", panelOpen ? "true" : "false"); }
    document.body.classList.toggle("panel-open", panelOpen);
  }
  function setPanel(open) {
    panelOpen = open;
    if (open && toggle) { toggle.classList.remove("has-news"); }
    layDrawer();
  }
  if (toggle) {
    toggle.addEventListener("click", function () { setPanel(!panelOpen); });
  }
  if (wide) {
    var relay = function () { closeSiteMenu(); layDrawer(); };
    if (wide.addEventListener) { wide.addEventListener("change", relay); } else { wide.addListener(relay); }
  }
  window.addEventListener("resize", layDrawer);

  // The site menu stays a button on this page, whatever the width (tute.js opens it wide).
  function closeSiteMenu() {
    var menu = document.getElementById("site-menu");
    if (menu && menu.open) { menu.open = false; }
  }
  closeSiteMenu();
  var siteMenu = document.getElementById("site-menu");
  if (siteMenu) {
    var wideMenu = window.matchMedia ? window.matchMedia("(min-width: 60rem)") : null;
    if (wideMenu && wideMenu.addEventListener) {
      wideMenu.addEventListener("change", function () { setTimeout(closeSiteMenu, 0); });
    }
  }

  // A hand that just ended: on a phone its summary is in the closed drawer, so a note on the
  // felt says how it ended (a tap opens the drawer) and the drawer's button gets a dot.
  var news = document.createElement("button");
  news.type = "button";
  news.id = "table-news";
  news.className = "table-news";
  news.hidden = true;
  news.setAttribute("aria-controls", "table-panel");
  var newsTimer = null;
  news.addEventListener("click", function () { news.hidden = true; setPanel(true); });
  form.parentNode.insertBefore(news, form);
  var lastSummary = null;

  function summaryText(node) {
    var summary = node && node.querySelector(".hand-summary");
    if (!summary) { return ""; }
    var title = summary.querySelector("summary");
    var reason = summary.querySelector(".reason");
    return ((title ? title.textContent : "") + ": " + (reason ? reason.textContent : "")).replace(/\s+/g, " ").trim();
  }

  // The summary of the last hand stays unfolded through the next hand (the server unfolds it
  // only until the first trick) unless the player folds it.
  var keepSummary = true;
  document.addEventListener("click", function (event) {
    var title = event.target.closest && event.target.closest(".hand-summary > summary");
    if (title) { keepSummary = !title.parentNode.open; }
  });

  function tellNews(node, first) {
    var text = summaryText(node);
    var fresh = text && text !== lastSummary;
    lastSummary = text;
    if (fresh) { keepSummary = true; }
    var details = node && node.querySelector(".hand-summary");
    if (details && keepSummary) { details.open = true; }
    if (!fresh || first) { return; }
    if (toggle) { toggle.classList.add("has-news"); }
    if (!drawerMode() || panelOpen) { return; }
    news.textContent = text;
    news.hidden = false;
    if (newsTimer) { clearTimeout(newsTimer); }
    newsTimer = setTimeout(function () { news.hidden = true; }, 8000);
  }

  // ---------------------------------------------------------------------------- sound
  var audio = null;
  function context() {
    if (audio) { return audio; }
    var Ctor = window.AudioContext || window.webkitAudioContext;
    if (!Ctor) { return null; }
    try { audio = new Ctor(); } catch (err) { audio = null; }
    return audio;
  }
  function tone(ctx, freq, start, length, volume, type) {
    var osc = ctx.createOscillator();
    var gain = ctx.createGain();
    osc.type = type || "sine";
    osc.frequency.setValueAtTime(freq, start);
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start);
    osc.stop(start + length + 0.02);
  }
  function beep(kind) {
    if (!soundOn) { return; }
    var ctx = context();
    if (!ctx) { return; }
    if (ctx.state === "suspended") { ctx.resume(); }
    var now = ctx.currentTime + 0.01;
    if (kind === "turn") {
      tone(ctx, 660, now, 0.22, 0.18);
      tone(ctx, 880, now + 0.16, 0.3, 0.16);
    } else {
      // A card on the felt: a short, low, soft knock.
      tone(ctx, 190, now, 0.09, 0.22, "triangle");
      tone(ctx, 1200, now, 0.03, 0.04, "square");
    }
  }
  // Browsers let a page make sound only after a gesture: the first key or tap wakes it.
  function wake() {
    var ctx = soundOn ? context() : null;
    if (ctx && ctx.state === "suspended") { ctx.resume(); }
  }
  document.addEventListener("pointerdown", wake, { once: true, capture: true });
  document.addEventListener("keydown", wake, { once: true, capture: true });

  // ---------------------------------------------------------------------------- motion
  var before = null;

  function rectsOf(node, selector, key) {
    var out = {};
    if (!node) { return out; }
    var found = node.querySelectorAll(selector);
    for (var i = 0; i < found.length; i++) {
      out[found[i].getAttribute(key)] = found[i].getBoundingClientRect();
    }
    return out;
  }

  function snapshot(node) {
    var trick = [];
    var cards = node ? node.querySelectorAll("#trick .trick-card") : [];
    for (var i = 0; i < cards.length; i++) {
      trick.push({ card: cards[i].getAttribute("data-card"), seat: cards[i].getAttribute("data-seat"),
                   winner: cards[i].classList.contains("is-winner"), rect: cards[i].getBoundingClientRect(),
                   html: cards[i].innerHTML });
    }
    return {
      trick: trick,
      hand: rectsOf(node, ".hand-cards .card-button", "value"),
      yourTurn: !!(node && node.hasAttribute("data-your-turn"))
    };
  }

  function fly(element, from, to, options) {
    if (!element.animate) { return; }
    var dx = from.left + from.width / 2 - (to.left + to.width / 2);
    var dy = from.top + from.height / 2 - (to.top + to.height / 2);
    var scale = from.width && to.width ? from.width / to.width : 1;
    return element.animate([
      { transform: "translate(" + dx + "px, " + dy + "px) scale(" + scale + ")", opacity: options.fromOpacity == null ? 1 : options.fromOpacity },
      { transform: "translate(0, 0) scale(1)", opacity: 1 }
    ], { duration: options.duration || 320, easing: "cubic-bezier(.2,.7,.3,1)", composite: "add" });
  }

  // A new card in the trick: from the hand (the viewer's) or from its player's seat.
  function cardsArrive(fresh, old) {
    var known = {};
    for (var i = 0; i < old.trick.length; i++) { known[old.trick[i].card] = true; }
    var arrived = 0;
    var cards = fresh.querySelectorAll("#trick .trick-card");
    for (var j = 0; j < cards.length; j++) {
      var card = cards[j];
      var notation = card.getAttribute("data-card");
      if (known[notation]) { continue; }
      arrived += 1;
      if (still()) { continue; }
      var svg = card.querySelector(".playing-card");
      if (!svg) { continue; }
      var from = old.hand[notation];
      var fromOpacity = 1;
      if (!from) {
        var seat = fresh.querySelector('.seat[data-seat="' + card.getAttribute("data-seat") + '"]');
        from = seat ? seat.getBoundingClientRect() : null;
        fromOpacity = 0.2;
        if (from) { from = { left: from.left + from.width / 2 - 10, top: from.top + from.height / 2 - 15, width: 20, height: 30 }; }
      }
      if (from) { fly(svg, from, svg.getBoundingClientRect(), { duration: 340, fromOpacity: fromOpacity }); }
    }
    return arrived;
  }

  // A trick that left the felt: copies of its cards fly to the seat of whoever took it.
  function trickLeaves(fresh, old) {
    if (!old.trick.length || still()) { return; }
    var stay = fresh.querySelectorAll("#trick .trick-card");
    if (stay.length && old.trick.some(function (c) {
      return fresh.querySelector('#trick .trick-card[data-card="' + c.card + '"]');
    })) { return; }
    var winner = null;
    for (var i = 0; i < old.trick.length; i++) { if (old.trick[i].winner) { winner = old.trick[i].seat; } }
    var seat = winner !== null ? fresh.querySelector('.seat[data-seat="' + winner + '"]') : null;
    if (!seat || !document.body.animate) { return; }
    var target = seat.getBoundingClientRect();
    old.trick.forEach(function (c, k) {
      var copy = document.createElement("div");
      copy.className = "fly-card";
      copy.setAttribute("aria-hidden", "true");
      copy.innerHTML = c.html;
      var hidden = copy.querySelector(".visually-hidden");
      if (hidden) { hidden.remove(); }
      copy.style.cssText = "position:fixed;z-index:40;pointer-events:none;line-height:0;left:" + c.rect.left +
        "px;top:" + c.rect.top + "px;width:" + c.rect.width + "px;";
      document.body.appendChild(copy);
      var dx = target.left + target.width / 2 - (c.rect.left + c.rect.width / 2);
      var dy = target.top + target.height / 2 - (c.rect.top + c.rect.height / 2);
      var motion = copy.animate([
        { transform: "translate(0, 0) scale(1)", opacity: 1 },
        { transform: "translate(" + dx + "px, " + dy + "px) scale(0.35)", opacity: 0.15 }
      ], { duration: 420, delay: k * 30, easing: "cubic-bezier(.5,0,.7,.4)", fill: "forwards" });
      motion.onfinish = function () { copy.remove(); };
      setTimeout(function () { copy.remove(); }, 1200);
    });
  }

  document.addEventListener("table:before-update", function (event) {
    before = snapshot(event.detail && event.detail.node);
  });

  document.addEventListener("table:updated", function (event) {
    var fresh = (event.detail && event.detail.node) || live();
    if (!fresh) { return; }
    var old = before || snapshot(null);
    before = null;
    trickLeaves(fresh, old);
    var arrived = cardsArrive(fresh, old);
    var yourTurn = fresh.hasAttribute("data-your-turn");
    if (yourTurn && !old.yourTurn) { beep("turn"); } else if (arrived) { beep("card"); }
    decorate(fresh);
    tellNews(fresh, false);
    layDrawer();
  });

  // ---------------------------------------------------------------------------- keys
  var LETTERS = "ABCDEFGHIJKL";

  // The numbers on the cards one may play and the letters on the action buttons.
  function decorate(node) {
    if (!node) { return; }
    var legal = node.querySelectorAll(".hand-cards .card-button.is-legal");
    for (var i = 0; i < legal.length && i < 9; i++) { legal[i].setAttribute("data-key", String(i + 1)); }
    var buttons = node.querySelectorAll(".action-buttons .button");
    for (var j = 0; j < buttons.length && j < LETTERS.length; j++) {
      buttons[j].setAttribute("data-key", LETTERS[j]);
      buttons[j].setAttribute("aria-keyshortcuts", LETTERS[j]);
    }
  }

  function typing(target) {
    if (!target || !target.closest) { return false; }
    return !!target.closest("input, textarea, select, [contenteditable], .table-panel, .table-more, .site-header");
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) { return; }
    if (event.key === "Escape" && panelOpen) {
      setPanel(false);
      if (toggle) { toggle.focus(); }
      return;
    }
    if (typing(event.target)) { return; }
    var node = live();
    if (!node) { return; }
    var key = event.key;
    if (/^[1-9]$/.test(key)) {
      var legal = node.querySelectorAll(".hand-cards .card-button.is-legal");
      var card = legal[parseInt(key, 10) - 1];
      if (card) {
        event.preventDefault();
        card.focus({ preventScroll: true });
        card.click();
      }
      return;
    }
    if (key === "ArrowLeft" || key === "ArrowRight" || key === "Home" || key === "End") {
      var all = Array.prototype.slice.call(node.querySelectorAll(".hand-cards .card-button"));
      if (!all.length) { return; }
      var at = all.indexOf(document.activeElement);
      var next;
      if (key === "Home") { next = 0; } else if (key === "End") { next = all.length - 1; }
      else if (at < 0) { next = key === "ArrowLeft" ? all.length - 1 : 0; }
      else { next = Math.max(0, Math.min(all.length - 1, at + (key === "ArrowLeft" ? -1 : 1))); }
      event.preventDefault();
      all[next].focus({ preventScroll: true });
      return;
    }
    if (key === "m" || key === "M") { event.preventDefault(); toggleSound(); return; }
    if (key.length === 1) {
      var index = LETTERS.indexOf(key.toUpperCase());
      var buttons = node.querySelectorAll(".action-buttons .button");
      if (index >= 0 && index < buttons.length && key.toUpperCase() !== "M") {
        event.preventDefault();
        buttons[index].click();
      }
    }
  });

  decorate(live());
  tellNews(live(), true);
  layDrawer();
})();
