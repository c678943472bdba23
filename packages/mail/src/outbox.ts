// The development outbox: each message is kept as DATA_DIR/outbox/<time>-<id>.json (and printed at a
// terminal), so the embedded demo's invites and codes can be followed without a mail server.
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Logger } from '@portal/observability'
import { checkMessage } from './message.js'
import type { MailConfig, Mailer, OutboxEntry } from './types.js'

const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox')

// File names sort by time; two messages in the same millisecond (a code right after an invite)
// must still read back in the order sent, so each send gets a strictly later timestamp.
let lastSent = 0
const nextSentAt = () => {
  lastSent = Math.max(Date.now(), lastSent + 1)
  return new Date(lastSent).toISOString()
}

export function createOutboxMailer(cfg: Pick<MailConfig, 'dataDir'>, log?: Logger): Mailer {
  return {
    kind: 'outbox',
    async send(raw) {
      const msg = checkMessage(raw)
      const entry: OutboxEntry = {
        id: randomUUID(),
        sentAt: nextSentAt(),
        to: msg.to,
        subject: msg.subject,
        text: msg.text,
        ...(msg.html !== undefined ? { html: msg.html } : {}),
      }
      const dir = outboxDir(cfg.dataDir)
      await mkdir(dir, { recursive: true })
      // ':' is not allowed in Windows file names; the ISO time keeps its order without it.
      const file = path.join(dir, `${entry.sentAt.replace(/:/g, '-')}-${entry.id}.json`)
      await writeFile(`${file}.tmp`, JSON.stringify(entry, null, 2))
      await rename(`${file}.tmp`, file) // readOutbox never sees half a message
      // The body carries live links and codes (invites, verification, reset): the log, which is shipped
      // and kept, names the file; a person at the terminal (npm start) gets the body printed to follow them.
      log?.info({ to: msg.to, subject: msg.subject, file }, 'mail (development outbox, not sent)')
      if (process.stdout.isTTY) process.stdout.write(`\n---- mail to ${msg.to}: ${msg.subject}\n${msg.text}\n----\n`)
    },
    close: async () => {},
  }
}

/** Messages in the development outbox, oldest first (newest last); only those to `to` when given. */
export async function readOutbox(dataDir: string, to?: string): Promise<OutboxEntry[]> {
  let files: string[]
  try {
    files = (await readdir(outboxDir(dataDir))).filter((f) => f.endsWith('.json')).sort()
  } catch {
    return []
  }
  const entries = await Promise.all(
    files.map(async (f) => {
      try {
        return JSON.parse(await readFile(path.join(outboxDir(dataDir), f), 'utf8')) as OutboxEntry
      } catch {
        return undefined // a stray or hand-edited file must not hide the rest
      }
    }),
  )
  const wanted = to?.toLowerCase()
  return entries.filter((e): e is OutboxEntry => !!e && (!wanted || e.to?.toLowerCase() === wanted))
}
