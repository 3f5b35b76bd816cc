import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants as zlib } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const apiProxy = process.env.API_PROXY ?? 'http://localhost:3000';

/**
 * Writes the interface strings of both languages beside the manifest (`.vite/locales.json`, never served), so the
 * server can paint the menu's first screen in the HTML with the app's own words (apps/api/src/modules/web).
 */
function localesForServer(): Plugin {
  return {
    name: 'sufra-locales-for-server',
    apply: 'build',
    generateBundle() {
      const read = (language: string) =>
        JSON.parse(readFileSync(new URL(`./src/locales/${language}.json`, import.meta.url), 'utf8')) as unknown;
      this.emitFile({
        type: 'asset',
        fileName: '.vite/locales.json',
        source: JSON.stringify({ ar: read('ar'), en: read('en') }),
      });
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    localesForServer(),
    // The hashed scripts, stylesheets and pictures compressed once at build time, next to each file (.br, .gz), and
    // served as they are (apps/api/src/plugins/web.ts, preCompressed): the server no longer compresses ~400 KB of
    // chunks on every first visit, and brotli at its best quality is 14 % smaller than the per-request quality 4
    // (602 against 699 KB for all assets). ~6.5 CPU-s per build; skipped in Vitest's builds, which only read sizes
    // (docs/adr/0811-precompressed-web-assets.md).
    ...(process.env.VITEST
      ? []
      : [
          compression({
            include: /\.(js|css|svg)$/,
            threshold: 1024,
            algorithms: [
              defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY } }),
              defineAlgorithm('gzip', { level: 9 }),
            ],
            logLevel: 'silent',
          }),
        ]),
  ],
  resolve: {
    alias: [
      {
        // wouter's React 17 shim of useSyncExternalStore: React 19 has the hook (see the file).
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/use-sync-external-store-shim.ts', import.meta.url)),
      },
    ],
  },
  server: {
    proxy: {
      '/api': { target: apiProxy, changeOrigin: true },
      '/images': { target: apiProxy, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    // Every browser we target supports modulepreload; the polyfill would only add bytes to the entry chunk.
    modulePreload: {
      polyfill: false,
      // The entry's two boots (app/boot.tsx, app/console-boot.tsx) are modulepreloaded from every page's HTML with
      // everything they import (apps/api/src/modules/web/spa-html.view.ts, pageHints): the tiny entry names only
      // their stylesheets, not their scripts, whose list would otherwise sit in every first load (docs/adr/0770).
      resolveDependencies: (filename, deps) =>
        /(^|\/)(console-)?boot-[^/]*\.js$/.test(filename) ? deps.filter((dep) => dep.endsWith('.css')) : deps,
    },
    cssCodeSplit: true,
    // The API reads it to preload each page's lazy chunk and CSS from the HTML (apps/api/src/modules/web/spa-html.ts).
    manifest: true,
    // The first load's tiny shared modules as one chunk: four chunks of 0.2-1 KB each cost their own gzip frame and
    // import lines on every first visit (the menu route's first load: 102,385 -> 101,915 B gzip; ADR 0412).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'base',
              test: /src[\\/](lib[\\/](storage|auth-channel|i18n|cart-lines)|config[\\/]env|money)\.ts$|react[\\/](jsx-runtime\.js|cjs[\\/]react-jsx-runtime\.production\.js)$/,
            },
          ],
        },
      },
    },
  },
});
