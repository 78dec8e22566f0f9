"use strict";
const modules = new Map();
const imports = { page: { now: () => performance.now() } };
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
const moduleFor = (request) =>
(request.kind && request.kind !== "strip") || request.misere != null ? "ladder.42219fbad033.wasm" : "engine.dd7c73b01cd2.wasm";
function ask(x, request) {
const bytes = new TextEncoder().encode(JSON.stringify(request));
const at = x.alloc(bytes.length);
new Uint8Array(x.memory.buffer, at, bytes.length).set(bytes);
x.explore(at, bytes.length);
const answer = new Uint8Array(x.memory.buffer, x.answer_ptr(), x.answer_len());
return JSON.parse(new TextDecoder().decode(answer));
}
onmessage = async (event) => {
const { id, warm, module, ...request } = event.data;
const file = moduleFor(request);
if (module && !modules.has(file)) {
modules.set(file, WebAssembly.instantiate(module, imports).then((instance) => instance.exports));
}
try {
const [x, loaded] = await load(file);
if (warm) return;
const started = performance.now();
const answer = ask(x, request);
answer.loaded_ms = loaded;
answer.milliseconds = Math.round(performance.now() - started);
answer.id = id;
postMessage(answer);
} catch (error) {
modules.delete(file);
if (warm) return;
postMessage({ id, error: "the engine stopped: " + (error && error.message ? error.message : String(error)) });
}
};
