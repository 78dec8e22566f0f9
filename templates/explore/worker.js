// The Explore page's worker: loads a module once and answers each request
// with it, so a long run never freezes the page (the page stops a run by
// ending this worker). Two modules: the engine's (values, period, proof, a
// heap's value, the strip: 140 KB gzipped), which the page asks for as soon
// as it has parsed, and the figures' (every essay's figure kind and table,
// and the misère quotient: the engine's again, with the drawing, Markdown
// and the misère engine), fetched only for a request that needs it.
"use strict";
const modules = new Map();
// What a module imports: the page's clock, for the misère engine's time limit.
const imports = { page: { now: () => performance.now() } };

// The module's exports, and the milliseconds this request waited for its
// loading (0 once loaded): compiled as it downloads, or, from a server that
// does not call it application/wasm, once it has.
async function load(file) {
  const begun = performance.now();
  if (!modules.has(file)) modules.set(file, instantiate(file));
  try {
    const exports = await modules.get(file);
    return [exports, Math.round(performance.now() - begun)];
  } catch (error) {
    modules.delete(file);
    throw error;
  }
}

async function instantiate(file) {
  try {
    return (await WebAssembly.instantiateStreaming(fetch(file), imports)).instance.exports;
  } catch (streaming) {
    const response = await fetch(file);
    if (!response.ok) throw new Error("the module " + file + " did not load (" + response.status + ")");
    return (await WebAssembly.instantiate(await response.arrayBuffer(), imports)).instance.exports;
  }
}

// A strip is the engine's; any other figure kind, and misère play, the
// figures' module's.
const moduleFor = (request) =>
  (request.kind && request.kind !== "strip") || request.misere != null ? "ladder.wasm" : "engine.wasm";

function ask(x, request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const at = x.alloc(bytes.length);
  new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
  x.explore(at, bytes.length);
  const answer = new Uint8Array(x.memory.buffer, x.answer_ptr(), x.answer_len());
  return JSON.parse(new TextDecoder().decode(answer));
}

// A request's `id` (a figure's question) comes back with its answer;
// `{ warm: true }` only loads the engine's module (from `module`, a
// compiled WebAssembly.Module, when the page sends one), and answers nothing.
onmessage = async (event) => {
  const { id, warm, module, ...request } = event.data;
  const file = moduleFor(request);
  // The engine's module as the page compiled it, if it could.
  if (module && !modules.has(file)) {
    modules.set(file, WebAssembly.instantiate(module, imports).then((instance) => instance.exports));
  }
  try {
    const [x, loaded] = await load(file);
    if (warm) return;
    const started = performance.now();
    const answer = ask(x, request);
    // The computing alone; the module's loading apart, in `loaded_ms`.
    answer.loaded_ms = loaded;
    answer.milliseconds = Math.round(performance.now() - started);
    answer.id = id;
    postMessage(answer);
  } catch (error) {
    // A trap (an overflow or a panic stops the engine rather than answer
    // wrongly) or memory the browser refused: the module cannot go on, so
    // drop it.
    modules.delete(file);
    if (warm) return;
    postMessage({ id, error: "the engine stopped: " + (error && error.message ? error.message : String(error)) });
  }
};
