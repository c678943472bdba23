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

// Issue 25: the name a company really has ("AcmeCloud Inc.", "O'Brien & Co.", "Société Générale")
// is its display name; the spec's rule above binds the identifier derived from it, not the name.

export const companyDisplayNameMessages = {
  required: SpecText.required,
  length: 'Company name must be between 2 and 120 characters.',
  control: 'Company name cannot contain control characters or line breaks.',
  identifier: 'Company name needs at least 3 letters or digits.',
} as const

/** The display name as it is kept: trimmed, runs of spaces made one. */
export const tidyCompanyDisplayName = (name: string): string => name.trim().replace(/[ \t\u00a0]+/g, ' ')

/**
 * The identifier a display name derives, within the spec's rule (letters, digits, spaces, 3 to 63):
 * accents folded ("Société" → "Societe"), apostrophes and dots dropped ("O'Brien" → "OBrien",
 * "Inc." → "Inc"), any other mark a space ("Acme-Cloud, Ltd." → "Acme Cloud Ltd"). "" when nothing is left.
 */
export function companyIdentifier(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/[ßæœøðþł]/gi, (c) => ({ ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ð: 'd', þ: 'th', ł: 'l' })[c.toLowerCase()] ?? '')
    .replace(/['’`.]/g, '')
    .replace(/[^A-Za-z0-9]+/g, ' ')
    .trim()
    .slice(0, 63)
    .trim()
}

/** The first rule a display name breaks (before tidying, except for the outer spaces); undefined when it keeps them all. */
export function companyDisplayNameProblem(name: unknown): string | undefined {
  if (typeof name !== 'string' || !name.trim()) return companyDisplayNameMessages.required
  const tidy = tidyCompanyDisplayName(name)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(tidy)) return companyDisplayNameMessages.control
  if ([...tidy].length < 2 || [...tidy].length > 120) return companyDisplayNameMessages.length
  if (companyNameProblem(companyIdentifier(tidy))) return companyDisplayNameMessages.identifier
  return undefined
}
