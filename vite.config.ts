import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const clientFile = (path: string) => fileURLToPath(new URL(`client/${path}`, import.meta.url));

const apiTarget = `http://localhost:${process.env.PORT ?? '3000'}`;

export default defineConfig({
  root: 'client',
  publicDir: 'public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: '../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // bench/landing-bundle.bench.ts reads the manifest to size the landing page's first load.
    manifest: true,
    rolldownOptions: {
      // The app (index.html), and two small scripts that share nothing with it: the public pages'
      // one script, and the sign-in pages' submit holder (docs/decisions/019).
      input: {
        app: clientFile('index.html'),
        site: clientFile('site/enhance.ts'),
        hold: clientFile('site/hold-early-submits.ts'),
      },
    },
  },
  server: {
    port: 5173,
    // In development the API runs beside Vite (npm run dev); the browser only talks to Vite.
    proxy: {
      '/api': apiTarget,
      '/auth/v1': apiTarget,
      '/healthz': apiTarget,
      '/readyz': apiTarget,
    },
  },
});
