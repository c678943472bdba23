// Compiles the single binary to JavaScript for production (dist/server): the workspace's TypeScript
// is bundled by esbuild, third-party packages stay imports (node_modules, production set only), and
// the plain-JavaScript worker-thread scripts are copied where the bundle's `new URL(…, import.meta.url)`
// finds them. `node dist/server/main.mjs` then runs without tsx or any development dependency.
import { cp, mkdir, readdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'dist/server')

await rm(path.join(root, 'dist'), { recursive: true, force: true })
await build({
  entryPoints: { main: path.join(root, 'services/host/src/main.ts') },
  outdir: out,
  bundle: true,
  // Chunks: what main.ts imports lazily (the app, after telemetry has hooked the module loader) stays lazy.
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  outExtension: { '.js': '.mjs' },
  logLevel: 'warning',
  plugins: [
    {
      name: 'third-party-external',
      setup(b) {
        // Workspace packages (@portal/*) are bundled; every other bare import is left to node_modules.
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@portal/') ? undefined : { path: args.path, external: true }))
      },
    },
  ],
})

// Worker-thread scripts, at the places their loaders name relative to the bundle.
const copyMjs = async (from, to) => {
  await mkdir(to, { recursive: true })
  for (const f of await readdir(from)) if (/\.m?js$/.test(f)) await cp(path.join(from, f), path.join(to, f))
}
await copyMjs(path.join(root, 'packages/sheets/src/worker'), path.join(out, 'worker'))
await copyMjs(path.join(root, 'packages/documents/src/pdf'), out)
await cp(path.join(root, 'packages/db/src/pglite-init.mjs'), path.join(out, 'pglite-init.mjs'))
await cp(path.join(root, 'packages/runtime/src/pool-thread.mjs'), path.join(out, 'pool-thread.mjs'))
await cp(path.join(root, 'services/gateway/src/trust-render-worker.mjs'), path.join(out, 'trust-render-worker.mjs'))
await copyMjs(path.join(root, 'packages/documents/src/extract'), path.join(root, 'dist/extract'))
// The one workspace module the worker scripts import (plain JavaScript), as a package beside them.
const shared = path.join(root, 'dist/node_modules/@portal/sheets')
await mkdir(shared, { recursive: true })
await cp(path.join(root, 'packages/sheets/src/worker/shared.mjs'), path.join(shared, 'shared.mjs'))
await writeFile(
  path.join(shared, 'package.json'),
  `${JSON.stringify({ name: '@portal/sheets', private: true, type: 'module', exports: { './shared': './shared.mjs' } }, null, 2)}\n`,
)
console.log(`built ${path.relative(root, out)}`)
