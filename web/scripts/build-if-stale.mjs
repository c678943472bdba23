// `npm start` builds the web app only when its sources are newer than the last build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const built = path.join(web, 'dist', 'index.html')
// The public trust center and its server renderer are a second build (vite.trust.config.ts).
const ssr = path.join(web, 'dist', 'server', 'trust-ssr.mjs')

function newest(p) {
  const s = statSync(p)
  if (!s.isDirectory()) return s.mtimeMs
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))))
}

const sources = ['src', 'index.html', 'trust.html', 'vite.config.ts', 'vite.trust.config.ts', 'vite.precompress.ts', 'package.json']
  .map((f) => path.join(web, f))
  .filter(existsSync)
const newestSource = Math.max(...sources.map(newest))
if ([built, ssr].every((f) => existsSync(f) && statSync(f).mtimeMs >= newestSource)) process.exit(0)
console.log('Building the web app ...')
const vite = path.join(web, 'node_modules', '.bin', 'vite')
for (const config of ['vite.config.ts', 'vite.trust.config.ts']) {
  const res = spawnSync(vite, ['build', '--config', config, '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' })
  if (res.status !== 0) process.exit(res.status ?? 1)
}
