// What names the cells of a grid or strip, loaded by `cells.js` the first
// time a reader points at, taps or tabs to a drawing: point at a cell, tap
// it, or walk the cells with the arrow keys, and its name shows beside it.
// The names come from the build (`figures/ID.cells.json`, one
// `[x, y, w, h, name]` a cell, in the drawing's px), fetched then too. A
// drawing redrawn in the page (a rule changed in place, the Explore page)
// registers its own names in `globalThis.ladderCells`, by its image's URL.
const registered = (globalThis.ladderCells ??= new Map());
const loaded = new Map();
const style = document.createElement("style");
style.textContent = `
.figure-frame .cell-name { position: absolute; z-index: 2; max-width: min(22rem, 100%); box-sizing: border-box; padding: .2rem .45rem; font: .85rem/1.35 system-ui, sans-serif; color: var(--ink); background: var(--paper); border: 1px solid var(--ink); border-radius: 4px; pointer-events: none; }
.figure-frame .cell-mark { position: absolute; z-index: 1; box-sizing: border-box; border: 2px solid var(--ink); outline: 1px solid var(--paper); pointer-events: none; }
.figure-frame .cell-name[hidden], .figure-frame .cell-mark[hidden] { display: none; }
@media print { .figure-frame .cell-name, .figure-frame .cell-mark { display: none; } }`;
document.head.append(style);

// The names of the drawing `img` shows now (on a phone, its phone drawing).
function cellsOf(img) {
  const url = img.currentSrc || img.src;
  if (registered.has(url)) return Promise.resolve(registered.get(url));
  if (!/\.svg$/.test(url)) return Promise.resolve(null);
  if (!loaded.has(url)) {
    const json = url.replace(/\.svg$/, ".cells.json");
    loaded.set(url, fetch(json).then((r) => (r.ok ? r.json() : null)).catch(() => null));
  }
  return loaded.get(url);
}

// The last cell drawn over the point (x, y) of the drawing, or -1.
function cellAt(map, x, y) {
  for (let i = map.cells.length - 1; i >= 0; i--) {
    const [cx, cy, w, h] = map.cells[i];
    if (x >= cx && x < cx + w && y >= cy && y < cy + h) return i;
  }
  return -1;
}

// Sets every drawing of the page up; what each does with the gesture that
// loaded this file, by drawing. `pressed`: the pointer pressed on a drawing
// whose click is still to come (a tap that loaded this file before its
// click), so that click names a cell too.
export function start(pressed = new Map()) {
  const drawings = new Map();
  for (const holder of document.querySelectorAll(".figure-image[data-cells]")) {
    const drawing = setUp(holder, pressed.get(holder) ?? "mouse");
    if (drawing) drawings.set(holder, drawing);
  }
  return drawings;
}

function setUp(holder, pressed) {
  const img = holder.querySelector("img");
  const frame = holder.closest(".figure-frame");
  if (!img || !frame) return null;
  const name = document.createElement("span");
  name.className = "cell-name";
  name.setAttribute("role", "status");
  name.hidden = true;
  const mark = document.createElement("span");
  mark.className = "cell-mark";
  mark.hidden = true;
  frame.append(mark, name);
  let map = null, shown = -1, pointer = pressed;
  const ready = () => cellsOf(img).then((m) => (map = m && m.cells.length ? ordered(m) : null));
  img.addEventListener("load", () => { map = null; hide(); });

  function hide() {
    shown = -1;
    name.hidden = mark.hidden = true;
  }

  // Names cell `i`, marks it, and brings it into view in a drawing that
  // scrolls sideways.
  function show(i, scroll) {
    if (!map || i < 0 || i >= map.cells.length) return hide();
    shown = i;
    const [x, y, w, h, text] = map.cells[i];
    const box = img.getBoundingClientRect(), at = frame.getBoundingClientRect();
    const scale = box.width / map.width;
    if (scroll) {
      const left = box.left + x * scale, right = left + w * scale, view = holder.getBoundingClientRect();
      if (left < view.left) holder.scrollLeft -= view.left - left + 8;
      else if (right > view.right) holder.scrollLeft += right - view.right + 8;
      return show(i, false);
    }
    const left = box.left - at.left + x * scale, top = box.top - at.top + y * scale;
    Object.assign(mark.style, { left: left + "px", top: top + "px", width: w * scale + "px", height: h * scale + "px" });
    name.textContent = text;
    name.hidden = mark.hidden = false;
    const room = frame.clientWidth - name.offsetWidth;
    name.style.left = Math.max(0, Math.min(left + (w * scale) / 2 - name.offsetWidth / 2, room)) + "px";
    const above = top - name.offsetHeight - 6;
    name.style.top = (above >= 0 ? above : top + h * scale + 6) + "px";
  }

  function pointed(event) {
    if (!map) return -1;
    const box = img.getBoundingClientRect();
    const scale = map.width / box.width;
    return cellAt(map, (event.clientX - box.left) * scale, (event.clientY - box.top) * scale);
  }

  // The mouse: the cell under it is named; the first time, once the
  // names have come.
  let over = null;
  img.addEventListener("pointerenter", (event) => {
    if (event.pointerType !== "mouse") return;
    over = event;
    ready().then(() => { if (over) show(pointed(over), false); });
  });
  img.addEventListener("pointerdown", (event) => { pointer = event.pointerType; ready(); });
  img.addEventListener("pointermove", (event) => {
    if (event.pointerType !== "mouse") return;
    over = event;
    const i = pointed(event);
    if (i !== shown) show(i, false);
  });
  img.addEventListener("pointerleave", (event) => {
    if (event.pointerType === "mouse") { over = null; hide(); }
  });
  // A tap names the cell; a second tap on the same cell follows the link.
  holder.addEventListener("click", (event) => {
    if (pointer === "mouse") return;
    pointer = "mouse";
    if (!map) {
      // The names are on their way: this tap waits for them.
      event.preventDefault();
      const at = { clientX: event.clientX, clientY: event.clientY };
      ready().then(() => show(pointed(at), false));
      return;
    }
    const i = pointed(event);
    if (i >= 0 && i !== shown) {
      event.preventDefault();
      show(i, false);
    }
  });

  // The keyboard: reading order is row by row, left to right.
  holder.addEventListener("focus", () => { ready(); });
  holder.addEventListener("blur", hide);
  async function key(name) {
    await ready();
    if (!map) return;
    if (name === "Escape") return hide();
    show(step(map, shown, name), true);
  }
  holder.addEventListener("keydown", (event) => {
    if (!KEYS.includes(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    event.preventDefault();
    key(event.key);
  });

  // The gesture that loaded this file, handed over by `cells.js`.
  return {
    enter(at) { over = at; ready().then(() => { if (over) show(pointed(over), false); }); },
    tap(at) { pointer = "mouse"; ready().then(() => show(pointed(at), false)); },
    focus() { ready(); },
    key,
  };
}

const KEYS = ["ArrowLeft", "ArrowRight", "ArrowUp", "ArrowDown", "Home", "End", "Escape"];

// The cells in reading order (row by row, left to right), for the keys.
function ordered(map) {
  if (!map.order) {
    const centre = (i) => [map.cells[i][1] + map.cells[i][3] / 2, map.cells[i][0] + map.cells[i][2] / 2];
    map.order = map.cells.map((_, i) => i).sort((a, b) => {
      const [ya, xa] = centre(a), [yb, xb] = centre(b);
      return ya - yb || xa - xb;
    });
  }
  return map;
}

// Where a key moves from cell `from` (-1: none named yet).
function step(map, from, key) {
  const cells = map.cells, order = map.order, last = order.length - 1;
  if (from < 0 || key === "Home") return order[key === "End" ? last : 0];
  if (key === "End") return order[last];
  const at = order.indexOf(from);
  if (key === "ArrowRight") return order[Math.min(at + 1, last)];
  if (key === "ArrowLeft") return order[Math.max(at - 1, 0)];
  // Up and down: the nearest row above or below, then the cell in it
  // nearest across.
  const [x, y, w, h] = cells[from], cx = x + w / 2, cy = y + h / 2;
  const down = key === "ArrowDown";
  let best = from, row = Infinity, across = Infinity;
  cells.forEach(([x2, y2, w2, h2], i) => {
    const dy = (y2 + h2 / 2 - cy) * (down ? 1 : -1), dx = Math.abs(x2 + w2 / 2 - cx);
    if (dy < h / 2) return;
    if (dy < row - 0.5 || (Math.abs(dy - row) <= 0.5 && dx < across)) { best = i; row = dy; across = dx; }
  });
  return best;
}
