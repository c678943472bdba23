// The quality set's judge for reused answers (tests/quality/metrics.ts): a library row or a document
// pair is right only when the label names it, whatever its text; halves come from each item's split.
import { describe, expect, it } from '@jest/globals'
import { figures, halfOf, judge, type LabelledItem } from '../../../tests/quality/metrics.js'

const item = (over: Partial<LabelledItem>): LabelledItem => ({
  id: 'x',
  questionnaire: 'q',
  questionId: 'Q-1',
  question: 'Are data backups encrypted?',
  corpus: 'inst',
  choices: ['Yes', 'No', 'N/A'],
  passages: [],
  choice: 'yes',
  ...over,
})
const draft = (answer: string, choice?: 'yes' | 'no' | 'na') => ({ answer, choice, confidence: 1, citations: [], needsReview: false })

describe('judging reused library rows and document pairs', () => {
  it('counts a row the label names as supported, another row as not, whatever their text', () => {
    const labelled = item({ library: ['BCR-08.2'] })
    const right = judge(labelled, draft('Backups are immutable, encrypted using AES-GCM.', 'yes'), { kind: 'library', ref: 'BCR-08.2', question: 'q' })
    const wrong = judge(labelled, draft('Backups are immutable, encrypted using AES-GCM.', 'yes'), { kind: 'library', ref: 'BCR-08.1', question: 'q' })
    expect([right.supported, right.correct, right.source]).toEqual([true, true, 'library'])
    expect([wrong.supported, wrong.correct]).toEqual([false, false])
  })

  it('counts a row with a choice and no text as answered, and its choice against the label', () => {
    const j = judge(item({ library: ['BCR-08.2'], choice: null }), draft('', 'yes'), { kind: 'library', ref: 'BCR-08.2', question: 'q' })
    expect([j.answered, j.supported, j.correct]).toEqual([true, true, false])
    expect(figures([j]).answeredOfAnswerable).toBe(100)
  })

  it('matches a pair by its question, punctuation and case aside', () => {
    const labelled = item({ corpus: 'lf', pairs: ['How often are third‑party pen tests performed?'] })
    const j = judge(labelled, draft('Independent penetration tests occur annually.', 'yes'), {
      kind: 'pair',
      ref: 'p',
      question: 'How often are third?party pen tests performed?',
    })
    expect([j.supported, j.source]).toEqual([true, 'pair'])
    expect(judge(labelled, draft('x', 'yes'), { kind: 'pair', ref: 'p', question: 'Which audits are in place?' }).supported).toBe(false)
  })

  it("splits by the item's own half", () => {
    const js = [judge(item({ id: 'a', split: 'tuning' }), draft('')), judge(item({ id: 'b', split: 'held-out' }), draft(''))]
    expect(halfOf(js, 'held-out').map((j) => j.item.id)).toEqual(['b'])
  })
})
