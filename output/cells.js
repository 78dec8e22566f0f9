const holders = [...document.querySelectorAll(".figure-image[data-cells]")];
const waiting = new AbortController();
let names = null;
const pressed = new Map();
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
