// The web app's build: the client bundle (dist/), then the first views (src/prerender/first-views.tsx)
// rendered once from the app's own components into dist/.vite/first-views.json for the server.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const prerenderDir = join(root, 'node_modules/.cache/marquee-prerender');

await build({ root });
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
