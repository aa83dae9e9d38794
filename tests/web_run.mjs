// Run the console built by `make web` (python -m sim.web) in Node, on
// MicroPython's WebAssembly port, as the page does but on virtual time:
//   node tests/web_run.mjs BUILD_DIR [STORE] < steps.json
// STORE: a file of the page's localStorage value (hex), read at start if
// it is there and written at the end (a reload of the page);
// steps: [["frames", n], ["press", "A"], ["hold", "TOP", frames (30)], ["snap", "name"],
// ["settle"] (frames until the console has had nothing to do three in a row, as
// web/drive.mjs's), ["restart", "?query"] (a new console on an empty store, its clock
// and picture new, as a page opened at that address; tones, saves and lines counted on)];
// prints one JSON line a snap: {"name", "w", "h", "hex"}
// (the panel, MONO_HLSB), then {"done": true, "tones": n, "saves": n}.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { randomFillSync } from "node:crypto";
import { pathToFileURL } from "node:url";

const dir = process.argv[2];
const steps = JSON.parse(readFileSync(0, "utf8"));
const { startConsole } = await import(pathToFileURL(dir + "/console.js").href);
let clock = 0;
let last = null;
let tones = 0;
let saves = 0;
const storeFile = process.argv[3];
let store = storeFile && existsSync(storeFile) ? readFileSync(storeFile, "utf8") : "";
const lines = [];
const files = JSON.parse(readFileSync(dir + "/files.json", "utf8"));
const packed = readFileSync(dir + "/fs.bin");
const start = (query) => startConsole({
  pack: Promise.resolve([files, packed]),
  show: (px, w, h) => { last = { w, h, hex: Buffer.from(px).toString("hex") }; },
  tone: () => { tones += 1; },
  load: () => store,
  save: (buf) => { saves += 1; store = Buffer.from(buf).toString("hex"); },
  random: (n) => randomFillSync(new Uint8Array(n)),
  now: () => clock,
  height: Number(process.env.WEB_HEIGHT || 64),
  query,
  out: (line) => lines.push(line),
});
let c = await start(process.env.WEB_QUERY || "");
const frame = () => { c.frame(); clock += 20; };
for (const [what, arg, n] of steps) {
  if (what === "frames") for (let i = 0; i < arg; i++) frame();
  else if (what === "press") { c.key(arg, true); frame(); c.key(arg, false); frame(); }
  else if (what === "hold") { // a key held (600 ms unless said): a long press on three buttons
    c.key(arg, true); for (let i = 0; i < (n || 30); i++) frame(); c.key(arg, false); frame();
  }
  else if (what === "settle") { // at most a minute of frames
    let quiet = 0;
    for (let i = 0; quiet < 3 && i < 3000; i++) { frame(); quiet = c.idle() ? quiet + 1 : 0; }
    if (quiet < 3) throw new Error("settle: the console was still busy after a minute");
  }
  else if (what === "restart") { store = ""; last = null; clock = 0; c = await start(arg); }
  else if (what === "hidden") c.hidden(); // the page hidden: the console writes its store
  else if (what === "snap") console.log(JSON.stringify({ name: arg, ...last }));
}
if (storeFile) writeFileSync(storeFile, store);
console.log(JSON.stringify({ done: true, tones, saves, out: lines.slice(-20) }));
