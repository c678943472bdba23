// Outgoing email. SMTP when SMTP_URL is set; otherwise a development outbox that keeps each message
// in DATA_DIR/outbox (printed at a terminal), so the embedded demo's invites and codes can be followed.
import type { Logger } from '@portal/observability'
import { createOutboxMailer } from './outbox.js'
import { createSmtpMailer } from './smtp-mailer.js'
import type { MailConfig, Mailer } from './types.js'

export { cleanHeader, isValidEmail } from './address.js'
export { createOutboxMailer, readOutbox } from './outbox.js'
export { createRecordingMailer, type RecordingMailer } from './recording.js'
export { createSmtpMailer } from './smtp-mailer.js'
export type { MailConfig, Mailer, MailMessage, OutboxEntry } from './types.js'

export function createMailer(cfg: MailConfig, log?: Logger): Mailer {
  return cfg.smtpUrl ? createSmtpMailer({ smtpUrl: cfg.smtpUrl, mailFrom: cfg.mailFrom }, log) : createOutboxMailer(cfg, log)
}
