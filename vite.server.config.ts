import { defineConfig } from 'vite';

/**
 * Bundles the server to dist/server/main.js and the standalone delivery worker to
 * dist/server/worker.js, and the embedded database's thread to dist/server/pglite-thread-worker.js
 * (their shared code in chunks beside them); dependencies stay in node_modules.
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: true,
    minify: false,
    rollupOptions: {
      input: {
        main: 'server/main.ts',
        worker: 'server/worker.ts',
        // The embedded database's thread (ADR 031), loaded by file name from server/db/pglite-thread.ts.
        'pglite-thread-worker': 'server/db/pglite-thread.worker.ts',
      },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
  ssr: { target: 'node' },
});
