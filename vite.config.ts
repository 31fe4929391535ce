import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const web = (path: string) => fileURLToPath(new URL(`./src/web/${path}`, import.meta.url));

export default defineConfig({
  root: web(''),
  publicDir: web('public'),
  plugins: [
    react(),
    tailwindcss(),
    // The installable app and its offline shell (docs/decisions/0031-offline.md). The app registers
    // the worker itself (lib/app-update.ts): the landing page stays free of script, and the worker
    // never answers for it ('/'), the API, or the signed-out secret-link pages (sw.ts).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest: {
        name: 'Paddock',
        short_name: 'Paddock',
        description: 'Animal records for hobby farmers.',
        id: '/home',
        start_url: '/home',
        scope: '/',
        display: 'standalone',
        theme_color: '#3f6212',
        background_color: '#fafaf9',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      // Our own worker (src/web/sw.ts: the shell below, and the reminders' notifications of issue
      // 29, decision 0045), into which the plugin injects the list of files to precache.
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // the landing page and its stylesheet are the server's, fetched fresh; not the app shell
        globIgnores: ['landing.html', 'assets/landing-*.css', '.vite/**'],
        // one classic script, served as /sw.js alone (the server serves no other worker file)
        rollupFormat: 'iife',
      },
    }),
  ],
  // the import page's spreadsheet reader (features/animals/spreadsheet.worker.ts) is a module
  // worker that loads its parser only for the kind of file chosen
  worker: { format: 'es' },
  build: {
    outDir: fileURLToPath(new URL('./dist/web', import.meta.url)),
    emptyOutDir: true,
    manifest: true, // read by bench/bundle-size.ts
    // The CSP allows no inline script: no modulepreload polyfill injected into the HTML.
    modulePreload: { polyfill: false },
    rollupOptions: {
      input: { app: web('index.html'), landing: web('landing.html') },
      // Fewer, larger files where a page needs them together (decision 0054): on a phone's network
      // each file is a round trip, and a page of twenty 1-KB chunks waited on their number more
      // than on their bytes. A module goes to the first group (by priority, then order) it matches.
      output: {
        codeSplitting: {
          groups: [
            // what the app's entry imports: one file rather than nine (the landing page's
            // stylesheet is not script: left out, so the landing page stays without any)
            { name: 'start', tags: ['$initial'], test: /\.[jt]sx?$/, priority: 2 },
            // the icons, ~250 bytes each: one 4.5 KB file rather than a request for each
            { name: 'icons', test: /node_modules[\\/]lucide-react[\\/]/, priority: 1 },
            // the rules pages show by (dates, units, labels, colours), apart from the schemas: a
            // module here that imported a schema would bring zod to Home (the import's two do:
            // left out). bundle-size's budget for Home's bytes fails the test run if one does.
            {
              name: 'rules',
              test: /src[\\/]shared[\\/](animals|care|groups|medicines|members|units)[\\/](?!import|spreadsheet-guard)/,
              priority: 1,
            },
            // the small parts every page is built of (fields, dialogs, the leave guard)
            { name: 'components', test: /src[\\/]web[\\/](components|hooks)[\\/]/, priority: 1 },
            // what every form loads together: the form libraries and the schemas
            {
              name: 'forms',
              test: /node_modules[\\/](zod|@hookform[\\/]resolvers|react-hook-form)[\\/]|src[\\/]shared[\\/]schemas[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
