// The extraction's figures on the labelled questionnaire fixtures (npm run extraction prints them)
// held as floors: per fixture, questions found may only rise and false positives only fall, and
// wrong answer columns may rise only by the questions newly found, so the reading can only improve
// (issue 23). When it does, move the floors here to the new figures. And the product knows when it
// is unsure: every file it reads below CHECK_BELOW is one the truth calls ambiguous, and every file
// above it has no wrong answer column.
import { CHECK_BELOW } from '@portal/documents'
import { describe, expect, it } from '@jest/globals'
import { type Judged, measureAll, measureMapped, total } from './measure.js'
import { truthIndex } from './truth.js'

/** fixture: [labelled questions, found at least, false positives at most, wrong answer columns]. */
const FLOORS: Record<string, [number, number, number, number]> = {
  'csf_profile/csf2-profile-examples.xlsx': [362, 362, 0, 0],
  'csf_profile/csf2-assessment-workbook.xlsx': [363, 363, 0, 0],
  'csf_profile/ciso-self-assessment.csv': [106, 106, 0, 0],
  'HECVAT414_blank_sagearbor.xlsx': [332, 332, 0, 0],
  'csa-caiq-v3.0.1-09-01-2017.xlsx': [294, 294, 0, 0],
  'csa-caiq-v3.0.1-09-01-2017-filled.xlsx': [294, 294, 0, 0],
  'xls/csa-caiq-v3.0.1-09-01-2017.xls': [294, 294, 0, 0],
  'csa-caiq-v1.1-09-01-2011.xlsx': [197, 197, 0, 0],
  'csa_reference/csa_caiq_v4.0.3_questions_normalized.csv': [261, 261, 0, 0],
  'csa_reference/csa_aicm_caiq_v1.1.0_questions.csv': [320, 320, 0, 0],
  'built/caiq-v4.0.3.xlsx': [261, 261, 0, 0],
  'built/sig-lite.xlsx': [39, 39, 0, 0],
  'built/vsa-core.xlsx': [20, 20, 0, 0],
  'built/numbered-ids.xlsx': [24, 24, 0, 0],
  'built/vendor-questions.csv': [20, 20, 0, 0],
  'built/vendor-questionnaire.docx': [19, 19, 0, 0],
  'built/csf2-profile.xlsx': [106, 106, 0, 0],
  'built/csf2-assessment.xlsx': [106, 106, 0, 0],
  'built/analyst-report.xlsx': [17, 17, 0, 0],
  'intuitem/cisa-vendor-scrm.xlsx': [255, 255, 0, 0],
  'xls/cisa-vendor-scrm.xls': [255, 255, 0, 0],
  'intuitem/vendor-due-diligence.xlsx': [46, 46, 0, 0],
  'built/named-ranges.xlsx': [12, 12, 0, 0],
  'built/toolbox.xlsx': [32, 32, 0, 0],
  'built/caiq-packed.xlsx': [41, 41, 0, 0],
  'built/vendor-macro.xlsm': [12, 12, 0, 0],
}

describe('question extraction against the labelled fixtures', () => {
  let judged: Judged[] = []

  it('measures every labelled fixture, and every fixture has a floor', async () => {
    judged = await measureAll()
    expect(judged.map((j) => j.entry.file).sort()).toEqual(Object.keys(FLOORS).sort())
  })

  it.each(Object.entries(FLOORS))(
    '%s: found, false positives and answer columns no worse than their floors',
    (file, [labelled, found, falsePositives, wrongAnswer]) => {
      const j = judged.find((x) => x.entry.file === file)
      expect(j).toBeDefined()
      expect(j!.figures.truth).toBe(labelled)
      expect(j!.figures.found).toBeGreaterThanOrEqual(found)
      expect(j!.figures.falsePositives).toBeLessThanOrEqual(falsePositives)
      expect(j!.figures.wrongAnswer).toBeLessThanOrEqual(wrongAnswer + j!.figures.found - found)
    },
  )

  it('reads below the confidence threshold only files whose layout is ambiguous, and right above it', () => {
    for (const j of judged.filter((x) => x.confidence !== undefined)) {
      const unsure = j.confidence! < CHECK_BELOW
      if (unsure) expect({ file: j.entry.file, ambiguous: j.entry.ambiguous }).toEqual({ file: j.entry.file, ambiguous: true })
      else expect({ file: j.entry.file, wrongAnswer: j.figures.wrongAnswer }).toEqual({ file: j.entry.file, wrongAnswer: 0 })
    }
  })

  it('finds at least 99 % of the labelled questions over every fixture', () => {
    const all = total(judged)
    expect(all.found / all.truth).toBeGreaterThanOrEqual(0.99)
  })

  it('reads the same questions again with its own mapping confirmed, on every fixture', async () => {
    for (const entry of (await truthIndex()).filter((e) => !e.file.endsWith('.docx'))) {
      const j = await measureMapped(entry)
      const auto = judged.find((x) => x.entry.file === entry.file)!.figures
      const figures = { missed: j.figures.missed, falsePositives: j.figures.falsePositives, wrongAnswer: j.figures.wrongAnswer }
      expect({ file: entry.file, ...figures }).toEqual({ file: entry.file, missed: auto.missed, falsePositives: auto.falsePositives, wrongAnswer: 0 })
      expect(j.confidence).toBe(1)
    }
    // Every fixture read again in the sheet worker: about 30 s alone, twice that on a busy 2-core runner.
  }, 180_000)

  it('reads the right texts once a person moves the question column (a bilingual library: the labelled locale)', async () => {
    const entry = (await truthIndex()).find((e) => e.file === 'intuitem/vendor-due-diligence.xlsx')!
    const before = await measureMapped(entry)
    expect(before.figures.wrongText).toBe(46)
    const after = await measureMapped(entry, (m) => ({ ...m, columns: { ...m.columns, question: 'E' } }))
    expect(after.figures).toMatchObject({ found: 46, missed: 0, falsePositives: 0, wrongText: 0, wrongAnswer: 0 })
  })
})
