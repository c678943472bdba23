// Conflicts and duplicates of the answer library (issue 24): the pair rules, the prefix filter's
// candidates against the full n² comparison on real CAIQ v4.0.3 and AICM questions, and the time
// for a 5,000-entry library.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from '@jest/globals'
import { contentWords, NEAR_IDENTICAL, similarity } from '@portal/drafting'
import { readWorkbook } from '@portal/sheets'
import { compareAnswers, type FlaggedInput, libraryFlags, sameQuestionPairs, textMark } from '../src/library-flags.js'

const DATA = path.resolve(process.cwd(), 'tests/fixtures/questionnaires/csa_reference')
/** The question column of the CSA lists, read as grids (the CSV reader handles their multi-line cells). */
async function questions(file: string, idCol: number, questionCol: number): Promise<{ ref: string; question: string }[]> {
  const grid = await readWorkbook(await readFile(path.join(DATA, file)))
  return grid.sheets[0]!.rows.slice(1)
    .map((r) => ({ ref: (r[idCol] ?? '').trim(), question: (r[questionCol] ?? '').replace(/\s+/g, ' ').trim() }))
    .filter((q) => q.question)
}
const entry = (id: string, question: string, answer: string, choiceValue: string | null = null, questionRef = ''): FlaggedInput => ({
  id,
  question,
  answer,
  choiceValue,
  questionRef,
})

describe('answers to the same question', () => {
  const Q = 'Is multi-factor authentication required for administrative access?'
  it('conflict when the choices differ by meaning, not by spelling', () => {
    expect(compareAnswers(entry('a', Q, 'x', 'Yes'), entry('b', Q, 'x', 'No'))).toBe('conflict')
    expect(compareAnswers(entry('a', Q, 'Not used.', 'N/A'), entry('b', Q, 'Not used.', 'Not Applicable'))).toBe('duplicate')
    expect(compareAnswers(entry('a', Q, 'Yes', 'Yes'), entry('b', Q, 'We use hardware keys.', 'yes'))).toBeUndefined()
    expect(compareAnswers(entry('a', Q, '', 'Partially'), entry('b', Q, '', 'Fully'))).toBe('conflict')
  })
  it('conflict when one text says yes and the other no, without choices', () => {
    expect(compareAnswers(entry('a', Q, 'Yes, through our SSO.'), entry('b', Q, 'No, passwords only.'))).toBe('conflict')
    expect(compareAnswers(entry('a', Q, 'MFA is enforced for all administrators.'), entry('b', Q, 'Administrators do not use MFA.'))).toBe('conflict')
    expect(compareAnswers(entry('a', Q, 'MFA is never required.'), entry('b', Q, 'No.'))).toBeUndefined()
    expect(compareAnswers(entry('a', Q, 'Yes, hardware keys.', null), entry('b', Q, 'No admin access exists.', 'N/A'))).toBe('conflict')
  })
  it('duplicate when the choice and the answer are the same', () => {
    expect(compareAnswers(entry('a', Q, 'Yes. MFA via Okta.', 'Yes'), entry('b', Q, 'Yes, MFA via Okta', 'Yes'))).toBe('duplicate')
    expect(compareAnswers(entry('a', Q, 'Yes. MFA via Okta.', 'Yes'), entry('b', Q, 'Yes. MFA via Okta.', null))).toBeUndefined()
  })
  it('reads the stated mark of a text', () => {
    expect(['Yes, quarterly.', 'No.', 'N/A: no such system.', 'We never store card data.', 'Backups run daily.', ''].map(textMark)).toEqual([
      'yes',
      'no',
      'na',
      'no',
      'yes',
      undefined,
    ])
  })
})

describe('which entries ask the same question', () => {
  it('takes the same framework id only when the words agree enough', () => {
    const e = [
      entry('1', 'Do you have an incident response plan?', 'Yes', 'Yes', 'SEF-02'),
      entry('2', 'Do you have a documented incident response plan?', 'No', 'No', 'SEF-02'),
      entry('3', 'Are logs retained for one year?', 'Yes', 'Yes', 'sef-02'), // same id, another question
    ]
    expect(sameQuestionPairs(e)).toEqual([[0, 1]])
    expect(libraryFlags(e).get('1')).toEqual({ conflicts: ['2'], duplicates: [] })
    expect(libraryFlags(e).get('3')).toEqual({ conflicts: [], duplicates: [] })
  })

  it('finds the pairs the full comparison finds, on real CSA questions (CAIQ v4.0.3: tuning half; AICM: held out)', async () => {
    const sets = {
      tuning: await questions('csa_caiq_v4.0.3_questions_normalized.csv', 4, 5),
      heldOut: await questions('csa_aicm_caiq_v1.1.0_questions.csv', 0, 1),
    }
    for (const [name, qs] of Object.entries(sets)) {
      const entries = qs.map((q, i) => entry(String(i), q.question, 'Yes', 'Yes'))
      // Every pair by the library's own similarity (pairs under 0.5 by plain word sets skipped: joining compounds cannot lift them to 0.94).
      const sets = qs.map((q) => new Set(contentWords(q.question)))
      const plain = (a: Set<string>, b: Set<string>) => [...a].filter((w) => b.has(w)).length / new Set([...a, ...b]).size
      const truth: string[] = []
      for (let i = 0; i < qs.length; i++)
        for (let j = i + 1; j < qs.length; j++)
          if (plain(sets[i]!, sets[j]!) >= 0.5 && similarity(qs[i]!.question, qs[j]!.question) >= NEAR_IDENTICAL) truth.push(`${i}-${j}`)
      const found = new Set(sameQuestionPairs(entries).map(([i, j]) => `${i}-${j}`))
      const recall = truth.length ? truth.filter((p) => found.has(p)).length / truth.length : 1
      console.info(`${name}: ${qs.length} questions, ${truth.length} near-identical pairs by n², recall of the filter ${recall.toFixed(3)}`)
      expect(qs.length).toBeGreaterThan(250)
      expect(recall).toBeGreaterThanOrEqual(0.95)
    }
  })

  it('flags a 5,000-entry library quickly', async () => {
    const qs = [...(await questions('csa_caiq_v4.0.3_questions_normalized.csv', 4, 5)), ...(await questions('csa_aicm_caiq_v1.1.0_questions.csv', 0, 1))]
    // Each question imported about eight times (yearly answers of several clients): yes, then no on every seventh.
    const entries = Array.from({ length: 5000 }, (_, i) => {
      const q = qs[i % qs.length]!
      return entry(`e${i}`, q.question, `Answer ${i % 3} for ${q.ref}.`, i % 7 === 0 ? 'No' : 'Yes', q.ref)
    })
    const started = performance.now()
    const flags = libraryFlags(entries)
    const ms = performance.now() - started
    const conflicted = [...flags.values()].filter((f) => f.conflicts.length).length
    console.info(`5,000 entries flagged in ${ms.toFixed(0)} ms; ${conflicted} with a conflict`)
    expect(conflicted).toBeGreaterThan(0)
    expect(ms).toBeLessThan(5000)
  })
})
