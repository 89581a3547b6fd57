import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000', '/images': 'http://localhost:3000' },
  },
  // The manifest tells the server which chunks each route needs (apps/server/src/plugins/web-app/route-preloads.ts).
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', manifest: true },
});
