// After `vite build`: a gzip and a Brotli copy of every text asset, so the server sends them
// compressed (serveStatic's `precompressed`) without compressing on each request. Small files too:
// a 600-byte chunk still shrinks by half, and a phone pays for every byte (decision record 025).
// A copy that would not be smaller is not written.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = "dist/client";
const TEXT = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

function walk(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

let files = 0;
for (const file of walk(ROOT)) {
  if (!TEXT.test(file)) continue;
  const body = readFileSync(file);
  const gzip = gzipSync(body, { level: 9 });
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  if (gzip.length < body.length) writeFileSync(`${file}.gz`, gzip);
  if (brotli.length < body.length) writeFileSync(`${file}.br`, brotli);
  files++;
}
console.log(`compressed ${files} assets (gzip and Brotli) in ${ROOT}`);
