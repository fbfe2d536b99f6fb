import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

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
