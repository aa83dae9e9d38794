// The page's store file checks (web/console.js), by themselves:
//   node tests/web_store.mjs BUILD_DIR STORE_FILE...  prints one JSON line a file:
// {"file", "ok", "error", "roundtrip"} (roundtrip: exported again, byte for byte).
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const { storeFile, storeFromFile } = await import(pathToFileURL(process.argv[2] + "/console.js").href);
for (const f of process.argv.slice(3)) {
  const bytes = new Uint8Array(readFileSync(f));
  const got = storeFromFile(bytes);
  const back = got.hex ? storeFile(got.hex) : null;
  const roundtrip = back !== null && back.length === bytes.length && back.every((b, i) => b === bytes[i]);
  console.log(JSON.stringify({ file: f, ok: !!got.hex, error: got.error || "", roundtrip }));
}
