import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiProxy = process.env.API_PROXY ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      '/api': { target: apiProxy, changeOrigin: true },
      '/images': { target: apiProxy, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    // Every browser we target supports modulepreload; the polyfill would only add bytes to the entry chunk.
    modulePreload: { polyfill: false },
    cssCodeSplit: true,
    // The API reads it to preload each page's lazy chunk and CSS from the HTML (apps/api/src/modules/web/spa-html.ts).
    manifest: true,
  },
});
