/*
 * Small behaviours shared by every page. No game rule lives here.
 *
 * data-copy="<selector>": a button that copies the value (or text) of the element the selector
 * names, then shows its data-copied label for two seconds.
 *
 * The site menu (<details class="site-menu"> in base.html): its <summary> carries
 * aria-expanded, kept in step with the open state here; on wide screens the whole navigation
 * shows (the CSS hides the button), so the <details> is opened there too.
 */
(function () {
  "use strict";

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "absolute";
      area.style.left = "-9999px";
      document.body.appendChild(area);
      area.select();
      var ok = document.execCommand("copy");
      document.body.removeChild(area);
      if (ok) { resolve(); } else { reject(new Error("copy failed")); }
    });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-copy]");
    if (!button) { return; }
    var source = document.querySelector(button.getAttribute("data-copy"));
    if (!source) { return; }
    var text = "value" in source ? source.value : source.textContent;
    var label = button.textContent;
    copyText(text).then(function () {
      button.textContent = button.getAttribute("data-copied") || label;
      setTimeout(function () { button.textContent = label; }, 2000);
    }, function () {
      if (source.select) { source.select(); }  // let the player copy it by hand
    });
  });

  function syncMenu(menu) {
    var button = menu.querySelector("summary");
    if (button) { button.setAttribute("aria-expanded", menu.open ? "true" : "false"); }
  }

  var menu = document.getElementById("site-menu");
  if (menu) {
    var wide = window.matchMedia ? window.matchMedia("(min-width: 60rem)") : null;
    var fit = function () { if (wide) { menu.open = wide.matches; } };
    menu.addEventListener("toggle", function () { syncMenu(menu); });
    // Escape closes the open menu and gives the focus back to its button.
    menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open && !(wide && wide.matches)) {
        menu.open = false;
        menu.querySelector("summary").focus();
      }
    });
    if (wide) {
      if (wide.addEventListener) { wide.addEventListener("change", fit); } else { wide.addListener(fit); }
    }
    fit();
    syncMenu(menu);
  }
})();
