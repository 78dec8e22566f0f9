import { chromium } from "playwright-core";
import { readdir } from "node:fs/promises";
import { serveFolder } from "./static.mjs";
const [site, out, format = "A4"] = process.argv.slice(2);
const { origin, close } = await serveFolder(site);
const pages = (await readdir(site)).filter((f) => f.endsWith(".html")).sort();
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
for (const file of pages) {
  const page = await browser.newPage();
  await page.goto(`${origin}/${file}`, { waitUntil: "load" });
  await page.pdf({ path: `${out}/${file.replace(".html", "")}-${format}.pdf`, format, preferCSSPageSize: true });
  await page.close();
}
await browser.close(); close();
