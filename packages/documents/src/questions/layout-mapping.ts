// What the layout routes of both services share (issue 23: the questionnaire service's questionnaires,
// outbound's templates and sent questionnaires): which files have columns to check, the check of a
// mapping before the file is read again, and the layout as the wire carries it.
import type { Layout } from '@portal/contracts'
import { AppError } from '@portal/errors'
import type { LayoutMapping } from '../extract/read-layout.mjs'

/** Files read as a grid of cells: the formats whose columns a person can check. */
export const GRID_FORMATS: ReadonlySet<string> = new Set(['xlsx', 'xls', 'csv', 'docx'])

export const NO_QUESTIONS_WITH_MAPPING = 'No questions were found with these columns: choose the question column and the header row above the first question'

/** A mapping that cannot read anything as asked: refused in words before the file is read. */
export function checkMapping(m: LayoutMapping): void {
  const c = m.columns
  const answers = [c.answer, c.choice, c.comments, ...(c.choices ?? []), ...(c.marks ?? [])].filter((x): x is string => Boolean(x))
  if ([c.id, ...answers, ...(c.context ?? [])].includes(c.question))
    throw new AppError('INVALID_REQUEST', { message: 'The question column cannot have another role too' })
  if (new Set(answers).size !== answers.length || (c.id && answers.includes(c.id)))
    throw new AppError('INVALID_REQUEST', { message: 'Give each column one role: the answer, choice and comments columns must differ' })
}

/** The layout as the wire carries it (the stored one keeps its fingerprint besides). */
export const layoutReply = (l: Layout): Layout => ({
  sheets: l.sheets,
  sheet: l.sheet,
  headerRow: l.headerRow,
  columns: l.columns,
  confidence: l.confidence,
  confirmed: l.confirmed,
  needsCheck: l.needsCheck,
  total: l.total,
  preview: l.preview,
  read: l.read,
})
