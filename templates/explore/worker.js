// The Explore page's worker: loads the engine's module once and answers
// each request with it, so a long run never freezes the page (the page
// stops a run by ending this worker).
"use strict";
let module = null;

// The module's exports, and the milliseconds its loading took now (0 once
// loaded): compiled as it downloads, or, from a server that does not call
// it application/wasm, once it has.
async function engine() {
  if (module) return [module, 0];
  const begun = performance.now();
  let instance;
  try {
    ({ instance } = await WebAssembly.instantiateStreaming(fetch("ladder.wasm"), {}));
  } catch (streaming) {
    const response = await fetch("ladder.wasm");
    if (!response.ok) throw new Error("the engine's module did not load (" + response.status + ")");
    ({ instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {}));
  }
  module = instance.exports;
  return [module, Math.round(performance.now() - begun)];
}

function ask(x, request) {
  const bytes = new TextEncoder().encode(JSON.stringify(request));
  const at = x.alloc(bytes.length);
  new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
  x.explore(at, bytes.length);
  const answer = new Uint8Array(x.memory.buffer, x.answer_ptr(), x.answer_len());
  return JSON.parse(new TextDecoder().decode(answer));
}

// A request's `id` (a figure's question) comes back with its answer.
onmessage = async (event) => {
  const { id, ...request } = event.data;
  try {
    const [x, loaded] = await engine();
    const started = performance.now();
    const answer = ask(x, request);
    // The computing alone; the module's loading apart, in `loaded_ms`.
    answer.loaded_ms = loaded;
    answer.milliseconds = Math.round(performance.now() - started);
    answer.id = id;
    postMessage(answer);
  } catch (error) {
    // A trap (an overflow stops the engine rather than answer wrongly) or
    // memory the browser refused: the module cannot go on, so drop it.
    module = null;
    postMessage({ id, error: "the engine stopped: " + (error && error.message ? error.message : String(error)) });
  }
};
