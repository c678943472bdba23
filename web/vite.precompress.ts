import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'

/**
 * Writes `.br` and `.gz` beside every script and stylesheet of a browser build: the gateway's
 * static files plugin sends them to browsers that accept them (preCompressed), at no cost per request.
 */
export function precompress(): Plugin {
  return {
    name: 'portal-precompress',
    applyToEnvironment: (env) => env.name === 'client',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist'
      for (const file of Object.keys(bundle)) {
        if (!/\.(js|css|svg)$/.test(file)) continue
        const bytes = readFileSync(path.join(dir, file))
        writeFileSync(
          path.join(dir, `${file}.br`),
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        )
        writeFileSync(path.join(dir, `${file}.gz`), gzipSync(bytes, { level: 9 }))
      }
    },
  }
}
