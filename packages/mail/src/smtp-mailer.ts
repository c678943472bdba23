// Real delivery through nodemailer. The sender is fixed by configuration, never by the caller.
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import type { Transporter } from 'nodemailer'
import { checkMessage } from './message.js'
import type { Mailer } from './types.js'

export function createSmtpMailer(cfg: { smtpUrl: string; mailFrom: string }, log?: Logger): Mailer {
  // nodemailer is loaded with the first message (about 20 MB resident), only where SMTP is used.
  let transporter: Promise<Transporter> | undefined
  const transport = () => (transporter ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(cfg.smtpUrl)))
  return {
    kind: 'smtp',
    async send(raw) {
      const msg = checkMessage(raw)
      try {
        await (await transport()).sendMail({ from: cfg.mailFrom, to: msg.to, subject: msg.subject, text: msg.text, ...(msg.html ? { html: msg.html } : {}) })
      } catch (err) {
        log?.error({ err, to: msg.to }, 'mail not sent')
        throw new AppError('UNAVAILABLE', { message: 'Mail could not be sent', cause: err })
      }
    },
    close: async () => {
      if (transporter) (await transporter).close()
    },
  }
}
