// Accessibility shims for markup that Voilà's widgets draw and cardkit cannot change
// (issue 13; sent inside a <script> by index.html.j2, so no file is fetched).
//
// ipywidgets' sliders (noUiSlider) draw a handle with role="slider" but no name: each
// handle is named after its widget's description ("Hands to deal") and told the value
// its readout shows ("10,000"), and kept so when the widget redraws or changes.
(function () {
  "use strict";
  function nameSliders(root) {
    const handles = root.querySelectorAll ? root.querySelectorAll(".noUi-handle[role='slider']") : [];
    for (const handle of handles) {
      const widget = handle.closest(".widget-slider, .jupyter-widgets");
      if (!widget) continue;
      const label = widget.querySelector(".widget-label");
      const readout = widget.querySelector(".widget-readout");
      const name = label && label.textContent.trim();
      if (name && handle.getAttribute("aria-label") !== name) handle.setAttribute("aria-label", name);
      if (!name && !handle.getAttribute("aria-label")) handle.setAttribute("aria-label", "Slider");
      const shown = readout && (readout.value !== undefined && readout.value !== "" ? readout.value : readout.textContent);
      if (shown && handle.getAttribute("aria-valuetext") !== String(shown).trim()) {
        handle.setAttribute("aria-valuetext", String(shown).trim());
      }
    }
  }
  let queued = false;
  function soon() {
    if (queued) return;
    queued = true;
    requestAnimationFrame(function () { queued = false; nameSliders(document); });
  }
  new MutationObserver(soon).observe(document.documentElement, {
    subtree: true, childList: true, attributes: true, characterData: true,
    attributeFilter: ["aria-valuenow", "aria-valuetext", "value", "class"],
  });
  nameSliders(document);
})();
