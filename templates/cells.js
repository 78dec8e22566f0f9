// Every cell of a grid or strip names itself: point at it, tap it, or tab
// to the drawing and walk its cells with the arrow keys. This file only
// says so to assistive technology and waits: the first time a reader
// points at, taps or tabs to a drawing, it loads `cell-names.js`, which
// does the rest, and hands it that first gesture. A page that is only read
// loads no more than this.
const holders = [...document.querySelectorAll(".figure-image[data-cells]")];
const waiting = new AbortController();
let names = null;
// The pointer pressed on each drawing whose click has not come yet: a tap's
// click can come after the module has loaded and this file's listeners
// are gone, and the module must still take it for a tap.
const pressed = new Map();

// The module, loaded once; then this file's listeners are let go.
function load() {
  names ??= import("./cell-names.js").then((module) => {
    waiting.abort();
    return module.start(pressed);
  });
  return names;
}
const handOver = (holder, gesture) => load().then((drawings) => {
  const drawing = drawings.get(holder);
  if (drawing) gesture(drawing);
});

const keys = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Escape"];
for (const holder of holders) {
  const frame = holder.closest(".figure-frame");
  if (!frame) continue;
  const hint = document.createElement("span");
  hint.id = (holder.closest("figure[id]")?.id || "drawing") + "-cells";
  hint.textContent = "The arrow keys name the drawing’s cells.";
  hint.style.cssText = "position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap";
  frame.append(hint);
  holder.setAttribute("aria-describedby", hint.id);
  holder.setAttribute("aria-keyshortcuts", "ArrowLeft ArrowRight ArrowUp ArrowDown Home End");
  const signal = waiting.signal;
  let pointer = "mouse";
  holder.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse") return;
    const at = { clientX: event.clientX, clientY: event.clientY };
    holder.addEventListener("pointermove", (e) => { at.clientX = e.clientX; at.clientY = e.clientY; }, { signal });
    handOver(holder, (drawing) => { if (holder.matches(":hover")) drawing.enter(at); });
  }, { signal });
  holder.addEventListener("pointerdown", (event) => {
    pointer = event.pointerType;
    pressed.set(holder, pointer);
    load();
  }, { signal });
  // A tap names the cell rather than opening the figure's page.
  holder.addEventListener("click", (event) => {
    pressed.delete(holder);
    if (pointer === "mouse") return;
    event.preventDefault();
    const at = { clientX: event.clientX, clientY: event.clientY };
    handOver(holder, (drawing) => drawing.tap(at));
  }, { signal });
  holder.addEventListener("focus", () => handOver(holder, (drawing) => drawing.focus()), { signal });
  holder.addEventListener("keydown", (event) => {
    if (!keys.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    handOver(holder, (drawing) => drawing.key(event.key));
  }, { signal });
}
