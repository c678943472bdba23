import { AppError } from '@portal/errors'
import { cleanHeader, isValidEmail } from './address.js'
import type { MailMessage } from './types.js'

/** Exactly one clean recipient and a one-line subject, whichever adapter sends. */
export function checkMessage(msg: MailMessage): MailMessage {
  if (typeof msg.to !== 'string' || !isValidEmail(msg.to)) throw new AppError('INVALID_REQUEST', { message: 'Invalid email address' })
  return { ...msg, subject: cleanHeader(msg.subject) }
}
