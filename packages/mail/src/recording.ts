import type { Mailer, MailMessage } from './types.js'

/** A mailer that keeps every message in memory, for tests that read what a service sent. */
export interface RecordingMailer extends Mailer {
  readonly sent: MailMessage[]
}

export function createRecordingMailer(): RecordingMailer {
  const sent: MailMessage[] = []
  return { kind: 'outbox', sent, send: async (m) => void sent.push({ ...m }), close: async () => {} }
}
