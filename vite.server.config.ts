import { defineConfig } from 'vite';

/** Bundles the server to dist/server/main.js; dependencies stay in node_modules. */
export default defineConfig({
  build: {
    ssr: 'server/main.ts',
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: { output: { entryFileNames: 'main.js' } },
  },
  ssr: { target: 'node' },
});
