// Screenshots one element of one built page, for a close look at a detail
// such as a formula (not part of the check).
//
// Usage: node shot.mjs FILE.html CSS_SELECTOR OUT.png [WIDTH]
import { chromium } from "playwright-core";
import { resolve } from "node:path";

const [file, selector, out, width = "1280"] = process.argv.slice(2);
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: Number(width), height: 900 }, deviceScaleFactor: 2 });
await page.goto(`file://${resolve(file)}`, { waitUntil: "load" });
await page.locator(selector).first().screenshot({ path: out });
await browser.close();
