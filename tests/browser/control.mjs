// The negative control of figures.mjs: on a page built to break issue 12's
// rules (fixtures/bad-figure: 8 px text on a white panel, a table that
// cannot scroll), each check must find its fault. Exits 1 if one does not,
// so a check that has stopped looking cannot pass unnoticed.
import { chromium } from "playwright-core";
import { fileURLToPath } from "node:url";
import { serveFolder } from "./static.mjs";
import { SMALLEST, figureText, figureBackgrounds, tableOverflow } from "./figures.mjs";

const { origin, close } = await serveFolder(fileURLToPath(new URL("fixtures/bad-figure", import.meta.url)));
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const missed = [];
const desktop = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await desktop.goto(origin, { waitUntil: "load" });
const tiny = (await figureText(desktop)).find((f) => f.id === "tiny");
if (!(tiny && tiny.smallest < SMALLEST)) missed.push(`8 px text passed the legibility check (${JSON.stringify(tiny)})`);
const dark = await browser.newPage({ viewport: { width: 1280, height: 800 }, colorScheme: "dark" });
await dark.goto(origin, { waitUntil: "load" });
const panel = (await figureBackgrounds(dark)).find((f) => f.id === "tiny");
if (!(panel && panel.figure > panel.page + 0.01)) missed.push(`a white panel passed the dark-mode check (${JSON.stringify(panel)})`);
const phone = await browser.newPage({ viewport: { width: 390, height: 800 } });
await phone.goto(origin, { waitUntil: "load" });
if (!(await tableOverflow(phone)).some((f) => f.startsWith("wide:"))) missed.push("a table that cannot scroll passed the phone check");
await browser.close();
close();
for (const m of missed) console.error(`negative control: ${m}`);
console.log(`negative control: ${3 - missed.length} of 3 planted faults found (8 px text ${tiny?.smallest} px)`);
process.exit(missed.length ? 1 : 0);
