// After `vite build`: a gzip and a Brotli copy of every text asset, so the server sends them
// compressed (serveStatic's `precompressed`) without compressing on each request.
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
  if (body.length < 1024) continue;
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
  );
  files++;
}
console.log(`compressed ${files} assets (gzip and Brotli) in ${ROOT}`);
