// Plain-text fields are stored as typed (the client renders them as text, never as HTML); only
// control characters go, and lengths are enforced with a message naming the field.
import { SpecText } from '@portal/contracts'
import { AppError } from '@portal/errors'

export const REQUIRED = SpecText.required

// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const SINGLE_LINE_CONTROLS = /[\u0000-\u001f\u007f\u2028\u2029]/g
// Multi-line text keeps line feeds and tabs; carriage returns become plain line feeds.
// biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f]/g

export interface TextRule {
  field: string
  max: number
  required?: boolean
  multiline?: boolean
}

export function invalid(field: string, message: string): AppError {
  return new AppError('INVALID_REQUEST', { message, errors: [{ field, message }] })
}

export function stripControls(value: string, multiline = false): string {
  return multiline ? value.replace(/\r\n?/g, '\n').replace(MULTI_LINE_CONTROLS, '') : value.replace(SINGLE_LINE_CONTROLS, '')
}

/** The cleaned value, or a 400 naming the field (required and blank, or too long). */
export function plainText(value: string | undefined | null, rule: TextRule & { required: true }): string
export function plainText(value: string | undefined | null, rule: TextRule): string | undefined
export function plainText(value: string | undefined | null, rule: TextRule): string | undefined {
  if (value === undefined || value === null) {
    if (rule.required) throw invalid(rule.field, REQUIRED)
    return undefined
  }
  const clean = stripControls(value, rule.multiline)
  if (rule.required && !clean.trim()) throw invalid(rule.field, REQUIRED)
  if (clean.length > rule.max) throw invalid(rule.field, `${rule.field} must be at most ${rule.max} characters`)
  return clean
}

export const limits = { title: 200, companyTitle: 120, description: 20_000, richText: 20_000, nda: 50_000, name: 100, email: 254, fileName: 255 } as const
