// The built page in a real browser (Debian's Chromium, headless, driven by
// playwright-core from web/node_modules), for tests/test_web_browser.py and
// make bench (sim/webbench.py); not part of the site:
//   node web/drive.mjs URL < steps.json
// steps: [["goto", "?query"], ["key", "z"], ["wait", ms], ["snap", "name"],
// ["hide"] (the page hidden, as another tab), ["reload"], ["play", s],
// ["follow"] (the replay link the results offer), ["replay", s] (paused,
// then stepped move by move to its end),
// ["settle"] (until the console has stepped three frames in a row with no
// key waiting and nothing to do: its picture is then the keys' whole answer),
// ["stats", "name"] (first picture, frame times, heap),
// ["open", {"width", "height", "touch"}] (a new page of that size: with touch,
// a phone's, fingers on its screen), ["layout", "name"] (what shows: the
// page's width, the visible buttons, the help line, links, the icon),
// ["tap", "LABEL"] (the one visible button so labelled, by finger or mouse),
// ["hold", "LABEL", ms] (so held), ["keyhold", "j", ms], ["shot", "x.png"],
// ["again", ms, [steps]] (the steps, made again while a tap or key among them
// was held ms or longer, three times at most: a tap the machine's load made late)];
// prints one JSON line a snap: {"name", "held", "w", "h", "hex"} (the
// longest tap or key since the last snap, ms as really held, a hold not
// counted; the canvas, lit pixels as MONO_HLSB), then {"done": true, "errors": [...], "missing":
// [what the page asked for and was refused (404 and the like)]}.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const { chromium } = require(process.env.PLAYWRIGHT_CORE);
const base = process.argv[2];
const steps = JSON.parse(readFileSync(0, "utf8"));
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
  args: ["--no-sandbox", "--autoplay-policy=no-user-gesture-required"],
});
const errors = [];
const missing = [];
let context = null;
let page = null;
let touch = false;
let cdp = null; // a touch page's: fingers go down and up through it
async function open(device) {
  if (context) await context.close();
  touch = !!(device && device.touch);
  context = await browser.newContext(device ? {
    viewport: { width: device.width, height: device.height },
    hasTouch: touch, isMobile: touch, deviceScaleFactor: touch ? 3 : 1,
  } : {});
  page = await context.newPage();
  cdp = touch ? await context.newCDPSession(page) : null;
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("response", (r) => { if (r.status() >= 400) missing.push(`${r.status()} ${r.url()}`); });
}
await open(null);
// the middle of the one visible button labelled `label` on the board, or null
// (an error said) if there is none or more than one
async function button(label) {
  const at = await page.evaluate((label) => Array.from(document.querySelectorAll("#board button"))
    .filter((b) => b.checkVisibility() && b.textContent.trim() === label)
    .map((b) => { const r = b.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; }),
  label);
  if (at.length === 1) return at[0];
  errors.push(`${at.length} visible buttons labelled ${label}`);
  return null;
}
// a finger (a touch page) or the mouse on a button, for ms
// how long the last tap was held, in ms of this driver's clock from the
// moment its going down was handled to the moment it was up, said with the next snap: on
// a busy machine a 60 ms tap can last past the console's 400 ms
// auto-repeat (its messages late), and is then no tap; `longest`: since
// the steps of an "again" began
let held = 0;
let longest = 0;
function tapped(ms, tap) {
  if (!tap) return;
  held = Math.max(held, ms);
  longest = Math.max(longest, ms);
}
async function press(label, ms, tap) {
  const at = await button(label);
  if (at) await pressAt(at[0], at[1], ms, tap);
}
async function pressAt(x, y, ms, tap) {
  if (touch) {
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x, y }] });
    const t0 = Date.now(); // (from its handling: a page's first press makes its AudioContext)
    try {
      await page.waitForTimeout(ms);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    } finally { tapped(Date.now() - t0, tap); }
  } else {
    await page.mouse.move(x, y);
    await page.mouse.down();
    const t0 = Date.now();
    try {
      await page.waitForTimeout(ms);
      await page.mouse.up();
    } finally { tapped(Date.now() - t0, tap); }
  }
}
const started = () => page.waitForFunction(
  () => document.getElementById("status").textContent === "", null, { timeout: 30000 });
async function run(step) {
  const [what, arg] = step;
  if (what === "again") {
    for (let i = 0; i < 3; i++) {
      longest = 0;
      for (const s of step[2]) await run(s);
      if (longest < arg) break;
    }
  }
  else if (what === "goto") { await page.goto(base + (arg || "")); await started(); }
  else if (what === "reload") { await page.reload(); await started(); }
  else if (what === "key" || what === "keyhold") {
    await page.keyboard.down(arg);
    const t0 = Date.now();
    try {
      await page.waitForTimeout(what === "key" ? 60 : step[2]);
      await page.keyboard.up(arg);
    } finally { tapped(Date.now() - t0, what === "key"); }
  }
  else if (what === "open") await open(arg);
  else if (what === "tap") await press(arg, 60, true);
  else if (what === "hold") await press(arg, step[2], false);
  else if (what === "shot") await page.screenshot({ path: arg, fullPage: true });
  else if (what === "layout") { // what a person sees of the page: does it fit, which buttons
    const l = await page.evaluate(async () => {
      const icon = document.querySelector("link[rel~=icon]");
      const iconUrl = icon ? icon.href : new URL("/favicon.ico", location.href).href;
      let iconStatus = 0;
      try { iconStatus = (await fetch(iconUrl)).status; } catch (e) { iconStatus = -1; }
      const box = (e) => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
      return {
        width: innerWidth,
        scrollWidth: Math.max(document.documentElement.scrollWidth, document.body.scrollWidth),
        buttons: Array.from(document.querySelectorAll("#board button"))
          .filter((b) => b.checkVisibility())
          .map((b) => ({ label: b.textContent.trim(), key: b.dataset.key, box: box(b) })),
        board: box(document.getElementById("board")),
        help: document.getElementById("help").innerText,
        links: Array.from(document.querySelectorAll("#help a"), (a) => a.href),
        url: location.href, coarse: matchMedia("(pointer: coarse)").matches,
        icon: iconUrl.slice(0, 40), iconStatus,
      };
    });
    console.log(JSON.stringify({ layout: arg, ...l }));
  }
  else if (what === "wait") await page.waitForTimeout(arg);
  else if (what === "settle") {
    await page.evaluate(() => { window.pocketConsole.quiet = 0; window.pocketConsole.seen = -1; });
    await page.waitForFunction(() => {
      const pc = window.pocketConsole;
      const n = pc.frames.length;
      if (n === pc.seen) return false; // no frame since the last look
      pc.seen = n;
      pc.quiet = pc.c.idle() ? pc.quiet + 1 : 0;
      return pc.quiet >= 3;
    }, null, { timeout: 30000, polling: "raf" });
  }
  else if (what === "hide") {
    await page.evaluate(() => {
      Object.defineProperty(document, "hidden", { value: true, configurable: true });
      document.dispatchEvent(new Event("visibilitychange"));
    });
  }
  else if (what === "play") { // the person's moves by key events (the Normal player's
    // choice, asked of the page) until the results, at most arg seconds
    const KEY = { UP: "ArrowUp", DOWN: "ArrowDown", LEFT: "ArrowLeft", RIGHT: "ArrowRight",
      A: "z", B: "x", START: "Enter", SELECT: "s" };
    const t0 = Date.now();
    let presses = 0;
    let screen = "";
    while (Date.now() - t0 < arg * 1000) {
      screen = await page.evaluate(() => window.pocketConsole.c.screen());
      if (screen === "Results") break;
      const keys = await page.evaluate(() => window.pocketConsole.c.nextKeys());
      for (const k of keys) { await page.keyboard.press(KEY[k], { delay: 25 }); presses += 1; }
      await page.waitForTimeout(keys.length ? 60 : 150);
    }
    console.log(JSON.stringify({ played: screen, presses, seconds: (Date.now() - t0) / 1000 }));
  }
  else if (what === "follow") { // the link the page offers under a finished game
    const line = await page.evaluate(() => document.getElementById("line").textContent);
    await page.click("#link");
    await page.waitForURL(/replay=/);
    await started();
    console.log(JSON.stringify({ line }));
  }
  else if (what === "replay") { // A pauses the replay, RIGHT steps it: to its last move
    const t0 = Date.now();
    let at = [];
    await page.waitForTimeout(300);
    await page.keyboard.press("z", { delay: 25 });
    while (Date.now() - t0 < arg * 1000) {
      at = await page.evaluate(() => window.pocketConsole.c.replayAt());
      if (!at.length || at[0] >= at[1] || at[2]) break;
      await page.keyboard.press("ArrowRight", { delay: 25 });
      await page.waitForTimeout(40);
    }
    await page.waitForTimeout(200);
    console.log(JSON.stringify({ replayed: at }));
  }
  else if (what === "stats") { // when the first picture showed, each frame's time, the heap
    const s = await page.evaluate(() => {
      const f = Array.from(window.pocketConsole.frames).sort((a, b) => a - b);
      const at = (q) => f.length ? f[Math.min(f.length - 1, Math.floor(q * f.length))] : 0;
      window.pocketConsole.frames.length = 0;
      const marks = Object.fromEntries(performance.getEntriesByType("mark").map((m) => [m.name, Math.round(m.startTime)]));
      return { firstPaint: window.firstPaint || 0, marks, frames: f.length, median: at(0.5),
               p99: at(0.99), max: f.length ? f[f.length - 1] : 0,
               heap: window.pocketConsole.c.heap() };
    });
    console.log(JSON.stringify({ stats: arg, ...s }));
  }
  else if (what === "snap") {
    const snap = await page.evaluate(() => {
      const c = document.getElementById("panel");
      const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      const stride = (c.width + 7) >> 3;
      const out = new Uint8Array(stride * c.height);
      for (let y = 0; y < c.height; y++)
        for (let x = 0; x < c.width; x++)
          if (d[4 * (y * c.width + x)] > 0) out[y * stride + (x >> 3)] |= 0x80 >> (x & 7);
      return { w: c.width, h: c.height, hex: Array.from(out, (b) => b.toString(16).padStart(2, "0")).join("") };
    });
    console.log(JSON.stringify({ name: arg, held, ...snap }));
    held = 0;
  }
  else errors.push(`no such step: ${what}`);
}
for (const step of steps) await run(step);
console.log(JSON.stringify({ done: true, errors, missing }));
await browser.close();
