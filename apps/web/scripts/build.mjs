// The web app's build: the site's client bundle (dist/, from index.html), the organiser console's (from
// organiser.html, built apart so that none of its code or chunking touches the site's: decisions/036), then
// the first views (src/prerender/first-views.tsx) rendered once from the app's own components into
// dist/.vite/first-views.json for the server; last, every asset compressed ahead (precompress-assets.mjs).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { precompressAssets } from './precompress-assets.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const prerenderDir = join(root, 'node_modules/.cache/marquee-prerender');

await build({ root });
await build({
  root,
  logLevel: 'warn',
  build: {
    emptyOutDir: false,
    copyPublicDir: false,
    // apps/server/src/modules/pages reads it for the console's pages, as manifest.json for the site's.
    manifest: '.vite/console-manifest.json',
    rolldownOptions: { input: join(root, 'organiser.html') },
  },
});
await build({
  root,
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender/first-views.tsx',
    outDir: prerenderDir,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
  },
});
const { renderFirstViews } = await import(pathToFileURL(join(prerenderDir, 'first-views.js')).href);
const target = join(root, 'dist/.vite/first-views.json');
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, JSON.stringify(renderFirstViews()));
rmSync(prerenderDir, { recursive: true, force: true });
console.log(`first views written to ${target}`);
const { files, bytes, brotliBytes } = precompressAssets(join(root, 'dist'));
console.log(
  `${files} files compressed ahead: ${(bytes / 1024).toFixed(0)} KB, ${(brotliBytes / 1024).toFixed(0)} KB as brotli (served as they are)`,
);
