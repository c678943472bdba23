import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { precompress } from './vite.precompress'

// The public trust center, the page visitors open on a phone: trust.html for the browser and
// dist/server/trust-ssr.mjs, which the gateway loads to render the page on the server (the same
// components, hydrated in the browser). Built on Preact's React compatibility layer: React and
// react-dom alone are 69 KB of gzipped script, Preact about a sixth of that, and the components are
// plain React code (the jsdom tests run them on React). Run after vite.config.ts, into the same dist/.
const preact = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
]

export default defineConfig({
  plugins: [react(), precompress()],
  resolve: { alias: preact },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: false,
    target: 'es2022',
    modulePreload: { polyfill: false },
  },
  environments: {
    client: {
      build: { rollupOptions: { input: { trust: fileURLToPath(new URL('./trust.html', import.meta.url)) } } },
    },
    ssr: {
      resolve: { noExternal: true },
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        outDir: 'dist/server',
        emptyOutDir: false,
        target: 'node22',
        copyPublicDir: false,
        rollupOptions: {
          input: { 'trust-ssr': fileURLToPath(new URL('./src/public-trust/server.tsx', import.meta.url)) },
          output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
        },
      },
    },
  },
  builder: {
    buildApp: async (builder) => {
      await builder.build(builder.environments.client!)
      await builder.build(builder.environments.ssr!)
    },
  },
})
