// The offline drafter against the whole labelled quality set (tests/quality, `npm run quality`): real
// extraction, chunking and retrieval of the fixtures' policies, PGlite in memory. Holds the figures
// so they cannot regress: issue 11's targets (support, choice precision and coverage, "no review
// needed" precision, debris), and the measured floors of the rest (tests/quality/README.md, "Figures").
import { beforeAll, describe, expect, it } from '@jest/globals'
import { figures, halfOf, TARGETS } from '../../../tests/quality/metrics.js'
import { type QualityRun, runQualityInMemory } from '../../../tests/quality/run-quality.js'

/** Measured on this set (README.md, "Figures"); raise these as the drafter improves, never lower them (the ceiling: never raise it). */
const FLOORS = {
  distinctRatio: 0.82,
  answered: 73,
  noReview: 27,
  heldOutNoReview: 12,
  // A ceiling: the privacy-training sentence under "a data privacy policy?" (DOCU-06), and the device
  // screen-lock sentence under "Does your application lock the session ...?" (AAAI-18; the same sentence
  // rightly answers the endpoint screen-lock question). See README.md, "Figures".
  repeatedUnsupported: 2,
}

let run: QualityRun

beforeAll(async () => {
  run = await runQualityInMemory()
}, 120_000)

describe('offline drafter on the labelled quality set', () => {
  it('has every labelled passage in its corpus and at least 150 questions', () => {
    expect(run.missingPassages).toEqual([])
    expect(run.figures.items).toBeGreaterThanOrEqual(150)
  })

  it('writes no Markdown, table or list debris into any answer', () => {
    const withDebris = run.judged.filter((j) => j.debris.length).map((j) => `${j.item.id}: ${j.debris.join(', ')}`)
    expect(withDebris).toEqual([])
    expect(run.figures.debris).toBe(TARGETS.debris)
  })

  it('proposes Yes / No / N.A. precisely', () => {
    expect(run.figures.choicePrecision).toBeGreaterThanOrEqual(TARGETS.choicePrecision)
    expect(run.figures.choiceCoverage).toBeGreaterThanOrEqual(TARGETS.choiceCoverage)
  })

  it('quotes passages that support the answer, and marks few drafts "no review needed" wrongly', () => {
    expect(run.figures.answered).toBeGreaterThanOrEqual(FLOORS.answered)
    expect(run.figures.support).toBeGreaterThanOrEqual(TARGETS.support)
    expect(run.figures.noReview).toBeGreaterThanOrEqual(FLOORS.noReview)
    expect(run.figures.noReviewPrecision).toBeGreaterThanOrEqual(TARGETS.noReviewPrecision)
  })

  it('keeps "no review needed" precise on the held-out half (odd items), not only on the whole set', () => {
    const heldOut = figures(halfOf(run.judged, 'held-out'))
    expect(heldOut.noReview).toBeGreaterThanOrEqual(FLOORS.heldOutNoReview)
    expect(heldOut.noReviewPrecision).toBeGreaterThanOrEqual(TARGETS.noReviewPrecision)
  })

  it('does not paste one passage under unrelated questions', () => {
    expect(run.figures.distinctRatio).toBeGreaterThanOrEqual(FLOORS.distinctRatio)
    // An answer repeated under several questions is (nearly always) one they all ask about: the
    // same question in two questionnaires, not a passage pasted under unrelated ones.
    const uses = new Map<string, number>()
    for (const j of run.judged.filter((x) => x.answered)) uses.set(j.draft.answer, (uses.get(j.draft.answer) ?? 0) + 1)
    const pasted = run.judged.filter((j) => j.answered && uses.get(j.draft.answer)! > 1 && !j.supported)
    expect(pasted.length).toBeLessThanOrEqual(FLOORS.repeatedUnsupported)
  })
})
