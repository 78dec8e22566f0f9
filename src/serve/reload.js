// Served by `ladder serve` at /__ladder/reload.js and added to each page as it
// is served (never written into output/). It listens to the server's events:
// `built` names the build now served, and the page reloads when that is not
// the build it came from; `failed` carries the build's error, shown over the
// page, which stays the last good one; `computing` names the figures a build
// is computing, shown in a small note while the page stays readable.
(() => {
  "use strict";
  const served = document.currentScript ? document.currentScript.dataset.build : "";
  let overlay = null;

  function show(message) {
    if (!overlay) {
      overlay = document.createElement("ladder-overlay");
      overlay.id = "ladder-overlay";
      // A shadow root keeps the site's styles off the overlay and its own off the site.
      const root = overlay.attachShadow({ mode: "open" });
      root.innerHTML = `<style>
        :host { all: initial; position: fixed; inset: 0; z-index: 2147483647; display: block;
                background: rgba(20, 0, 0, 0.55); font: 15px/1.45 system-ui, sans-serif; }
        .box { box-sizing: border-box; margin: 6vh auto; width: min(52rem, calc(100vw - 2rem));
               max-height: 88vh; overflow: auto; background: #fff; color: #1b1b1b;
               border-top: 6px solid #b00020; border-radius: 6px; padding: 1rem 1.25rem;
               box-shadow: 0 10px 40px rgba(0, 0, 0, 0.4); }
        h2 { margin: 0 0 0.5rem; font-size: 1.1rem; color: #b00020; }
        p { margin: 0.6rem 0 0; color: #444; }
        pre { margin: 0; padding: 0.75rem; background: #fbeff1; border-radius: 4px;
              white-space: pre-wrap; overflow-wrap: anywhere;
              font: 14px/1.4 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
        button { float: right; border: 0; background: none; font-size: 1.4rem; line-height: 1;
                 cursor: pointer; color: #444; }
      </style>
      <div class="box" role="alertdialog" aria-labelledby="t">
        <button type="button" title="Hide until the next build" aria-label="Hide">×</button>
        <h2 id="t">ladder: the build failed</h2>
        <pre></pre>
        <p>The page below is the last good build. Fix the file and save: the page reloads by itself.</p>
      </div>`;
      root.querySelector("button").addEventListener("click", hide);
    }
    overlay.shadowRoot.querySelector("pre").textContent = message;
    if (!overlay.isConnected) document.documentElement.appendChild(overlay);
  }

  function hide() {
    if (overlay) overlay.remove();
  }

  let note = null;

  function computing(figures) {
    if (!note) {
      note = document.createElement("ladder-computing");
      const root = note.attachShadow({ mode: "open" });
      root.innerHTML = `<style>
        :host { all: initial; position: fixed; right: 1rem; bottom: 1rem; z-index: 2147483646;
                display: block; max-width: min(26rem, calc(100vw - 2rem));
                font: 14px/1.4 system-ui, sans-serif; }
        p { margin: 0; padding: 0.55rem 0.8rem; border-radius: 6px; background: #1b1b1b; color: #fff;
            box-shadow: 0 4px 16px rgba(0, 0, 0, 0.3); overflow-wrap: anywhere; }
      </style><p role="status" aria-live="polite"></p>`;
    }
    const names = figures.length > 4 ? `${figures.slice(0, 4).join(", ")} and ${figures.length - 4} more` : figures.join(", ");
    note.shadowRoot.querySelector("p").textContent = `ladder: computing ${names}…`;
    if (!note.isConnected) document.documentElement.appendChild(note);
  }

  function settled() {
    if (note) note.remove();
  }

  const events = new EventSource("/__ladder/events");
  events.addEventListener("computing", (e) => {
    try {
      computing(JSON.parse(e.data).figures);
    } catch {
      // Not JSON: nothing to show.
    }
  });
  events.addEventListener("built", (e) => {
    settled();
    if (e.data !== served) location.reload();
    else hide();
  });
  events.addEventListener("failed", (e) => {
    settled();
    let failure = { build: served, message: e.data };
    try {
      failure = JSON.parse(e.data);
    } catch {
      // Not JSON: show the text as it came.
    }
    // A page older than the last good build reloads first, then shows the error.
    if (failure.build !== served) location.reload();
    else show(failure.message);
  });
})();
