import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { isHeading } from '@portal/knowledge'
import { chunkPages, chunkSize } from '../src/chunk-pages.js'
import { extractPdfText } from '../src/pdf/extract-text.js'

const POLICIES = path.resolve(process.cwd(), 'tests/fixtures/policies')

describe('chunks of the SOC 2 policy set', () => {
  it('cover every page without crossing one, within the size bounds, with headings', async () => {
    const pages = await extractPdfText(await readFile(path.join(POLICIES, 'open_access_policies/minimal-soc2_compiled.pdf')))
    const chunks = chunkPages(pages)
    expect(chunks.length).toBeGreaterThan(200)
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i))
    for (const c of chunks) {
      expect(c.text.length).toBeLessThanOrEqual(chunkSize.max + 200)
      expect(pages[c.page - 1]!.text.replace(/\s+/g, ' ')).toContain(c.text.split('\n')[0]!.replace(/\s+/g, ' ').trim())
    }
    // No text is lost: every word of every page is in its page's chunks.
    const words = (s: string) => s.split(/\s+/).filter(Boolean).length
    for (const p of pages) expect(chunks.filter((c) => c.page === p.page).reduce((n, c) => n + words(c.text), 0)).toBe(words(p.text))
    expect(chunks.filter((c) => c.heading).length / chunks.length).toBeGreaterThan(0.8)
  })
})

describe('headings', () => {
  it.each(['Access Control Policy', '4.2 Encryption of Data at Rest', 'INCIDENT RESPONSE', 'Roles and Responsibilities'])('%s is one', (l) =>
    expect(isHeading(l)).toBe(true),
  )
  it.each(['All employees must complete security training annually.', 'and the', 'This policy applies to all systems, and to', '12'])('%s is not', (l) =>
    expect(isHeading(l)).toBe(false),
  )
})
