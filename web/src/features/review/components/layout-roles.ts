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

/** The mapping being edited: the question column may still be unchosen. */
export type Columns = Partial<Record<Single, Letter>> & { context: Letter[] }

export const columnsOf = (l: Layout): Columns => ({ ...l.columns, context: [...(l.columns.context ?? [])] })

export function roleOf(columns: Columns, letter: Letter): Role {
  if (columns.context.includes(letter)) return 'context'
  return SINGLE.find((r) => columns[r] === letter) ?? 'none'
}

/** `letter` takes `role`: it leaves the role it had, and a single role leaves the column that held it. */
export function assign(columns: Columns, letter: Letter, role: Role): Columns {
  const next: Columns = { ...columns, context: columns.context.filter((c) => c !== letter) }
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
  return out
}
