// The export report (@portal/contracts ExportReport) from the plan and from the check made on the
// written file: counts per sheet, what was left blank or written in part and why, the non-empty
// cells replaced (with what they held, as the check read them), and the verdict.
import type { ExportReplacement, ExportReport, ExportScope, ExportSheet, ExportSkip, ExportVerification } from '@portal/contracts'
import type { WorkbookComparison, WorkbookDifference } from '@portal/sheets'
import type { ExportPlan, QuestionPlan } from './plan.js'

export const FILLED_WORKBOOK = 'Questionnaire_with_Answers.xlsx'
/** A customer's workbook with macros (.xlsm) comes back as one: the same name, the extension Excel needs. */
export const FILLED_MACRO_WORKBOOK = 'Questionnaire_with_Answers.xlsm'
export const VERIFIED = 'verified: only answer cells changed'

const skip = (p: QuestionPlan, reason: ExportSkip['reason']): ExportSkip => ({
  _id: p.question.id,
  questionId: p.question.questionRef,
  sheet: p.question.sheet,
  reason,
})
/** A difference in a few words: where, and what kind when the place alone does not say it. */
function named(d: WorkbookDifference): string {
  if (d.kind === 'part') return `the part ${d.address}`
  if (!d.address) return `the sheet ${d.sheet}`
  const at = `${d.sheet}!${d.address}`
  if (d.kind === 'emptied') return `${at} emptied`
  return d.kind === 'outside' || d.kind === 'question' ? `${at} (${d.after})` : at
}

export function verificationOf(c: WorkbookComparison): ExportVerification {
  const shown = c.differences.slice(0, 3).map(named)
  const more = c.differenceCount > shown.length ? ` and ${c.differenceCount - shown.length} more` : ''
  return {
    verified: c.differenceCount === 0,
    message:
      c.differenceCount === 0 ? VERIFIED : `${c.differenceCount} change${c.differenceCount === 1 ? '' : 's'} besides the answers: ${shown.join(', ')}${more}`,
    sheets: c.sheets,
    cells: c.cells,
    written: c.written,
    differences: c.differences,
    differenceCount: c.differenceCount,
  }
}

export function reportOf(scope: ExportScope, plan: ExportPlan, comparison: WorkbookComparison, fileName = FILLED_WORKBOOK): ExportReport {
  const sheets = new Map<string, ExportSheet>()
  const leftBlank: ExportSkip[] = []
  const writtenInPart: ExportSkip[] = []
  for (const p of plan.plans) {
    const s = sheets.get(p.question.sheet) ?? { sheet: p.question.sheet, questions: 0, written: 0, partial: 0, blank: 0, cells: 0 }
    sheets.set(s.sheet, s)
    s.questions++
    s.cells += p.cells.length
    if (p.blank) {
      s.blank++
      leftBlank.push(skip(p, p.blank))
    } else if (p.missing.length) {
      s.partial++
      for (const reason of p.missing) writtenInPart.push(skip(p, reason))
    } else s.written++
  }
  const all = [...sheets.values()]
  // The question whose cell it is: the last one written there, as the writes hold it.
  const owner = new Map(plan.plans.flatMap((p) => p.cells.map(([address]) => [`${p.question.sheet}!${address}`, p.question] as const)))
  const replaced = comparison.replaced.map((r): ExportReplacement => {
    const q = owner.get(`${r.sheet}!${r.address}`)
    return { _id: q?.id ?? '', questionId: q?.questionRef ?? '', ...r }
  })
  const sum = (k: 'written' | 'partial' | 'blank' | 'cells') => all.reduce((n, s) => n + s[k], 0)
  return {
    scope,
    fileName,
    questions: plan.plans.length,
    written: sum('written'),
    partial: sum('partial'),
    blank: sum('blank'),
    cells: sum('cells'),
    sheets: all,
    leftBlank,
    writtenInPart,
    replaced,
    verification: verificationOf(comparison),
  }
}
