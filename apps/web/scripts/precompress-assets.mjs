// Every text asset of the built site (scripts, stylesheets, SVG images, the web manifest) written again
// beside itself as `.br` (brotli at its best quality) and `.gz` (gzip level 9). The server sends those as
// they are (apps/server/src/modules/pages/routes.ts, @fastify/static's preCompressed), so a page load
// costs it no compression at all, and a phone downloads brotli 11 instead of the quality 4 an on-the-fly
// compressor can afford (decisions/050). Files under 1 KB, and any a format would not shrink, are left alone.
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.webmanifest', '.txt', '.xml']);
/** The server's own threshold for compressing an answer (@fastify/compress in apps/server/src/app.ts). */
const MIN_BYTES = 1024;

/** Compresses `distDir`'s assets ahead (not its .vite folder, which only the server reads). */
export function precompressAssets(distDir) {
  const totals = { files: 0, bytes: 0, brotliBytes: 0 };
  for (const entry of readdirSync(distDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !COMPRESSIBLE.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    if (path.slice(distDir.length + 1).startsWith('.vite')) continue;
    const source = readFileSync(path);
    if (source.length < MIN_BYTES) continue;
    const brotli = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gzip = gzipSync(source, { level: 9 });
    if (brotli.length < source.length) writeFileSync(`${path}.br`, brotli);
    if (gzip.length < source.length) writeFileSync(`${path}.gz`, gzip);
    totals.files += 1;
    totals.bytes += source.length;
    totals.brotliBytes += Math.min(brotli.length, source.length);
  }
  return totals;
}
