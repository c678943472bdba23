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
