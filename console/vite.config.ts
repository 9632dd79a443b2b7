// The console is a static single-page app that the studio listener serves at `/` (console/dist).
// Nothing is fetched from a CDN: every byte is in the bundle, and the page's CSP allows only 'self'.
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  base: '/',
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // One small entry; pages load on demand so the first load stays inside its budget.
    chunkSizeWarningLimit: 250,
  },
});
