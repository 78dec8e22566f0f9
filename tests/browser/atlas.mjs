// The atlas in a browser (issue 49): every part's page is under 150 KB
// gzipped; a code's permalink opens its part at its row, marked, at 320
// and 1280 px, without JavaScript, the row saying what `ladder atlas
// --json` says; the atlas page's filter finds a code by its period; and
// Explore shows a code's atlas entry, as the command line gives it, soon
// after the page has loaded (the time is printed, not judged: timings are
// for benchmarks). With ATLAS_PLANT=1 the run is its own negative
// control: each part's JSON is served with every proved period one too
// long, and the check must fail.
//
// Usage: node atlas.mjs LADDER REPO [SHOTS]
import { spawnSync } from "node:child_process";
import { readFileSync, readdirSync, mkdirSync, existsSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { createServer } from "node:http";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { chromium } = require("playwright-core");
const [ladder, repo, shots = join(repo, "target/browser")] = process.argv.slice(2);
const site = join(repo, "output");
const PLANT = process.env.ATLAS_PLANT === "1";
mkdirSync(shots, { recursive: true });
const problems = [];

if (!existsSync(join(site, "atlas"))) {
  console.log("atlas: the site has no atlas");
  process.exit(0);
}

// The parts' pages: each at most 150 KB gzipped.
const parts = readdirSync(join(site, "atlas")).filter((f) => f.endsWith(".html")).sort();
for (const file of parts) {
  const size = gzipSync(readFileSync(join(site, "atlas", file))).length;
  if (size > 150 * 1024) problems.push(`atlas/${file}: ${size} bytes gzipped, more than 150 KB`);
}
const atlasPage = gzipSync(readFileSync(join(site, "atlas.html"))).length;
if (atlasPage > 150 * 1024) problems.push(`atlas.html: ${atlasPage} bytes gzipped`);

// The site, with the parts' JSON planted when asked.
const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".json": "application/json",
  ".js": "text/javascript", ".wasm": "application/wasm", ".svg": "image/svg+xml" };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, "http://x").pathname).replace(/^\/+/, "") || "index.html";
  if (path.includes("..")) { res.writeHead(404); res.end(); return; }
  try {
    let body = readFileSync(join(site, path));
    if (PLANT && /^atlas\/.*\.json$/.test(path)) {
      const rows = JSON.parse(body).map((r) => (r.period !== null ? { ...r, period: r.period + 1 } : r));
      body = Buffer.from(JSON.stringify(rows));
    }
    res.writeHead(200, { "content-type": types[path.slice(path.lastIndexOf("."))] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end();
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${server.address().port}`;

// A fixed sample of codes, from the command line's own answers.
function entries(family) {
  const out = spawnSync(ladder, ["--root", repo, "atlas", "--family", family, "--json"], { encoding: "utf8", maxBuffer: 1 << 28 });
  if (out.status !== 0) throw new Error(`ladder atlas --family ${family}: ${out.stderr}`);
  return out.stdout.trim().split("\n").map((l) => JSON.parse(l));
}
const all = [...entries("0.????"), ...entries("4.????")];
// ·056 is proved through ·054, the same game by the rules.
const sample = all.filter((_, i) => i % 409 === 7)
  .concat(all.filter((e) => e.rule === "octal:·137" || e.rule === "octal:·056"));
const anchorOf = (e) => {
  const m = /^octal:([04]?)·([0-7]+)$/.exec(e.rule);
  return (m[1] || "0") + "." + m[2];
};

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"],
});

// Permalinks, without JavaScript, at a phone's width and a desktop's.
for (const width of [320, 1280]) {
  const context = await browser.newContext({ viewport: { width, height: 800 }, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const e of sample) {
    const anchor = anchorOf(e);
    await page.goto(`${origin}/atlas/${anchor.slice(0, 3)}.html#${anchor}`);
    const row = await page.evaluate((id) => {
      const tr = document.getElementById(id);
      if (!tr) return null;
      const box = tr.getBoundingClientRect();
      // The header sticks to the top on a wide screen: the row must be
      // below it, not under it.
      const head = tr.closest("table").querySelector("thead").getBoundingClientRect();
      return {
        tag: tr.tagName,
        code: tr.querySelector("th").textContent,
        normal: tr.children[1].textContent,
        misere: tr.children[3].textContent,
        visible: box.top >= Math.max(0, head.bottom) - 1 && box.top < innerHeight,
        marked: getComputedStyle(tr).outlineStyle !== "none",
        wide: document.documentElement.scrollWidth > innerWidth,
      };
    }, anchor);
    const where = `atlas/${anchor.slice(0, 3)}.html#${anchor} at ${width} px`;
    if (!row) { problems.push(`${where}: no row`); continue; }
    if (row.tag !== "TR" || !row.code.includes(e.code)) problems.push(`${where}: the row is not ${e.code}'s`);
    if (!row.visible) problems.push(`${where}: the row is not on the screen`);
    if (!row.marked) problems.push(`${where}: the row is not marked`);
    if (row.wide) problems.push(`${where}: the page is wider than the screen`);
    const n = e.normal;
    if (n.status === "proved" && !row.normal.includes(`period ${n.period.toLocaleString("en-US")} from heap ${n.preperiod.toLocaleString("en-US")}`)) {
      problems.push(`${where}: normal play says "${row.normal}", the command line period ${n.period} from ${n.preperiod}`);
    }
    if (n.through && !row.normal.includes(`through ${n.through.replace("octal:", "")}`)) {
      problems.push(`${where}: normal play says "${row.normal}", the command line proved through ${n.through}`);
    }
    if (!row.misere.includes(`|Q| = ${e.misere.order.toLocaleString("en-US")}`)) {
      problems.push(`${where}: misère play says "${row.misere}", the command line |Q| = ${e.misere.order}`);
    }
  }
  if (width === 320) await page.screenshot({ path: join(shots, "atlas-permalink-320.png") });
  await context.close();
}

// The filter: period 34 from the proved codes finds ·137.
{
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  await page.goto(`${origin}/atlas.html`);
  await page.selectOption("#f-normal", "proved");
  await page.fill("#f-period-low", "34");
  await page.fill("#f-period-high", "34");
  await page.click("form.atlas-filter button");
  await page.waitForFunction(() => /codes pass/.test(document.getElementById("f-status").textContent), null, { timeout: 20000 });
  const found = await page.$$eval("#f-found a", (as) => as.map((a) => a.textContent));
  const expected = all.filter((e) => e.normal.status === "proved" && e.normal.period === 34).map((e) => e.code);
  if (found.length !== Math.min(expected.length, 300) || !found.includes("·137")) {
    problems.push(`atlas.html filter: ${found.length} codes of period 34 listed, the command line has ${expected.length}`);
  }
  if (errors.length) problems.push(`atlas.html: ${errors.join("; ")}`);
  await page.close();
}

// Explore: the atlas's entry for a code, as the command line gives it.
const timings = [];
for (const e of sample.slice(0, 6).concat(sample.slice(-2))) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`${origin}/explore.html?rule=${encodeURIComponent(e.code)}&values=200`, { waitUntil: "load" });
  const loaded = await page.evaluate(() => performance.now());
  const shown = await page.waitForFunction(() => {
    const entry = document.getElementById("atlas-entry");
    return entry && !entry.hidden && entry.ladderRow ? [performance.now(), entry.ladderRow, document.getElementById("atlas-lines").textContent] : null;
  }, null, { timeout: 10000 }).then((h) => h.jsonValue(), () => null);
  if (!shown) { problems.push(`explore.html?rule=${e.code}: no atlas entry`); await page.close(); continue; }
  const [at, row, text] = shown;
  timings.push(Math.max(0, at - loaded));
  if (row.period !== e.normal.period || row.preperiod !== e.normal.preperiod) {
    problems.push(`explore.html?rule=${e.code}: the atlas entry gives period ${row.period} from ${row.preperiod}, the command line ${e.normal.period} from ${e.normal.preperiod}`);
  }
  if (row.order !== e.misere.order || row.misere_period !== e.misere.period) {
    problems.push(`explore.html?rule=${e.code}: the misère entry differs from the command line's`);
  }
  if (e.normal.period !== null && !text.includes(`period ${e.normal.period.toLocaleString("en-US")}`)) {
    problems.push(`explore.html?rule=${e.code}: the entry's words do not give its period`);
  }
  const through = e.normal.through && e.normal.through.replace("octal:", "");
  if (through && !text.includes(`proved through ${through}`)) {
    problems.push(`explore.html?rule=${e.code}: the entry's words do not say it is proved through ${through}`);
  }
  await page.close();
}
timings.sort((a, b) => a - b);
console.log(`atlas: Explore showed ${timings.length} codes' entries ${timings.length ? Math.round(timings[Math.floor(timings.length / 2)]) : "-"} ms (median) after the page's load event`);

await browser.close();
server.close();
if (PLANT) {
  if (problems.length === 0) {
    console.error("atlas control: the planted periods were not found");
    process.exit(1);
  }
  console.log(`atlas control: the planted faults were found (${problems.length} problems)`);
  process.exit(0);
}
if (problems.length) {
  console.error(problems.join("\n"));
  process.exit(1);
}
console.log(`atlas: ${parts.length} parts under 150 KB gzipped, ${sample.length} permalinks at 320 and 1280 px without JavaScript, the filter, and Explore's entries all as the command line gives them`);
