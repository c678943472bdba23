// Outgoing email. SMTP when SMTP_URL is set; otherwise a development outbox that prints each
// message and keeps it in DATA_DIR/outbox, so the embedded demo's invites and codes can be followed.
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { AppError } from '@portal/errors'
import type { Logger } from '@portal/observability'
import nodemailer from 'nodemailer'
import { cleanHeader, isValidEmail } from './address.js'

export { cleanHeader, isValidEmail } from './address.js'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html?: string
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox'
  send(msg: MailMessage): Promise<void>
  close(): Promise<void>
}

export interface OutboxEntry extends MailMessage {
  id: string
  sentAt: string
}

export interface MailConfig {
  smtpUrl?: string | undefined
  mailFrom: string
  dataDir: string
}

function checked(msg: MailMessage): MailMessage {
  if (!isValidEmail(msg.to)) throw new AppError('INVALID_REQUEST', { message: 'Invalid email address' })
  return { ...msg, subject: cleanHeader(msg.subject) }
}

const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox')

function outboxMailer(cfg: MailConfig, log?: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(raw) {
      const msg = checked(raw)
      const entry: OutboxEntry = { id: randomUUID(), sentAt: new Date().toISOString(), ...msg }
      const dir = outboxDir(cfg.dataDir)
      await mkdir(dir, { recursive: true })
      const file = path.join(dir, `${entry.sentAt.replace(/[:.]/g, '-')}-${entry.id}.json`)
      await writeFile(`${file}.tmp`, JSON.stringify(entry, null, 2))
      await rename(`${file}.tmp`, file)
      log?.info({ to: msg.to, subject: msg.subject }, `mail (development outbox)\n${msg.text}`)
    },
    close: async () => {},
  }
}

function smtpMailer(cfg: MailConfig & { smtpUrl: string }, log?: Logger): Mailer {
  const transport = nodemailer.createTransport(cfg.smtpUrl)
  return {
    kind: 'smtp',
    async send(raw) {
      const msg = checked(raw)
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

export function createMailer(cfg: MailConfig, log?: Logger): Mailer {
  return cfg.smtpUrl ? smtpMailer({ ...cfg, smtpUrl: cfg.smtpUrl }, log) : outboxMailer(cfg, log)
}

/** Messages in the development outbox, oldest first; only those to `to` when given. */
export async function readOutbox(dataDir: string, to?: string): Promise<OutboxEntry[]> {
  let files: string[]
  try {
    files = (await readdir(outboxDir(dataDir))).filter((f) => f.endsWith('.json')).sort()
  } catch {
    return []
  }
  const entries = await Promise.all(files.map(async (f) => JSON.parse(await readFile(path.join(outboxDir(dataDir), f), 'utf8')) as OutboxEntry))
  return to ? entries.filter((e) => e.to.toLowerCase() === to.toLowerCase()) : entries
}
