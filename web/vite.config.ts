import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './vite.precompress'

// The staff console (index.html). The public trust center (trust.html and its server renderer) is
// a build of its own, on Preact: vite.trust.config.ts, run after this one (package.json `build`).
// They share no code at run time, so visitors never download the console.
export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    // Every browser that runs this bundle supports modulepreload: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rollupOptions: { input: { index: fileURLToPath(new URL('./index.html', import.meta.url)) } },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/scim': 'http://localhost:3000' } },
})
