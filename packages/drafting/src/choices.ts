// The yes / no / n.a. vocabulary of questionnaires, in one place: which column header or dropdown
// value stands for which answer, what a question's options are, and how a choice carries over.

const MARKS = { yes: /^(yes|y|true)$/i, no: /^(no|n|false)$/i, na: /^(n\/?a|not applicable)$/i } as const
export type Mark = keyof typeof MARKS

/** Which answer a column header or an option stands for, if any: "N/A" and "Not Applicable" are both `na`. */
export const markOf = (text: string): Mark | undefined => (Object.keys(MARKS) as Mark[]).find((k) => MARKS[k].test(text.trim()))

/**
 * The options a question's answer cells allow: the values of a dropdown, or else the Yes / No / N.A.
 * columns a workbook marks with an x. A choice set by the model or by a reviewer is one of these.
 */
export function choicesOf(cells: { header: string; choices?: string[] | undefined }[]): string[] {
  const dropdown = cells.find((c) => c.choices?.length && !markOf(c.header))?.choices
  return dropdown ?? cells.filter((c) => markOf(c.header)).map((c) => c.header.trim())
}

/** The option standing for a yes / no / n.a. choice ("Yes", "N/A", "Not Applicable", ...). */
export function mapChoice(choice: Mark | undefined, options: string[] | undefined): string | undefined {
  if (!choice || !options?.length) return undefined
  return options.find((o) => markOf(o) === choice)
}

/** A choice approved on another sheet, as one of this question's options: the same value, or the same mark. */
export function carryChoice(value: string | null | undefined, options: string[] | undefined): string | undefined {
  if (!value || !options?.length) return undefined
  return options.includes(value) ? value : mapChoice(markOf(value), options)
}

/** What an answer cell takes, for rows recorded before extraction named it: an x, a dropdown value, or text. */
export function cellRole(cell: {
  header: string
  role?: 'choice' | 'mark' | 'narrative' | undefined
  choices?: string[] | undefined
}): 'choice' | 'mark' | 'narrative' {
  if (cell.role) return cell.role
  if (markOf(cell.header)) return 'mark'
  return cell.choices?.length ? 'choice' : 'narrative'
}

const NOT_APPLICABLE = /\b(not applicable|n\/a|does not apply|do not apply)\b/i
const NEGATION = /\b(not|no|never|none|neither|nor|without|cannot)\b|n['’]t\b/i

/** What a statement says about itself: "not applicable" is na, a negated statement no, anything else yes. */
export function statedMark(sentence: string): Mark {
  if (NOT_APPLICABLE.test(sentence)) return 'na'
  return NEGATION.test(sentence) ? 'no' : 'yes'
}

/** Yes stands apart from No and N.A.: either of those says the thing is absent ("We do not store card data"). */
export const samePolarity = (a: Mark, b: Mark) => (a === 'yes') === (b === 'yes')
