// What each column of a questionnaire's sheet is for, as the columns form edits it: one column per
// role, except Context, which may take several. Kept apart from the form so the rules are plain functions.
import type { Layout, LayoutColumns, Letter } from '../api/layout'

export type Role = 'none' | 'id' | 'question' | 'context' | 'answer' | 'choice' | 'comments'

export const ROLES: [Role, string][] = [
  ['none', 'Not used'],
  ['id', 'Id'],
  ['question', 'Question'],
  ['context', 'Context'],
  ['answer', 'Answer'],
  ['choice', 'Choice'],
  ['comments', 'Comments'],
]

type Single = Exclude<Role, 'none' | 'context'>
const SINGLE: Single[] = ['id', 'question', 'answer', 'choice', 'comments']

/**
 * The mapping being edited: the question column may still be unchosen. `marks` (a Yes / No / N.A.
 * column group the product found) is not edited here; it is kept while its columns keep no other role.
 */
export type Columns = Partial<Record<Single, Letter>> & { context: Letter[]; marks?: Letter[] }

export const columnsOf = (l: Layout): Columns => ({ ...l.columns, context: [...(l.columns.context ?? [])] })

export function roleOf(columns: Columns, letter: Letter): Role {
  if (columns.context.includes(letter)) return 'context'
  if (columns.marks?.includes(letter)) return 'choice' // one column of the Yes / No / N.A. group
  return SINGLE.find((r) => columns[r] === letter) ?? 'none'
}

/** `letter` takes `role`: it leaves the role it had, and a single role leaves the column that held it. */
export function assign(columns: Columns, letter: Letter, role: Role): Columns {
  const next: Columns = { ...columns, context: columns.context.filter((c) => c !== letter) }
  if (next.marks?.includes(letter)) next.marks = next.marks.filter((c) => c !== letter)
  for (const r of SINGLE) if (next[r] === letter) delete next[r]
  if (role === 'context') next.context = [...next.context, letter]
  else if (role !== 'none') next[role] = letter
  return next
}

/** What is sent: roles without a column left out; undefined while no question column is chosen. */
export function toBody(columns: Columns): LayoutColumns | undefined {
  if (!columns.question) return undefined
  const out: LayoutColumns = { question: columns.question }
  for (const r of SINGLE) {
    const letter = columns[r]
    if (letter && r !== 'question') out[r] = letter
  }
  if (columns.context.length) out.context = columns.context
  if (columns.marks?.length) out.marks = columns.marks
  return out
}
