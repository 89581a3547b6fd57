import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * zod builds a `toJSONSchema()` method into every schema it makes, so its JSON Schema generator (about
 * 4 KB gzipped) ships with any schema even though the web app never calls it (the server's OpenAPI
 * document is the only user). In the web build that module is replaced by stand-ins with the same
 * exports: schemas are made as before, and a call to generate JSON Schema fails loudly. A zod release
 * that changes the module's exports fails the build (a missing export), not the page.
 */
function zodWithoutJsonSchema(): Plugin {
  const unavailable = `() => { throw new Error('JSON Schema generation is not included in the web app.'); }`;
  return {
    name: 'marquee:zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!/[\\/]zod[\\/]v4[\\/]core[\\/]to-json-schema\.js$/.test(id)) return null;
      return [
        'initializeContext',
        'handleUnrepresentable',
        'processSchema',
        'extractDefs',
        'finalize',
      ]
        .map((name) => `export const ${name} = ${unavailable};`)
        .concat(
          'export { processSchema as process };',
          `export const createToJSONSchemaMethod = () => ${unavailable};`,
          `export const createStandardJSONSchemaMethod = () => ${unavailable};`,
        )
        .join('\n');
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Every browser the build targets (es2022) supports modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The manifest tells the server which chunks each route needs (apps/server/src/plugins/web-app/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // React, React Router and TanStack Query in one chunk: every page needs them, and split into the
        // pieces the lazy routes happen to share they cost more bytes (each piece compressed alone) and
        // more requests (measured: 2.5 KB less on the home page, 3 files fewer).
        codeSplitting: {
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ }],
        },
      },
    },
  },
});
