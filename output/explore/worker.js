"use strict";
let module = null;
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
onmessage = async (event) => {
const { id, ...request } = event.data;
try {
const [x, loaded] = await engine();
const started = performance.now();
const answer = ask(x, request);
answer.loaded_ms = loaded;
answer.milliseconds = Math.round(performance.now() - started);
answer.id = id;
postMessage(answer);
} catch (error) {
module = null;
postMessage({ id, error: "the engine stopped: " + (error && error.message ? error.message : String(error)) });
}
};
