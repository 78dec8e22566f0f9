// Serves a folder on a loopback port, for the browser checks (a page's
// fetch of its own SVG needs http, not file://).
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import { join, extname, normalize } from "node:path";
import { gzipSync } from "node:zlib";

const types = { ".html": "text/html; charset=utf-8", ".css": "text/css", ".svg": "image/svg+xml", ".json": "application/json", ".csv": "text/csv; charset=utf-8", ".js": "text/javascript", ".wasm": "application/wasm" };

// With `gzip`, bodies go compressed to a browser that accepts it, as a
// real host sends them (the phone benchmark's network counts the bytes).
export async function serveFolder(site, { gzip = false } = {}) {
  const server = createServer(async (req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^\/+/, "") || "index.html";
    try {
      const body = await readFile(join(site, path));
      const type = { "content-type": types[extname(path)] || "application/octet-stream" };
      if (gzip && /gzip/.test(req.headers["accept-encoding"] || "")) {
        res.writeHead(200, { ...type, "content-encoding": "gzip" });
        res.end(gzipSync(body, { level: 9 }));
      } else {
        res.writeHead(200, type);
        res.end(body);
      }
    } catch {
      res.writeHead(404);
      res.end("not found");
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  return { origin: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}
