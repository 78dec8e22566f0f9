// Opens every page of a built site in headless Chromium, at a phone's width
// and a desktop's, and fails on: a console error or page error, a request
// that fails or answers 4xx/5xx, a local link to a file that does not exist,
// an image that does not load, or a page wider than the phone's screen.
// Screenshots go to target/browser/ (outside git).
//
// Usage: node check.mjs SITE_DIR SCREENSHOT_DIR
import { createServer } from "node:http";
import { readFile, readdir, mkdir, stat } from "node:fs/promises";
import { join, extname, normalize } from "node:path";
import { chromium } from "playwright-core";

const [site, shots] = process.argv.slice(2);
const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json" };

const server = createServer(async (req, res) => {
  const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "");
  try {
    const body = await readFile(join(site, path || "index.html"));
    res.writeHead(200, { "content-type": types[extname(path)] || "application/octet-stream" });
    res.end(body);
  } catch {
    res.writeHead(404);
    res.end("not found");
  }
});
await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
const origin = `http://127.0.0.1:${server.address().port}`;

const pages = (await readdir(site)).filter((f) => f.endsWith(".html")).sort();
await mkdir(shots, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync"],
});
const problems = [];
for (const file of pages) {
  for (const [name, width] of [["phone", 390], ["desktop", 1280]]) {
    const page = await browser.newPage({ viewport: { width, height: 844 } });
    const say = (what) => problems.push(`${file} (${name}): ${what}`);
    page.on("console", (m) => { if (m.type() === "error") say(`console error: ${m.text()}`); });
    page.on("pageerror", (e) => say(`page error: ${e.message}`));
    page.on("requestfailed", (r) => say(`request failed: ${r.url()}`));
    page.on("response", (r) => { if (r.status() >= 400) say(`${r.status()} for ${r.url()}`); });
    page.on("request", (r) => { if (!r.url().startsWith(origin)) say(`request outside the site: ${r.url()}`); });
    await page.goto(`${origin}/${file}`, { waitUntil: "load" });
    const report = await page.evaluate(() => ({
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      broken: [...document.images].filter((i) => !i.complete || i.naturalWidth === 0).map((i) => i.getAttribute("src")),
      links: [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")),
    }));
    if (report.overflow > 0) say(`wider than the screen by ${report.overflow} px`);
    for (const src of report.broken) say(`image does not load: ${src}`);
    for (const href of report.links) {
      if (/^[a-z]+:/i.test(href)) { say(`external link: ${href}`); continue; }
      const target = href.split("#")[0];
      if (target) {
        try { await stat(join(site, target)); } catch { say(`broken link: ${href}`); }
      }
      const anchor = href.split("#")[1];
      if (anchor && (target === "" || target === file)) {
        const found = await page.evaluate((id) => document.getElementById(id) !== null, anchor);
        if (!found) say(`broken anchor: ${href}`);
      }
    }
    await page.screenshot({ path: join(shots, `${file.replace(/\.html$/, "")}-${name}.png`), fullPage: true });
    await page.close();
  }
}
await browser.close();
server.close();
for (const p of problems) console.error(p);
const failed = new Set(problems.map((p) => p.slice(0, p.indexOf("):") + 1))).size;
console.log(`${pages.length} pages at 390 and 1280 px, screenshots in ${shots}`);
console.log(`browser: ${pages.length * 2 - failed} passed, ${failed} failed`);
process.exit(problems.length ? 1 : 0);
