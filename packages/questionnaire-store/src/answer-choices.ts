// The choices a question's answer cells allow: the values of a dropdown, or else the Yes / No / N.A.
// columns a workbook marks with an x. A choice set by the model or by a reviewer is one of these.
import type { AnswerCellRow } from './schema.js'

const MARKS = { yes: /^yes$/i, no: /^no$/i, na: /^(n\/?a|not applicable)$/i } as const
export type Mark = keyof typeof MARKS

/** Which mark a column header or a choice stands for, if any: "N/A" and "Not Applicable" are both `na`. */
export const markOf = (text: string): Mark | undefined => (Object.keys(MARKS) as Mark[]).find((k) => MARKS[k].test(text.trim()))

export function choicesOf(cells: AnswerCellRow[]): string[] {
  const dropdown = cells.find((c) => c.choices?.length && !markOf(c.header))?.choices
  return dropdown ?? cells.filter((c) => markOf(c.header)).map((c) => c.header.trim())
}
