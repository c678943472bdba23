// The export report (@portal/contracts ExportReport) from the plan and from the check made on the
// written file: counts per sheet, what was left blank or written in part and why, and the verdict.
import type { ExportReport, ExportScope, ExportSheet, ExportSkip, ExportVerification } from '@portal/contracts'
import type { WorkbookComparison } from '@portal/sheets'
import type { ExportPlan, QuestionPlan } from './plan.js'

export const FILLED_WORKBOOK = 'Questionnaire_with_Answers.xlsx'
export const VERIFIED = 'verified: only answer cells changed'

const skip = (p: QuestionPlan, reason: ExportSkip['reason']): ExportSkip => ({
  _id: p.question.id,
  questionId: p.question.questionRef,
  sheet: p.question.sheet,
  reason,
})
/** Cells that received a value; an emptied mark is a write, but not an answer. */
const filled = (p: QuestionPlan) => p.cells.filter(([, v]) => v !== '').length

export function verificationOf(c: WorkbookComparison): ExportVerification {
  const shown = c.differences
    .slice(0, 3)
    .map((d) => (d.kind === 'part' ? `the part ${d.address}` : d.address ? `${d.sheet}!${d.address}` : `the sheet ${d.sheet}`))
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

export function reportOf(scope: ExportScope, plan: ExportPlan, comparison: WorkbookComparison): ExportReport {
  const sheets = new Map<string, ExportSheet>()
  const leftBlank: ExportSkip[] = []
  const writtenInPart: ExportSkip[] = []
  for (const p of plan.plans) {
    const s = sheets.get(p.question.sheet) ?? { sheet: p.question.sheet, questions: 0, written: 0, partial: 0, blank: 0, cells: 0 }
    sheets.set(s.sheet, s)
    s.questions++
    s.cells += filled(p)
    if (p.blank) {
      s.blank++
      leftBlank.push(skip(p, p.blank))
    } else if (p.missing.length) {
      s.partial++
      for (const reason of p.missing) writtenInPart.push(skip(p, reason))
    } else s.written++
  }
  const all = [...sheets.values()]
  const sum = (k: 'written' | 'partial' | 'blank' | 'cells') => all.reduce((n, s) => n + s[k], 0)
  return {
    scope,
    fileName: FILLED_WORKBOOK,
    questions: plan.plans.length,
    written: sum('written'),
    partial: sum('partial'),
    blank: sum('blank'),
    cells: sum('cells'),
    sheets: all,
    leftBlank,
    writtenInPart,
    verification: verificationOf(comparison),
  }
}
