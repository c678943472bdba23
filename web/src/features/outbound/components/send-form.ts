// The 'Send Security Questionnaire' form as pure state: picking a file clears the template and
// picking a template clears the file; validation gives the spec's messages (send-form.test.tsx).
import { isEmail } from '../../../lib/validation'
import { TEXT } from '../api/text'

export const DEFAULT_EXPIRY_DAYS = 30
export const MAX_EXPIRY_DAYS = 365

export interface SendForm {
  clientName: string
  email: string
  /** As typed: validated to a whole number of days from 1 to 365. */
  expiresInDays: string
  file: File | null
  templateId: string
}

export const EMPTY_SEND_FORM: SendForm = { clientName: '', email: '', expiresInDays: String(DEFAULT_EXPIRY_DAYS), file: null, templateId: '' }

export type SendFormAction =
  | { type: 'field'; field: 'clientName' | 'email' | 'expiresInDays'; value: string }
  | { type: 'file'; file: File | null }
  | { type: 'template'; templateId: string }
  | { type: 'reset' }

export function sendFormReducer(state: SendForm, action: SendFormAction): SendForm {
  switch (action.type) {
    case 'field':
      return { ...state, [action.field]: action.value }
    case 'file':
      // A file picked replaces the template; clearing the file input leaves the template alone.
      return action.file ? { ...state, file: action.file, templateId: '' } : { ...state, file: null }
    case 'template':
      return action.templateId ? { ...state, templateId: action.templateId, file: null } : { ...state, templateId: '' }
    case 'reset':
      return EMPTY_SEND_FORM
  }
}

export type SendFormErrors = Partial<Record<'clientName' | 'email' | 'source' | 'expiresInDays', string>>

export const EXPIRY_MESSAGE = `Enter a number of days from 1 to ${MAX_EXPIRY_DAYS}`

export function validateSendForm(form: SendForm): SendFormErrors {
  const errors: SendFormErrors = {}
  if (!form.clientName.trim()) errors.clientName = TEXT.clientNameRequired
  const email = form.email.trim()
  if (!email) errors.email = TEXT.emailRequired
  else if (!isEmail(email)) errors.email = TEXT.invalidEmail
  if (!form.file && !form.templateId) errors.source = TEXT.fileOrTemplate
  const days = Number(form.expiresInDays.trim())
  if (!/^\d+$/.test(form.expiresInDays.trim()) || days < 1 || days > MAX_EXPIRY_DAYS) errors.expiresInDays = EXPIRY_MESSAGE
  return errors
}

/** File types a questionnaire may be sent as (spec §5: pdf, xls, xlsx). */
export const QUESTIONNAIRE_ACCEPT =
  '.pdf,.xls,.xlsx,.xlsm,application/pdf,application/vnd.ms-excel,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,application/vnd.ms-excel.sheet.macroEnabled.12'
