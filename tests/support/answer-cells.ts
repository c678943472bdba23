// What an export must write, worked out from the answer-cell contract alone (AnswerCellRow in
// @portal/questionnaire-store), independently of the service's own plan: the text in the first
// narrative cell, the choice in the dropdown that offers it or an x under the chosen Yes / No / N.A.
// column (unless another column of the group is marked already: a mark is never emptied); never a
// text in a dropdown, never an empty value. Tests compare the export
// and its report with this, so they hold whatever cells extraction records.
import { cellRole } from '@portal/drafting'

export interface CellsOf {
  sheet: string
  /** The question's id: sub-questions sharing a cell are labelled with it there. */
  questionId?: string
  answerCells: { address: string; header: string; role?: 'choice' | 'mark' | 'narrative'; choices?: string[] }[]
}

export interface Answered {
  answer: string
  choiceValue: string | null
  approved: boolean
}

export interface ExpectedExport {
  /** `sheet!A1` → the text readWorkbook gives back for it. */
  cells: Map<string, string>
  written: number
  partial: number
  blank: number
  /** Cells that receive a value. */
  filled: number
  /** Per question: why it was left blank, or the parts missing ('' when written in full). */
  outcomes: string[]
}

/** Text that starts like a formula comes back with a leading ' (security.md B15). */
export const neutralised = (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text)

/** `marked`: whether the file holds something at `sheet`, `address` (a workbook filled before). */
export function expectedExport(
  questions: CellsOf[],
  answers: Answered[],
  scope: 'approved' | 'all',
  marked: (sheet: string, address: string) => boolean = () => false,
): ExpectedExport {
  const out: ExpectedExport = { cells: new Map(), written: 0, partial: 0, blank: 0, filled: 0, outcomes: [] }
  /** The texts a cell takes: the lettered sub-questions of one cell share its answer cell, each answer labelled. */
  const texts = new Map<string, string[]>()
  for (const [i, q] of questions.entries()) {
    const { answer, choiceValue, approved } = answers[i]!
    const text = answer.trim() ? answer : ''
    const choice = choiceValue ?? ''
    const cells = q.answerCells.map((c) => ({ ...c, role: cellRole(c) }))
    const blank = (reason: string) => {
      out.blank++
      out.outcomes.push(`blank: ${reason}`)
    }
    if (!text && !choice) {
      blank('no-answer')
      continue
    }
    if (scope === 'approved' && !approved) {
      blank('not-approved')
      continue
    }
    if (!cells.length) {
      blank('no-answer-cell')
      continue
    }
    const set = new Map<string, string>()
    const missing: string[] = []
    const narrative = cells.find((c) => c.role === 'narrative')
    if (text && narrative) {
      const key = `${q.sheet}!${narrative.address}`
      const labelled = [...(texts.get(key) ?? []), `${q.questionId ?? ''}: ${text}`]
      texts.set(key, labelled)
      set.set(narrative.address, labelled.length > 1 ? neutralised(labelled.join('\n\n')) : neutralised(text))
    } else if (text) missing.push('no-text-cell')
    const dropdowns = cells.filter((c) => c.role === 'choice')
    const marks = cells.filter((c) => c.role === 'mark')
    if (dropdowns.length || marks.length) {
      const dropdown = dropdowns.find((c) => c.choices?.includes(choice))
      const mark = marks.find((m) => m.header.trim() === choice)
      if (!choice) missing.push('no-choice')
      else if (dropdown) set.set(dropdown.address, choice)
      else if (mark && marks.some((m) => m !== mark && marked(q.sheet, m.address))) missing.push('marked-before')
      else if (mark) set.set(mark.address, 'x')
      else missing.push('not-an-option')
    } else if (choice && !text) missing.push('not-an-option')
    if (!set.size) {
      blank(missing.includes('no-text-cell') && missing.length > 1 ? missing[1]! : missing[0]!)
      continue
    }
    for (const [address, value] of set) out.cells.set(`${q.sheet}!${address}`, value)
    out.filled += set.size
    if (missing.length) out.partial++
    else out.written++
    out.outcomes.push(missing.join(', '))
  }
  return out
}
