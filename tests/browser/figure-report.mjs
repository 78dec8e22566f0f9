// A report on every figure as a reader sees it, for whoever is drawing
// one (not part of the check, which runs the same tests in check.mjs):
// at 390 and 1280 px, each figure's smallest text, any part of its drawing
// off the screen or hidden by its frame, any label cut at the drawing's
// edge or lying over another, and any table that scrolls on a desktop;
// and a screenshot of each figure at both widths.
//
// Usage: node figure-report.mjs SITE_DIR OUT_DIR [ID,ID,…]
import { chromium } from "playwright-core";
import { readdir, mkdir } from "node:fs/promises";
import { serveFolder } from "./static.mjs";
import { SMALLEST, figureText, figureOverflow, figureClipping, tableScrolls } from "./figures.mjs";

const [site, out, only = ""] = process.argv.slice(2);
const wanted = (id) => !only || only.split(",").includes(id);
await mkdir(out, { recursive: true });
const { origin, close } = await serveFolder(site);
const pages = (await readdir(site)).filter((f) => f.endsWith(".html")).sort();
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
let faults = 0;
const say = (width, text) => { faults += 1; console.log(`${width} px: ${text}`); };
for (const width of [390, 1280]) {
  const page = await browser.newPage({ viewport: { width, height: 844 } });
  for (const file of pages) {
    await page.goto(`${origin}/${file}`, { waitUntil: "load" });
    const mine = (f) => wanted(f.split(":")[0]);
    for (const f of (await figureOverflow(page)).filter(mine)) say(width, f);
    for (const f of (await figureClipping(page)).filter(mine)) say(width, f);
    for (const f of await figureText(page)) {
      if (wanted(f.id) && f.smallest < SMALLEST) say(width, `${f.id}: smallest text ${f.smallest} px`);
    }
    if (width === 1280) for (const f of (await tableScrolls(page)).filter(mine)) say(width, f);
    for (const figure of await page.locator("figure[id^='fig-']").all()) {
      const id = (await figure.getAttribute("id")).slice(4);
      if (wanted(id)) await figure.screenshot({ path: `${out}/${id}-${width}.png` });
    }
  }
  await page.close();
}
await browser.close();
close();
console.log(`${faults} faults; screenshots in ${out}`);
