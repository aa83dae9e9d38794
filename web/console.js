// The console's page glue: load MicroPython's WebAssembly port, put the
// console's files into its file system, register what only the page can
// do (module console_js: draw, beep, keep the store, random bytes) and
// run a frame of the app every animation frame. The page (index.html)
// and the tests (tests/web_run.mjs) pass in how each is done.
import { loadMicroPython } from "./micropython.mjs";

export const KEYS = ["UP", "DOWN", "LEFT", "RIGHT", "A", "B", "START", "SELECT"];
// the Feather's three buttons, top to bottom (height 32)
export const BUTTONS = ["TOP", "MIDDLE", "BOTTOM"];

// opts: pack: Promise<[[[path, size], ...], ArrayBuffer]> (files.json and fs.bin, asked
// for before the runtime loads so the two arrive together), show(pixels, w, h, on, brightness),
// tone(freq, ms), load() -> hex string or "", save(Uint8Array), random(n) -> Uint8Array,
// now() -> milliseconds, query: the page's address after "?" (a deal to open),
// height (64 or 32), out(line)
export async function startConsole(opts) {
  performance.mark("console-start");
  const mp = await loadMicroPython({
    heapsize: 512 * 1024,
    pystack: 8192,
    stdout: (line) => opts.out(line),
    stderr: (line) => opts.out(line),
  });
  performance.mark("runtime-loaded");
  const [list, packed] = await opts.pack;
  const bytes = new Uint8Array(packed);
  let at = 0;
  for (const [path, size] of list) {
    const parts = path.split("/");
    let dir = "";
    for (const p of parts.slice(0, -1)) {
      dir += "/" + p;
      try { mp.FS.mkdir(dir); } catch (e) { /* there already */ }
    }
    mp.FS.writeFile("/" + path, bytes.subarray(at, at + size));
    at += size;
  }
  if (at !== bytes.length) throw new Error("fs.bin is not what files.json lists: rebuild the page");
  performance.mark("files-in");
  const toJs = (b) => mp.PyProxy.toJs(b);
  mp.registerJsModule("console_js", {
    show: (buf, w, h, on, brightness) => opts.show(toJs(buf), w, h, on, brightness),
    tone: (freq, ms) => opts.tone(freq, ms),
    store_load: () => opts.load(),
    store_save: (buf) => opts.save(toJs(buf)),
    now: () => Math.floor(opts.now()),
    random_hex: (n) => Array.from(opts.random(n), (b) => b.toString(16).padStart(2, "0")).join(""),
  });
  mp.runPython("import sys\nsys.path[:0] = ['/web', '/lib', '/']");
  const main = mp.pyimport("web_main");
  // the address's parameters, decoded here (URLSearchParams), handed over as JSON
  main.start(opts.height || 64, JSON.stringify(Object.fromEntries(new URLSearchParams(opts.query || ""))));
  performance.mark("console-started");
  return {
    frame: () => main.frame(),
    hidden: () => main.hidden(),
    screen: () => main.screen(),
    idle: () => main.idle(),
    replayAt: () => Array.from(mp.PyProxy.toJs(main.replay_at())),
    heap: () => mp.pyimport("gc").mem_alloc(),
    nextKeys: () => Array.from(mp.PyProxy.toJs(main.next_keys()), (i) => KEYS[i]),
    key: (name, down) => {
      const i = (opts.height === 32 ? BUTTONS : KEYS).indexOf(name);
      if (i >= 0) main.key(i, down ? 1 : 0);
    },
    mp,
  };
}

// The store as a file and back, in the format the simulator's --nvm and a
// board's store hold: 4,096 bytes, erased (0xFF) or with a copy's magic
// "EC" at the start of either half (lib/saves/store.py, sim/nvm.py).
export const STORE_BYTES = 4096;

export function storeFile(hex) {
  const out = new Uint8Array(STORE_BYTES).fill(0xff);
  if (hex && hex.length === 2 * STORE_BYTES) {
    for (let i = 0; i < STORE_BYTES; i++) out[i] = parseInt(hex.substr(2 * i, 2), 16);
  }
  return out;
}

// {hex} of a file that is a console store, or {error} saying why not
export function storeFromFile(bytes) {
  if (bytes.length !== STORE_BYTES) {
    return { error: `not a console store: ${bytes.length} bytes, a store has ${STORE_BYTES}` };
  }
  const half = STORE_BYTES / 2;
  const magic = (i) => bytes[i] === 0x45 && bytes[i + 1] === 0x43; // "EC"
  if (!bytes.every((b) => b === 0xff) && !magic(0) && !magic(half)) {
    return { error: "not a console store: no saved copy in it" };
  }
  return { hex: Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("") };
}
