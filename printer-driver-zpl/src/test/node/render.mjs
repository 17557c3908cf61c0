// Renders ZPL formats with Zebrash (zpl-renderer-js), an independent ZPL renderer, for
// ZebrashComparisonTests: node render.mjs <widthMm> <heightMm> <dpmm> <file.zpl>...
// writes <file>.zebrash.png next to each input. Errors go to stderr, one line each.
import { ready } from "zpl-renderer-js";
import fs from "node:fs";

const [widthMm, heightMm, dpmm, ...files] = process.argv.slice(2);
const { api } = await ready;
let failed = 0;
for (const file of files) {
  try {
    const png = await api.zplToBase64Async(fs.readFileSync(file, "utf8"), Number(widthMm), Number(heightMm), Number(dpmm));
    fs.writeFileSync(file.replace(/\.zpl$/, "") + ".zebrash.png", Buffer.from(png, "base64"));
  } catch (e) {
    failed++;
    console.error(`${file}: ${String(e).split("\n")[0].slice(0, 300)}`);
  }
}
process.exit(failed ? 1 : 0);
