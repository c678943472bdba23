// The public trust center must be fast on a phone: its page (web/dist/trust.html) loads only its own
// small bundle, never the staff console. Its entry fetches the rest with import(): the budget counts
// every script the entry can reach, static or dynamic. `npm test` builds the web app before this runs.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from '@jest/globals'

const DIST = path.resolve(process.cwd(), 'web/dist')
const scriptsOf = (html: string) => [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
const gz = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length

/** The entry scripts and every chunk they import, statically or with import(), transitively. */
function reachable(entries: string[]): string[] {
  const seen = new Set<string>()
  const visit = (file: string) => {
    if (seen.has(file)) return
    seen.add(file)
    const code = readFileSync(path.join(DIST, file), 'utf8')
    // Relative specifiers of static imports and import(), in any quotes (the minifier uses backticks),
    // and the chunk names Vite's preload helper lists (`assets/x.js`).
    for (const m of code.matchAll(/(?:from\s*|import\s*\(\s*|import\s*)["'`](\.{1,2}\/[^"'`]+\.js)["'`]/g))
      visit(path.posix.join(path.posix.dirname(file), m[1]!))
    for (const m of code.matchAll(/["'`](assets\/[^"'`]+\.js)["'`]/g)) visit(m[1]!)
  }
  for (const e of entries) visit(e)
  return [...seen]
}

describe('the web bundles', () => {
  if (!existsSync(path.join(DIST, 'trust.html'))) throw new Error('web/dist is not built: run `pnpm --filter @portal/web build` (npm test does)')
  const trust = reachable(scriptsOf(readFileSync(path.join(DIST, 'trust.html'), 'utf8')))
  const consoleScripts = reachable(scriptsOf(readFileSync(path.join(DIST, 'index.html'), 'utf8')))

  it('keep the public trust center at 60 KB of gzipped JavaScript or less, all it can load included', () => {
    const total = trust.reduce((n, f) => n + gz(f), 0)
    console.log(`public trust center: ${(total / 1024).toFixed(1)} KB gzipped JS in ${trust.length} files`)
    expect(trust.length).toBeGreaterThan(1) // the entry and what it imports: the walk found the chunks
    expect(total).toBeLessThanOrEqual(60 * 1024)
  })

  it("give visitors none of the console's code, and no React (Preact renders the public page)", () => {
    expect(consoleScripts.filter((f) => trust.includes(f))).toEqual([])
    for (const f of trust)
      expect(readFileSync(path.join(DIST, f), 'utf8')).not.toMatch(/react-router|useNavigate|QueryClient|__SECRET_INTERNALS|react\.development/)
  })
})
