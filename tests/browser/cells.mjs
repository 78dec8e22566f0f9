// Every cell of every grid and strip names itself (issue 33, point 5):
// for each drawing with a cells file (`figures/ID.cells.json`, and the
// phone's), the names must agree with the figure's data (a heap's value,
// a pair's period, a code's outcome) and lie inside the drawing; on its
// page, pointing at a cell (1280 px, the column's drawing) must show that
// cell's name beside it, 12 px or larger and on the screen; the keyboard
// must walk the cells in reading order (Home, the arrows, End); and on a
// 390 px touch screen a tap must name the cell under it and a second tap
// open the figure's page. The Explore page's strip must name its cells too.
//
// Usage: node cells.mjs SITE [SHOTS]. With CELLS_PLANT=1 it is its own
// negative control: every cells file is served with its boxes moved one
// cell to the right and one name's value changed, and the run must fail on
// both.
import { readFileSync, readdirSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { createRequire } from "node:module";
import { serveFolder } from "./static.mjs";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");
const axeSource = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");
const [site, shots = "target/browser"] = process.argv.slice(2);
mkdirSync(shots, { recursive: true });
const plant = process.env.CELLS_PLANT === "1";
const failures = [];
const expect = (ok, what) => { if (!ok) failures.push(what); };
let seed = 20261202;
const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);

// The drawings with cells, by figure id, and each figure's page.
const files = readdirSync(join(site, "figures")).filter((f) => f.endsWith(".cells.json"));
const ids = [...new Set(files.map((f) => f.replace(/(\.phone)?\.cells\.json$/, "")))].sort();
const read = (path) => JSON.parse(readFileSync(join(site, path), "utf8"));
function planted(map) {
  const cells = map.cells.map(([x, y, w, h, name]) => [x + w, y, w, h, name]);
  const i = cells.findIndex((c) => /value \d+$/.test(c[4]));
  if (i >= 0) cells[i][4] = cells[i][4].replace(/value (\d+)$/, (_, v) => "value " + (Number(v) + 1));
  return { ...map, cells };
}
const cellsOf = (path) => (plant ? planted : (m) => m)(read(path));

// A name against the figure's data: what it says must be what was computed.
function agrees(name, data) {
  let m;
  if ((m = /^heap (\d+): value (\d+)$/.exec(name)) && Array.isArray(data.values)) {
    return data.values[Number(m[1])] === Number(m[2]);
  }
  if ((m = /^value (\d+): ([\d,]+) heaps?$/.exec(name)) && Array.isArray(data.heaps_with_value)) {
    return data.heaps_with_value[Number(m[1])] === Number(m[2].replace(/,/g, ""));
  }
  const records = data.records || data.by_pair;
  if ((m = /^\{(\d+), (\d+)(?:, (\d+))?\}: (.*)$/.exec(name)) && records) {
    const takes = m.slice(1, 4).filter(Boolean).map(Number);
    const r = records.find((r) => r.takes && r.takes.join() === takes.join());
    if (!r) return false;
    const period = /period (\d+)/.exec(m[4]), largest = /largest value of h is (\d+)/.exec(m[4]);
    if (period) return r.period === Number(period[1]);
    if (largest) return r.largest === Number(largest[1]);
    return true;
  }
  if ((m = /^·(\d+): (?:period (\d+) from heap (\d+)|no period found)/.exec(name)) && data.records) {
    const r = data.records.find((r) => r.code === m[1]);
    return !!r && (m[2] ? r.period === Number(m[2]) && r.preperiod === Number(m[3]) : r.period === null);
  }
  return true;
}

let checked = 0, hovered = 0;
for (const id of ids) {
  const data = read(`data/${id}.json`);
  for (const variant of ["", ".phone"]) {
    let map;
    try { map = cellsOf(`figures/${id}${variant}.cells.json`); } catch { continue; }
    const svg = readFileSync(join(site, `figures/${id}${variant}.svg`), "utf8");
    const size = /<svg[^>]*\bwidth="(\d+)"[^>]*\bheight="(\d+)"/.exec(svg);
    expect(size && Number(size[1]) === map.width && Number(size[2]) === map.height, `${id}${variant}: the cells' size is not the drawing's`);
    for (const [x, y, w, h, name] of map.cells) {
      checked++;
      expect(name && x >= 0 && y >= 0 && x + w <= map.width && y + h <= map.height, `${id}${variant}: the cell "${name}" lies outside its drawing`);
      expect(agrees(name, data), `${id}${variant}: the cell "${name}" does not agree with data/${id}.json`);
    }
  }
}

const server = await serveFolder(site);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
async function page(options) {
  const context = await browser.newContext(options);
  const p = await context.newPage();
  p.on("pageerror", (e) => failures.push(`page error: ${e.message}`));
  if (plant) {
    await p.route("**/*.cells.json", async (route) => {
      const path = new URL(route.request().url()).pathname.replace(/^\//, "");
      await route.fulfill({ contentType: "application/json", body: JSON.stringify(planted(read(path))) });
    });
  }
  return p;
}
const pageOf = (id) => {
  const manifest = readFileSync(join(site, `figures/${id}.html`), "utf8");
  return /<p class="back"><a href="\.\.\/([^"#]+)#/.exec(manifest)[1];
};

// The name shown now, and where.
const shown = (p, id) => p.evaluate((id) => {
  const name = document.querySelector(`#fig-${id} .cell-name, #drawn .cell-name`);
  if (!name || name.hidden) return null;
  const box = name.getBoundingClientRect();
  return { text: name.textContent, left: box.left, right: box.right, size: parseFloat(getComputedStyle(name).fontSize), width: innerWidth, scroll: document.scrollingElement.scrollWidth };
}, id);

// Points at cell `cell` of the drawing `img` and reads what is named.
async function point(p, id, img, map, cell) {
  await img.scrollIntoViewIfNeeded();
  const box = await img.boundingBox();
  const scale = box.width / map.width;
  const [x, y, w, h] = cell;
  await p.mouse.move(box.x + (x + w / 2) * scale, box.y + (y + h / 2) * scale);
  await p.waitForFunction((id) => {
    const n = document.querySelector(`#fig-${id} .cell-name, #drawn .cell-name`);
    return n && !n.hidden;
  }, id, { timeout: 5000 }).catch(() => {});
  return shown(p, id);
}

// The reading order the keyboard follows.
const reading = (map) => map.cells.map((c, i) => i).sort((a, b) => {
  const [xa, ya, wa, ha] = map.cells[a], [xb, yb, wb, hb] = map.cells[b];
  return ya + ha / 2 - (yb + hb / 2) || xa + wa / 2 - (xb + wb / 2);
});

// The control needs each planted fault caught once, not on every drawing:
// it points at one figure's cells (a moved box misnames its first cell at
// once, where the last cell, moved off its drawing, waits out a timeout).
const browsed = plant ? ids.slice(0, 1) : ids;
const desk = await page({ viewport: { width: 1280, height: 900 } });
for (const id of browsed) {
  const map = read(`figures/${id}.cells.json`);
  await desk.goto(`${server.origin}/${pageOf(id)}#fig-${id}`);
  const img = desk.locator(`#fig-${id} .figure-image img`);
  const sample = [0, map.cells.length - 1];
  for (let k = 0; k < 4; k++) sample.push(Math.floor(random() * map.cells.length));
  for (const i of sample) {
    // A later cell drawn over the same place names it: ask for that one.
    const [x, y, w, h] = map.cells[i];
    const top = map.cells.findLastIndex(([x2, y2, w2, h2]) => x + w / 2 >= x2 && x + w / 2 < x2 + w2 && y + h / 2 >= y2 && y + h / 2 < y2 + h2);
    const got = await point(desk, id, img, map, map.cells[i]);
    hovered++;
    expect(got && got.text === map.cells[top][4], `${id}: pointing at "${map.cells[top][4]}" shows ${got ? `"${got.text}"` : "nothing"}`);
    if (got) {
      expect(got.size >= 12, `${id}: the cell's name is ${got.size} px`);
      expect(got.left >= 0 && got.right <= got.width && got.scroll <= got.width, `${id}: the cell's name leaves the screen`);
    }
  }
  if (id === ids[0]) {
    // A name shown reads in either scheme: axe's contrast rules on it.
    await desk.addScriptTag({ content: axeSource });
    for (const scheme of ["light", "dark"]) {
      await desk.emulateMedia({ colorScheme: scheme });
      await desk.screenshot({ path: join(shots, `cells-hover-1280-${scheme}.png`) });
      const result = await desk.evaluate(() => window.axe.run({ include: [".cell-name"] }, { runOnly: ["color-contrast"], resultTypes: ["violations"] }));
      for (const v of result.violations) expect(false, `${id} (${scheme}): axe ${v.id} on the cell's name`);
    }
    await desk.emulateMedia({ colorScheme: "light" });
  }
  await desk.mouse.move(0, 0);
  // The keyboard, from the drawing's link.
  const order = reading(map);
  await desk.locator(`#fig-${id} .figure-image`).focus();
  const steps = [["Home", order[0]], ["ArrowRight", order[Math.min(1, order.length - 1)]], ["End", order[order.length - 1]], ["ArrowLeft", order[Math.max(order.length - 2, 0)]]];
  for (const [key, want] of steps) {
    await desk.keyboard.press(key);
    await desk.waitForTimeout(30);
    const got = await shown(desk, id);
    expect(got && got.text === map.cells[want][4], `${id}: ${key} names ${got ? `"${got.text}"` : "nothing"}, not "${map.cells[want][4]}"`);
  }
  await desk.keyboard.press("Home");
  await desk.keyboard.press("ArrowDown");
  const below = await shown(desk, id);
  const firstRow = map.cells[order[0]][1];
  const named = map.cells.find((c) => below && c[4] === below.text);
  expect(map.cells.every((c) => c[1] === firstRow) || (named && named[1] > firstRow), `${id}: ArrowDown from the first cell does not go down a row`);
  await desk.keyboard.press("Escape");
}

// A phone: a tap names the cell, a second tap opens the figure's page.
const phone = await page({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 });
for (const id of browsed.filter((id, i) => i % 3 === 0)) {
  let map;
  try { map = read(`figures/${id}.phone.cells.json`); } catch { map = read(`figures/${id}.cells.json`); }
  const url = `${server.origin}/${pageOf(id)}`;
  await phone.goto(`${url}#fig-${id}`);
  const img = phone.locator(`#fig-${id} .figure-image img`);
  await img.scrollIntoViewIfNeeded();
  const box = await img.boundingBox();
  const scale = box.width / map.width;
  const cell = map.cells[Math.floor(map.cells.length / 2)];
  const frame = await phone.locator(`#fig-${id} .figure-frame`).boundingBox();
  const at = [box.x + (cell[0] + cell[2] / 2) * scale, box.y + (cell[1] + cell[3] / 2) * scale];
  if (at[0] < frame.x || at[0] > frame.x + frame.width) continue; // scrolled out of its frame
  await phone.touchscreen.tap(...at);
  // The names' module is fetched on the first touch: on a loaded machine
  // (CI with the compiler beside it) that took longer than a fixed 300 ms.
  let got = null;
  for (let waited = 0; waited < 3000 && !got; waited += 100) {
    await phone.waitForTimeout(100);
    got = await shown(phone, id);
  }
  expect(got && got.text === cell[4], `${id} at 390 px: a tap shows ${got ? `"${got.text}"` : "nothing"}, not "${cell[4]}"`);
  expect(phone.url().startsWith(url), `${id} at 390 px: the first tap left the page`);
  if (got) expect(got.left >= 0 && got.right <= 390 && got.scroll <= 390, `${id} at 390 px: the name leaves the screen`);
  if (id === ids[0]) await phone.screenshot({ path: join(shots, "cells-tap-390.png") });
  await Promise.all([phone.waitForURL(/figures\//, { timeout: 5000 }).catch(() => {}), phone.touchscreen.tap(...at)]);
  expect(/figures\/[^/]+\.html$/.test(phone.url()), `${id} at 390 px: a second tap on the cell did not open the figure's page`);
}

// A tap whose click comes only after the names' module has loaded (a slow
// finger, or a fast network) still names the cell: the touch is pressed,
// the module loads, then the click comes, and must not follow the link.
{
  const id = ids[0];
  let map;
  try { map = read(`figures/${id}.phone.cells.json`); } catch { map = read(`figures/${id}.cells.json`); }
  const url = `${server.origin}/${pageOf(id)}`;
  await phone.goto(`${url}#fig-${id}`);
  const holder = phone.locator(`#fig-${id} .figure-image`);
  const img = phone.locator(`#fig-${id} .figure-image img`);
  await img.scrollIntoViewIfNeeded();
  const box = await img.boundingBox();
  const scale = box.width / map.width;
  const cell = map.cells[0];
  const at = { clientX: box.x + (cell[0] + cell[2] / 2) * scale, clientY: box.y + (cell[1] + cell[3] / 2) * scale, bubbles: true, cancelable: true };
  await holder.dispatchEvent("pointerdown", { ...at, pointerType: "touch", isPrimary: true });
  await phone.waitForFunction((id) => document.querySelector(`#fig-${id} .cell-name`), id, { timeout: 10000 });
  await holder.dispatchEvent("click", at);
  await phone.waitForTimeout(300);
  const got = await shown(phone, id);
  expect(phone.url().startsWith(url), `${id} at 390 px: a click after the module loaded left the page`);
  expect(got && got.text === cell[4], `${id} at 390 px: a click after the module loaded shows ${got ? `"${got.text}"` : "nothing"}, not "${cell[4]}"`);
}

// The Explore page's strip, drawn in the browser, names its cells.
const explore = readdirSync(site).includes("explore.html") && process.env.CELLS_EXPLORE !== "0";
if (explore) {
  await desk.goto(`${server.origin}/explore.html?rule=octal:%C2%B7137&values=2000`);
  await desk.waitForFunction(() => document.querySelector("#answer") && !document.querySelector("#answer").hidden, null, { timeout: 60000 });
  // ·137 is in the atlas: its entry opens above the answer when the part's
  // JSON arrives, which on a loaded machine may be after the answer. The
  // drawing is measured once it has settled.
  await desk.waitForFunction(() => { const e = document.querySelector("#atlas-entry"); return !e || !e.hidden; }, null, { timeout: 20000 });
  const img = desk.locator("#drawing");
  await img.scrollIntoViewIfNeeded();
  const box = await img.boundingBox();
  const map = await desk.evaluate(() => globalThis.ladderCells.get(document.querySelector("#drawing").currentSrc));
  const cell = map.cells.find((c) => c[4] === "heap 20: value 2") || map.cells[20];
  await desk.mouse.move(box.x + (cell[0] + cell[2] / 2) * box.width / map.width, box.y + (cell[1] + cell[3] / 2) * box.width / map.width);
  // The names' module is fetched when the pointer first comes: on a loaded
  // machine (a CI run with the compiler and the site check beside it) that
  // took longer than a fixed 100 ms once.
  let got = null;
  for (let waited = 0; waited < 3000 && !got; waited += 100) {
    await desk.waitForTimeout(100);
    got = await shown(desk, "drawn");
  }
  expect(got && got.text === cell[4] && /^heap 20: value \d+$/.test(got.text), `explore: pointing at heap 20 shows ${got ? `"${got.text}"` : "nothing"}`);
}
await browser.close();
server.close();

if (plant) {
  const moved = failures.some((f) => /pointing at .* shows/.test(f));
  const wrong = failures.some((f) => /does not agree with data/.test(f));
  if (moved && wrong) {
    console.log(`cells (control): the planted faults fail (${failures.length} failures), as they must`);
    process.exit(0);
  }
  console.error(`cells (control): a planted fault passed (moved boxes caught: ${moved}; a wrong value caught: ${wrong})`);
  process.exit(1);
}
if (failures.length) {
  console.error(failures.slice(0, 40).join("\n"));
  console.error(`cells: ${failures.length} failures`);
  process.exit(1);
}
console.log(`cells: ${ids.length} figures, ${checked} names agree with their data; ${hovered} pointed at, keyboard and taps name them${explore ? "; Explore's strip too" : ""}`);
