// Explore's first answer on a phone, as a benchmark (issue 52): headless
// Chromium with a phone's screen, its CPU slowed 4 times and a slow
// network (1.6 Mbit/s down, 750 kbit/s up, 150 ms round trips: DevTools'
// "Fast 3G"; files gzipped, as a host sends them), each run in a fresh context (nothing cached), the sites given
// interleaved. For each site it prints the median time from asking for the
// page to the first answer on screen (octal:·137 to 2,000 values, heap 1000),
// and what the page itself says it spent loading and computing. Never a
// test: run it by hand beside the site it replaces, e.g.
//
//   git worktree add /tmp/old HEAD~1 && node phone-bench.mjs /tmp/old/output output
//
// Run it on a quiet machine: the CPU's slowing is emulated on this one, so
// other work counts (two sweeps at nice 19 beside it moved the median from
// 1,373 ms to 1,653 ms on 2 cores).
//
// Usage: node phone-bench.mjs SITE… [ROUNDS from BENCH_ROUNDS, default 3]
import { createRequire } from "node:module";
import { serveFolder } from "./static.mjs";

const require = createRequire(import.meta.url);
const { chromium, devices } = require("playwright-core");
const sites = process.argv.slice(2);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
if (!sites.length) {
  console.error("usage: node phone-bench.mjs SITE…");
  process.exit(2);
}
const served = await Promise.all(sites.map((site) => serveFolder(site, { gzip: true })));
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--disable-gpu"] });
const results = sites.map(() => []);
for (let round = 0; round < rounds; round++) {
  const order = sites.map((_, i) => i);
  if (round % 2) order.reverse();
  for (const i of order) {
    const context = await browser.newContext({ ...devices["Pixel 7"] });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false, latency: 150, downloadThroughput: 1.6e6 / 8, uploadThroughput: 750e3 / 8,
    });
    const begun = Date.now();
    await page.goto(served[i].origin + "/explore.html?rule=octal:%C2%B7137&values=2000&heap=1000");
    // The engine's answer (an atlas code's entry may come first).
    await page.waitForFunction(() => /^Computed in/.test(document.getElementById("status").textContent), null, { timeout: 120000, polling: 20 });
    const total = Date.now() - begun;
    const said = await page.locator("#status").innerText();
    results[i].push({ total, said });
    await context.close();
  }
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
sites.forEach((site, i) => {
  const totals = results[i].map((r) => r.total);
  console.log(`${site}: first answer ${median(totals).toLocaleString("en-US")} ms (median of ${totals.join(", ")}); the page said: ${results[i].at(-1).said}`);
});
await browser.close();
served.forEach((s) => s.close());
