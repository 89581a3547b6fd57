import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * zod builds a `toJSONSchema()` method into every schema it makes, so its JSON Schema generator (about
 * 5 KB gzipped: the generator and a processor per schema type) ships with any schema even though the web
 * app never calls it (the server's OpenAPI document is the only user). In the web build those two modules
 * are replaced by stand-ins with the same exports, read from the modules themselves: schemas are made as
 * before, and a call to generate JSON Schema, or to the introspection getters built on it (`minLength`,
 * `isInt`...; the app uses none), fails loudly.
 */
function zodWithoutJsonSchema(): Plugin {
  const unavailable = `() => { throw new Error("zod's JSON Schema generation (and the schema introspection built on it) is not included in the web app."); }`;
  const stubbed = /[\\/]zod[\\/]v4[\\/]core[\\/](to-json-schema|json-schema-processors)\.js$/;
  return {
    name: 'marquee:zod-without-json-schema',
    apply: 'build',
    load(id) {
      if (!stubbed.test(id)) return null;
      const source = readFileSync(id, 'utf8');
      const declared = [...source.matchAll(/^export (?:const|function) (\w+)/gm)].map((match) => match[1]);
      const renamed = [...source.matchAll(/^export \{ (\w+) as (\w+) \};/gm)].map(
        (match) => `export { ${match[1]} as ${match[2]} };`,
      );
      if (declared.length === 0) throw new Error(`zod's ${id} has no exports this plugin recognises.`);
      // `create…Method(schema)` runs when a schema is made (or its `~standard` is read): it returns the method.
      const stub = (name: string) => (/^create\w+Method$/.test(name) ? `() => ${unavailable}` : unavailable);
      return [...declared.map((name) => `export const ${name} = ${stub(name ?? '')};`), ...renamed].join('\n');
    },
  };
}

/**
 * The organiser console is an app of its own (organiser.html, decisions/036). The server answers /organiser/*
 * with it; in development Vite does, here (its own fallback would answer with the site's index.html).
 */
function consoleDocument(): Plugin {
  return {
    name: 'marquee:console-document',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((request, _response, next) => {
        if (request.url !== undefined && /^\/organiser(?:[/?#]|$)/.test(request.url)) request.url = '/organiser.html';
        next();
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), zodWithoutJsonSchema(), consoleDocument()],
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/images': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    // Every browser the build targets (es2022) supports modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    // The manifest tells the server which chunks each route needs (apps/server/src/modules/pages/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        // React, React Router and TanStack Query in one chunk: every page needs them, and split into the
        // pieces the lazy routes happen to share they cost more bytes (each piece compressed alone) and
        // more requests (measured: 2.5 KB less on the home page, 3 files fewer).
        codeSplitting: {
          groups: [
            { name: 'framework', test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
});
