// What an export writes into the customer's workbook, question by question, from the role
// extraction gave each answer cell (AnswerCellRow): the choice into the choice cell (a dropdown's
// value, or an x under the chosen Yes / No / N.A. column), the text into the first narrative cell.
// Never a text into a dropdown, and never an empty value: a group already marked under another
// column keeps the customer's mark (emptying it would erase what they answered). What is not
// written says why. Pure.
import type { ExportReason, ExportScope } from '@portal/contracts'
import { carryChoice, cellRole, markOf } from '@portal/drafting'
import type { AnswerCellRow } from '@portal/questionnaire-store'
import type { CellWrites } from '@portal/sheets'

export interface ExportQuestion {
  id: string
  questionRef: string
  sheet: string
  /** 0-based row of the question on its sheet, and its text: the check confirms the answers land on it. */
  row: number
  question: string
  answer: string
  choiceValue: string | null
  llmstatus: boolean
  answerCells: unknown
  /**
   * A comment written beside the answer, on the question's row in the sheet's comments column (an
   * outbound's client comments, issue 25); written whether or not the question has an answer.
   */
  commentCell?: { address: string; text: string } | undefined
}

export interface QuestionPlan {
  question: ExportQuestion
  /** Address → value, never empty. */
  cells: [string, string | number][]
  /** Set when nothing is written. */
  blank?: ExportReason
  /** The parts not written when others were. */
  missing: ExportReason[]
  /** The cell its text went into, if any. */
  textCell?: string
}

/** Approved: marked approved (spec §4: llmstatus); all: every draft. */
export const inScope = (q: Pick<ExportQuestion, 'llmstatus'>, scope: ExportScope) => scope === 'all' || q.llmstatus

/** Scores and other numeric options go in as numbers: formulas that add or average them skip text. */
const asValue = (option: string): string | number => (/^-?\d{1,15}(?:\.\d{1,10})?$/.test(option.trim()) ? Number(option) : option)

type Cell = AnswerCellRow & { role: 'choice' | 'mark' | 'narrative' }

/** Whether a cell of the customer's file holds something (a mark): by sheet and A1 address. */
export type Marked = (sheet: string, address: string) => boolean
const unmarked: Marked = () => false

/**
 * The cells a choice fills: the first dropdown that offers it (as choicesOf ranks them), else an x
 * in the mark group; `marked-before` when another column of the group holds a mark already (a
 * workbook filled before must not end with two marks, and the customer's x is never emptied).
 */
function placeChoice(choice: string, dropdowns: Cell[], marks: Cell[], markedIn: (c: Cell) => boolean): [string, string | number][] | ExportReason | undefined {
  for (const d of dropdowns) {
    const option = carryChoice(choice, d.choices)
    if (option) return [[d.address, asValue(option)]]
  }
  const mark = markOf(choice)
  const chosen = marks.find((m) => m.header.trim() === choice.trim()) ?? (mark ? marks.find((m) => markOf(m.header) === mark) : undefined)
  if (!chosen) return undefined
  return marks.some((m) => m !== chosen && markedIn(m)) ? 'marked-before' : [[chosen.address, 'x']]
}

export function planQuestion(q: ExportQuestion, scope: ExportScope, marked: Marked = unmarked): QuestionPlan {
  const plan = planAnswer(q, scope, marked)
  const note = q.commentCell
  // Never over an answer's own cell (a layout may name one column for both).
  if (!note?.text.trim() || plan.cells.some(([address]) => address === note.address)) return plan
  return { ...plan, cells: [...plan.cells, [note.address, note.text]] }
}

function planAnswer(q: ExportQuestion, scope: ExportScope, marked: Marked): QuestionPlan {
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
    const placed = choice ? placeChoice(choice, dropdowns, marks, (c) => marked(q.sheet, c.address)) : undefined
    if (Array.isArray(placed)) out.push(...placed)
    else choiceMissing = placed ?? (choice ? 'not-an-option' : 'no-choice')
  } else if (choice && !text) {
    choiceMissing = 'not-an-option'
  }
  if (!out.length) return blank(choiceMissing ?? textMissing ?? 'no-answer-cell')
  const textCell = text ? cells.find((c) => c.role === 'narrative')?.address : undefined
  return {
    question: q,
    cells: out,
    missing: [textMissing, choiceMissing].filter((r): r is ExportReason => r !== undefined),
    ...(textCell ? { textCell } : {}),
  }
}

export interface ExportPlan {
  plans: QuestionPlan[]
  writes: CellWrites
}

/** Whether any question the scope takes answers by marks: only then is the file read for the marks it holds. */
export const needsMarks = (questions: ExportQuestion[], scope: ExportScope) =>
  questions.some((q) => inScope(q, scope) && ((q.answerCells ?? []) as AnswerCellRow[]).some((c) => cellRole(c) === 'mark'))

/**
 * Every question's plan, and the cells to write per sheet (a later question's cell wins, as
 * extraction orders them), except texts: the lettered sub-questions of one cell share their row's
 * answer cell, which takes all their answers as one text, each labelled with its sub-question's id.
 */
export function planExport(questions: ExportQuestion[], scope: ExportScope, marked: Marked = unmarked): ExportPlan {
  const plans = questions.map((q) => planQuestion(q, scope, marked))
  const writes: CellWrites = new Map()
  /** Sheet and address → the texts written there, with their questions' ids. */
  const texts = new Map<string, { ref: string; text: string }[]>()
  for (const p of plans) {
    if (!p.cells.length) continue
    const sheet = writes.get(p.question.sheet) ?? new Map<string, string | number>()
    for (const [address, value] of p.cells) {
      if (address !== p.textCell) {
        sheet.set(address, value)
        continue
      }
      const key = `${p.question.sheet}!${address}`
      const all = [...(texts.get(key) ?? []), { ref: p.question.questionRef, text: String(value) }]
      texts.set(key, all)
      sheet.set(address, all.length > 1 ? all.map((t) => `${t.ref}: ${t.text}`).join('\n\n') : value)
    }
    writes.set(p.question.sheet, sheet)
  }
  return { plans, writes }
}
