// What `use-sync-external-store/shim` resolves to in the build (vite.config.ts): wouter still imports that shim,
// written for React 17; React 19 has the hook built in, and the shim's fallback code was 0.6 KB gzip of the menu
// route's initial JavaScript (budget 100 KB).
export { useSyncExternalStore } from 'react';
