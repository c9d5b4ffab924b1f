/*
 * The bid's stepper of a bidding tute (templates/games/_bidding_controls.html): − and + walk
 * the legal bids the server listed (data-bids) and set the value and the words of the "Bid"
 * button, which sends the move as any other button does (table.js). No rule lives here: the
 * list is the engine's, and the server judges the bid.
 *
 * The partial is replaced after every move, so the clicks are caught on the document.
 */
(function () {
  "use strict";

  function update(box, index) {
    var bids = box.getAttribute("data-bids").split(",");
    index = Math.max(0, Math.min(bids.length - 1, index));
    var bid = bids[index];
    var submit = box.querySelector(".bid-submit");
    var shown = box.querySelector(".bid-value");
    submit.value = "bid:" + bid;
    submit.textContent = (box.getAttribute("data-label") || "%s").replace("%s", bid);
    if (shown) { shown.textContent = bid; }
    box.setAttribute("data-index", String(index));
    var steps = box.querySelectorAll("[data-bid-step]");
    for (var i = 0; i < steps.length; i++) {
      var down = parseInt(steps[i].getAttribute("data-bid-step"), 10) < 0;
      steps[i].disabled = down ? index === 0 : index === bids.length - 1;
    }
  }

  document.addEventListener("click", function (event) {
    var step = event.target.closest && event.target.closest("[data-bid-step]");
    if (!step) { return; }
    var box = step.closest(".bid-stepper");
    if (!box) { return; }
    event.preventDefault();
    var index = parseInt(box.getAttribute("data-index") || "0", 10);
    update(box, index + parseInt(step.getAttribute("data-bid-step"), 10));
  });
})();
