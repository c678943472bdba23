import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Two pages: the staff console (index.html) and the public trust center (trust.html), which the
// gateway serves on published trust-center hosts. They share no entry code, so visitors never
// download the console.
export default defineConfig({
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    target: 'es2022',
    rollupOptions: {
      input: {
        index: fileURLToPath(new URL('./index.html', import.meta.url)),
        trust: fileURLToPath(new URL('./trust.html', import.meta.url)),
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
})
