// Spec §5's company name rules, applied alike by the server (identity's first run, the client
// list's create call) and by the web app's forms as the user types. No TypeBox here, so the web app
// imports the rule (@portal/contracts/company-name) without the schema library.

import { SpecText } from './spec-text.js'

export const companyNameMessages = {
  required: SpecText.required,
  whitespace: 'Company name cannot have leading or trailing whitespace.',
  length: 'Company name must be between 3 and 63 characters.',
  characters: 'Company name can only contain alphabets, numbers, and spaces.',
} as const

/** The first rule `name` breaks, in the spec's words; undefined when it keeps them all. */
export function companyNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || !name) return companyNameMessages.required
  if (name !== name.trim()) return companyNameMessages.whitespace
  if (name.length < 3 || name.length > 63) return companyNameMessages.length
  if (!/^[A-Za-z0-9 ]+$/.test(name)) return companyNameMessages.characters
  return undefined
}
