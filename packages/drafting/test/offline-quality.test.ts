// The offline drafter against the whole labelled quality set (tests/quality, `npm run quality`): real
// extraction, chunking and retrieval of the fixtures' policies, answer libraries built as the product
// builds them, drafts made by draftQuestion, PGlite in memory. Holds the figures so they cannot
// regress: issue 11's targets on its three policy corpora (support, choice precision and coverage,
// "no review needed" precision, debris) and the measured floors of the rest, and the measured figures
// of issue 24's corpora per half (tests/quality/README.md, "Figures").
import { beforeAll, describe, expect, it } from '@jest/globals'
import { FIRST_CORPORA, figures, halfOf, type Judged, ofCorpus, TARGETS } from '../../../tests/quality/metrics.js'
import { reportLines } from '../../../tests/quality/report.js'
import { type QualityRun, runQualityInMemory } from '../../../tests/quality/run-quality.js'

/** Measured on issue 11's corpora (README.md, "Figures"); raise these as the drafter improves, never lower them (the ceiling: never raise it). */
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

/**
 * Issue 24's corpora, measured 2026-11-29 per half (README.md): answers, answers from a labelled
 * passage / row / pair, drafts with the label's choice. Floors (raise them as the drafter improves);
 * `unanswerable` is a ceiling on answers to items the labels call not answerable.
 */
const NEW_FLOORS: Record<
  string,
  Record<'tuning' | 'held-out', { answered: number; supported: number; rightChoices: number; unanswerable: number; shown: number }>
> = {
  // Issue 24's citation rules withdrew 4 answers that quoted no labelled passage (tuning 3 of 3, held-out 1; 3 of
  // them carried the label's choice by chance); the FAQ pairs then answer DOCU-06 from the privacy FAQ (tuning:
  // supported, no choice, so it asks for review). Then (tuning) "SSAE 18/SOC 2" read as alternatives and "WAF"
  // folded answer two more, and (held-out) a denial read in the clause asked about mended a wrong No.
  // `shown`: drafts showing the reviewer, as a suggestion, an entry the label names.
  lf: {
    tuning: { answered: 3, supported: 3, rightChoices: 2, unanswerable: 0, shown: 0 },
    'held-out': { answered: 7, supported: 6, rightChoices: 5, unanswerable: 0, shown: 4 },
  },
  // CSA's CAIQ v3.0.1 / v4 control mapping (framework-crosswalk.ts): tuning, DCS-03.1 reused from the
  // mapped DCS-08.1 (for review: one scope word apart); rows on mapped controls shown as suggestions
  // (labelled ones: tuning 4 -> 4, the fifth now answered; held-out 1 -> 5).
  inst: {
    tuning: { answered: 1, supported: 1, rightChoices: 1, unanswerable: 0, shown: 4 },
    'held-out': { answered: 0, supported: 0, rightChoices: 0, unanswerable: 0, shown: 5 },
  },
}

let run: QualityRun
let first: Judged[]

beforeAll(async () => {
  run = await runQualityInMemory()
  first = run.judged.filter((j) => FIRST_CORPORA.includes(j.item.corpus))
  console.log(reportLines(run.judged).join('\n'))
}, 240_000)

describe('offline drafter on the labelled quality set', () => {
  it('has every labelled passage and library row in its corpus, and at least 150 questions on the first corpora', () => {
    expect(run.missingPassages).toEqual([])
    expect(run.missingEntries.filter((m) => / row /.test(m))).toEqual([])
    expect(figures(first).items).toBeGreaterThanOrEqual(150)
    expect(run.judged.length - first.length).toBeGreaterThanOrEqual(120)
  })

  it('writes no Markdown, table or list debris into any answer', () => {
    const withDebris = first.filter((j) => j.debris.length).map((j) => `${j.item.id}: ${j.debris.join(', ')}`)
    expect(withDebris).toEqual([])
    expect(figures(first).debris).toBe(TARGETS.debris)
  })

  it('proposes Yes / No / N.A. precisely', () => {
    expect(figures(first).choicePrecision).toBeGreaterThanOrEqual(TARGETS.choicePrecision)
    expect(figures(first).choiceCoverage).toBeGreaterThanOrEqual(TARGETS.choiceCoverage)
  })

  it('quotes passages that support the answer, and marks few drafts "no review needed" wrongly', () => {
    const f = figures(first)
    expect(f.answered).toBeGreaterThanOrEqual(FLOORS.answered)
    expect(f.support).toBeGreaterThanOrEqual(TARGETS.support)
    expect(f.noReview).toBeGreaterThanOrEqual(FLOORS.noReview)
    expect(f.noReviewPrecision).toBeGreaterThanOrEqual(TARGETS.noReviewPrecision)
  })

  it('keeps "no review needed" precise on the held-out half (odd items), not only on the whole set', () => {
    const heldOut = figures(halfOf(first, 'held-out'))
    expect(heldOut.noReview).toBeGreaterThanOrEqual(FLOORS.heldOutNoReview)
    expect(heldOut.noReviewPrecision).toBeGreaterThanOrEqual(TARGETS.noReviewPrecision)
  })

  it('does not paste one passage under unrelated questions', () => {
    expect(figures(first).distinctRatio).toBeGreaterThanOrEqual(FLOORS.distinctRatio)
    // An answer repeated under several questions is (nearly always) one they all ask about: the
    // same question in two questionnaires, not a passage pasted under unrelated ones.
    const uses = new Map<string, number>()
    for (const j of first.filter((x) => x.answered)) uses.set(j.draft.answer, (uses.get(j.draft.answer) ?? 0) + 1)
    const pasted = first.filter((j) => j.answered && uses.get(j.draft.answer)! > 1 && !j.supported)
    expect(pasted.length).toBeLessThanOrEqual(FLOORS.repeatedUnsupported)
  })

  it.each(Object.keys(NEW_FLOORS))('holds the measured figures of corpus %s on each half, with no debris', (corpus) => {
    for (const half of ['tuning', 'held-out'] as const) {
      const js = halfOf(ofCorpus(run.judged, corpus), half)
      const floor = NEW_FLOORS[corpus]![half]
      const got = {
        answered: js.filter((j) => j.answered).length,
        supported: js.filter((j) => j.answered && j.supported).length,
        rightChoices: js.filter((j) => j.draft.choice && j.draft.choice === j.item.choice).length,
        unanswerable: figures(js).answeredUnanswerable,
        shown: js.filter((j) => j.suggested === 'labelled').length,
      }
      expect({ half, ...got }).toEqual({
        half,
        answered: Math.max(got.answered, floor.answered),
        supported: Math.max(got.supported, floor.supported),
        rightChoices: Math.max(got.rightChoices, floor.rightChoices),
        unanswerable: Math.min(got.unanswerable, floor.unanswerable),
        shown: Math.max(got.shown, floor.shown),
      })
      expect(js.filter((j) => j.debris.length).map((j) => `${j.item.id}: ${j.debris.join(', ')}`)).toEqual([])
    }
  })
})
