// The public trust center must be fast on a phone: its page (web/dist/trust.html) loads only its own
// small bundle, never the staff console. `npm test` builds the web app before this runs.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { describe, expect, it } from '@jest/globals'

const DIST = path.resolve(process.cwd(), 'web/dist')
const scriptsOf = (html: string) => [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]!)
const gz = (file: string) => gzipSync(readFileSync(path.join(DIST, file)), { level: 9 }).length

describe('the web bundles', () => {
  if (!existsSync(path.join(DIST, 'trust.html'))) throw new Error('web/dist is not built: run `pnpm --filter @portal/web build` (npm test does)')
  const trust = scriptsOf(readFileSync(path.join(DIST, 'trust.html'), 'utf8'))
  const consoleEntry = scriptsOf(readFileSync(path.join(DIST, 'index.html'), 'utf8'))

  it('keep the public trust center at 120 KB of gzipped JavaScript or less', () => {
    const total = trust.reduce((n, f) => n + gz(f), 0)
    console.log(`public trust center: ${(total / 1024).toFixed(1)} KB gzipped JS in ${trust.length} files`)
    expect(total).toBeLessThanOrEqual(120 * 1024)
  })

  it('give visitors none of the console\'s own code', () => {
    const consoleOnly = consoleEntry.filter((f) => !trust.includes(f))
    expect(consoleOnly.length).toBeGreaterThan(0)
    for (const f of trust) expect(readFileSync(path.join(DIST, f), 'utf8')).not.toMatch(/react-router|useNavigate|QueryClient/)
  })
})
