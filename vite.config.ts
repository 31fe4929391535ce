import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const web = (path: string) => fileURLToPath(new URL(`./src/web/${path}`, import.meta.url));

export default defineConfig({
  root: web(''),
  publicDir: web('public'),
  plugins: [react(), tailwindcss()],
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    manifest: true, // read by bench/bundle-size.ts
    // The CSP allows no inline script: no modulepreload polyfill injected into the HTML.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { app: web('index.html'), landing: web('landing.html') },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
