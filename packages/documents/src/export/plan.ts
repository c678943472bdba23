// What an export writes into the customer's workbook, question by question, from the role
// extraction gave each answer cell (AnswerCellRow): the choice into the choice cell (a dropdown's
// value, or an x under the chosen Yes / No / N.A. column, the group's other marks emptied), the text
// into the first narrative cell. Never a text into a dropdown. What is not written says why. Pure.
import type { ExportReason, ExportScope } from '@portal/contracts'
import { carryChoice, cellRole, markOf } from '@portal/drafting'
import type { AnswerCellRow } from '@portal/questionnaire-store'
import type { CellWrites } from '@portal/sheets'

export interface ExportQuestion {
  id: string
  questionRef: string
  sheet: string
  answer: string
  choiceValue: string | null
  llmstatus: boolean
  answerCells: unknown
}

export interface QuestionPlan {
  question: ExportQuestion
  /** Address → value; '' empties a mark of the chosen group. */
  cells: [string, string | number][]
  /** Set when nothing is written. */
  blank?: ExportReason
  /** The parts not written when others were. */
  missing: ExportReason[]
}

/** Approved: marked approved (spec §4: llmstatus); all: every draft. */
export const inScope = (q: Pick<ExportQuestion, 'llmstatus'>, scope: ExportScope) => scope === 'all' || q.llmstatus

/** Scores and other numeric options go in as numbers: formulas that add or average them skip text. */
const asValue = (option: string): string | number => (/^-?\d{1,15}(?:\.\d{1,10})?$/.test(option.trim()) ? Number(option) : option)

type Cell = AnswerCellRow & { role: 'choice' | 'mark' | 'narrative' }

/** The cells a choice fills: the first dropdown that offers it (as choicesOf ranks them), else the mark group. */
function placeChoice(choice: string, dropdowns: Cell[], marks: Cell[]): [string, string | number][] | undefined {
  for (const d of dropdowns) {
    const option = carryChoice(choice, d.choices)
    if (option) return [[d.address, asValue(option)]]
  }
  const mark = markOf(choice)
  const chosen = marks.find((m) => m.header.trim() === choice.trim()) ?? (mark ? marks.find((m) => markOf(m.header) === mark) : undefined)
  // A workbook filled before (an x under Yes) must not end with two marks.
  return chosen ? marks.map((m) => [m.address, m === chosen ? 'x' : '']) : undefined
}

export function planQuestion(q: ExportQuestion, scope: ExportScope): QuestionPlan {
  const text = q.answer.trim() ? q.answer : ''
  const choice = q.choiceValue?.trim() ? q.choiceValue : ''
  const blank = (reason: ExportReason): QuestionPlan => ({ question: q, cells: [], blank: reason, missing: [] })
  if (!text && !choice) return blank('no-answer')
  if (!inScope(q, scope)) return blank('not-approved')
  const cells: Cell[] = ((q.answerCells ?? []) as AnswerCellRow[]).map((c) => ({ ...c, role: cellRole(c) }))
  if (!cells.length) return blank('no-answer-cell')

  const out: [string, string | number][] = []
  let textMissing: ExportReason | undefined
  let choiceMissing: ExportReason | undefined
  if (text) {
    const narrative = cells.find((c) => c.role === 'narrative')
    if (narrative) out.push([narrative.address, text])
    else textMissing = 'no-text-cell'
  }
  const dropdowns = cells.filter((c) => c.role === 'choice')
  const marks = cells.filter((c) => c.role === 'mark')
  if (dropdowns.length || marks.length) {
    const placed = choice ? placeChoice(choice, dropdowns, marks) : undefined
    if (placed) out.push(...placed)
    else choiceMissing = choice ? 'not-an-option' : 'no-choice'
  } else if (choice && !text) {
    choiceMissing = 'not-an-option'
  }
  if (!out.length) return blank(choiceMissing ?? textMissing ?? 'no-answer-cell')
  return { question: q, cells: out, missing: [textMissing, choiceMissing].filter((r): r is ExportReason => r !== undefined) }
}

export interface ExportPlan {
  plans: QuestionPlan[]
  writes: CellWrites
}

/** Every question's plan, and the cells to write per sheet (a later question's cell wins, as extraction orders them). */
export function planExport(questions: ExportQuestion[], scope: ExportScope): ExportPlan {
  const plans = questions.map((q) => planQuestion(q, scope))
  const writes: CellWrites = new Map()
  for (const p of plans) {
    if (!p.cells.length) continue
    const sheet = writes.get(p.question.sheet) ?? new Map<string, string | number>()
    for (const [address, value] of p.cells) sheet.set(address, value)
    writes.set(p.question.sheet, sheet)
  }
  return { plans, writes }
}
