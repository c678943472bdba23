// Real delivery through nodemailer. The sender is fixed by configuration, never by the caller.
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import nodemailer from 'nodemailer'
import { checkMessage } from './message.js'
import type { Mailer } from './types.js'

export function createSmtpMailer(cfg: { smtpUrl: string; mailFrom: string }, log?: Logger): Mailer {
  const transport = nodemailer.createTransport(cfg.smtpUrl)
  return {
    kind: 'smtp',
    async send(raw) {
      const msg = checkMessage(raw)
      try {
        await transport.sendMail({ from: cfg.mailFrom, to: msg.to, subject: msg.subject, text: msg.text, ...(msg.html ? { html: msg.html } : {}) })
      } catch (err) {
        log?.error({ err, to: msg.to }, 'mail not sent')
        throw new AppError('UNAVAILABLE', { message: 'Mail could not be sent', cause: err })
      }
    },
    close: async () => transport.close(),
  }
}
