// Library entries are the same question (flagged as duplicates or conflicts) only when nearly the same
// words: NEAR_IDENTICAL is held against a hand-labelled set of question pairs from the real questionnaires
// (tests/fixtures/answer-library-pairs.json): no wrong reuse, and most rewordings found.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { contentWords, NEAR_IDENTICAL, similarity } from '../src/answer-library.js'

const atRest = 'Do you encrypt customer data at rest?'
const pentests = 'Do you perform annual penetration tests?'

interface Pair {
  same: boolean
  a: string
  b: string
  from: string
}
const { pairs } = JSON.parse(readFileSync(path.resolve(process.cwd(), 'tests/fixtures/answer-library-pairs.json'), 'utf8')) as { pairs: Pair[] }

/** Precision and recall of reuse at a threshold: a pair is reused when its similarity reaches it. */
function measure(threshold: number) {
  const reused = pairs.filter((p) => similarity(p.a, p.b) >= threshold)
  const right = reused.filter((p) => p.same).length
  return {
    threshold,
    precision: reused.length ? right / reused.length : 1,
    recall: right / pairs.filter((p) => p.same).length,
    wrong: reused.filter((p) => !p.same).map((p) => p.from),
  }
}

describe('answer library', () => {
  it('counts a near-identical question as the same words', () => {
    expect(similarity('Do you encrypt customer data at rest?*', atRest)).toBe(1)
    expect(similarity('  DO YOU ENCRYPT  customer data at rest ? ', atRest)).toBe(1)
    // The same content words in another order and form ask the same thing.
    expect(similarity('Is customer data encrypted at rest?', atRest)).toBe(1)
    expect(similarity('Are customer records protected when stored?', atRest)).toBeLessThan(NEAR_IDENTICAL) // same meaning, other words
  })

  it('does not confuse questions that differ in one word', () => {
    expect(similarity('Do you encrypt customer data in transit?', atRest)).toBeLessThan(NEAR_IDENTICAL)
    for (const q of ['Do you perform annual vulnerability scans?', 'Do you perform annual internal penetration tests?']) {
      expect(Math.max(similarity(q, atRest), similarity(q, pentests))).toBeLessThan(NEAR_IDENTICAL)
    }
    expect(similarity('abc', 'abc')).toBe(1)
    expect(similarity('', 'abc')).toBe(0)
  })

  it('reads rewordings of the same words as the same words', () => {
    expect(similarity('Will you provide your patching timeframes upon request?', 'Will you provide your patching time frames upon request?')).toBe(1)
    expect(similarity('Do you utilize dedicated secure networks?', 'Do you use dedicated secure networks?')).toBe(1)
    expect(similarity('Are policies established for labeling?', 'Are Polices and procedures established for labeling?')).toBeLessThan(NEAR_IDENTICAL)
  })

  it('holds its measured threshold on the labelled pairs of real questionnaires: no wrong reuse, most rewordings found', () => {
    expect(pairs.length).toBeGreaterThanOrEqual(200)
    const table = [0.85, 0.9, 0.92, NEAR_IDENTICAL, 0.96].map(measure)
    // The figures stated next to NEAR_IDENTICAL in answer-library.ts.
    expect(table.map((m) => [m.threshold, m.precision.toFixed(3), m.recall.toFixed(3)])).toEqual([
      [0.85, '0.962', '0.926'],
      [0.9, '0.973', '0.901'],
      [0.92, '0.986', '0.840'],
      [0.94, '1.000', '0.790'],
      [0.96, '1.000', '0.765'],
    ])
    const chosen = measure(NEAR_IDENTICAL)
    expect(chosen.wrong).toEqual([])
    expect(chosen.recall).toBeGreaterThanOrEqual(0.75)
  })
})

describe("the field's abbreviations and synonyms", () => {
  const same = (a: string, b: string) => expect(contentWords(a)).toEqual(contentWords(b))
  it('reads an abbreviation and its words as one term', () => {
    same('Is multi-factor authentication required?', 'Is MFA required?')
    same('two-factor authentication', '2FA')
    same('single sign-on', 'SSO')
    same('Customer data is backed up daily', 'Customer data backups daily')
    same('administrative access', 'admin access')
    same('segregated environments', 'isolated environments')
    same('a penetration test', 'a pentest')
    same('business continuity plan', 'BCP')
  })
  it('keeps apart what the field does not use interchangeably', () => {
    expect(contentWords('reviewed annually')).not.toEqual(contentWords('reviewed regularly'))
    expect(contentWords('develop secure software')).not.toContain('nonproduct')
    expect(contentWords('the SSO provider')).not.toEqual(contentWords('the MFA provider'))
  })
})
