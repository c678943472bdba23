// `npm start` builds the web app only when its sources are newer than the last build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const built = path.join(web, 'dist', 'index.html')

function newest(p) {
  const s = statSync(p)
  if (!s.isDirectory()) return s.mtimeMs
  return Math.max(0, ...readdirSync(p).map((f) => newest(path.join(p, f))))
}

const sources = ['src', 'index.html', 'vite.config.ts', 'package.json'].map((f) => path.join(web, f)).filter(existsSync)
if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newest))) process.exit(0)
console.log('Building the web app ...')
const vite = path.join(web, 'node_modules', '.bin', 'vite')
const res = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: web, stdio: 'inherit' })
process.exit(res.status ?? 1)
