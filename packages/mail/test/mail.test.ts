import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { createMailer, isValidEmail, readOutbox } from '../src/index.js'

let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mail-'))
})
afterAll(async () => rm(dataDir, { recursive: true, force: true }))

describe('addresses', () => {
  it.each(['a@b.com', 'first.last+tag@sub.example.org', 'x_y-z@host.io'])('accepts %s', (a) => expect(isValidEmail(a)).toBe(true))
  it.each(['a@b.com,c@d.com', 'a@b.com;c@d.com', '"a@b.com"@evil.io', 'a@b.com\nBcc: x@evil.io', 'Bob <bob@b.com>', 'no-at.com', 'a@b', 'a@b.c'])(
    'refuses %j',
    (a) => expect(isValidEmail(a)).toBe(false),
  )
})

describe('development outbox', () => {
  it('keeps each message and filters by recipient', async () => {
    const mailer = createMailer({ mailFrom: 'Portal <no-reply@localhost>', dataDir })
    expect(mailer.kind).toBe('outbox')
    await mailer.send({ to: 'ann@example.com', subject: 'Code\r\nBcc: x@evil.io', text: 'Your code is 1234' })
    await mailer.send({ to: 'ben@example.com', subject: 'Invite', text: 'Join us' })
    const ann = await readOutbox(dataDir, 'ANN@example.com')
    expect(ann).toHaveLength(1)
    expect(ann[0]).toMatchObject({ to: 'ann@example.com', subject: 'Code Bcc: x@evil.io', text: 'Your code is 1234' })
    expect(await readOutbox(dataDir)).toHaveLength(2)
    await expect(mailer.send({ to: 'a@b.com, c@d.com', subject: 's', text: 't' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    expect(await readOutbox(dataDir)).toHaveLength(2)
  })

  it('reads an empty outbox as none', async () => {
    expect(await readOutbox(path.join(dataDir, 'nowhere'))).toEqual([])
  })
})

describe('SMTP', () => {
  let server: SMTPServer
  let port: number
  const received: ParsedMail[] = []

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        simpleParser(stream).then((m) => {
          received.push(m)
          done()
        }, done)
      },
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    port = (server.server.address() as { port: number }).port
  })
  afterAll(async () => new Promise<void>((r) => server.close(() => r())))

  it('delivers through a real SMTP server with the fixed sender', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailFrom: 'Trust Portal <no-reply@portal.test>', dataDir })
    expect(mailer.kind).toBe('smtp')
    await mailer.send({ to: 'dana@example.com', subject: 'You are invited\r\nBcc: x@evil.io', text: 'Open http://localhost/signup?invite=abc', html: '<p>Open</p>' })
    await mailer.close()
    expect(received).toHaveLength(1)
    const m = received[0]!
    expect(m.from?.value[0]).toMatchObject({ name: 'Trust Portal', address: 'no-reply@portal.test' })
    expect((m.to as { text: string }).text).toBe('dana@example.com')
    expect(m.subject).toBe('You are invited Bcc: x@evil.io')
    expect(m.text?.trim()).toBe('Open http://localhost/signup?invite=abc')
    expect(m.headers.get('bcc')).toBeUndefined()
  })

  it('reports an unreachable server as UNAVAILABLE', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1?connectionTimeout=500', mailFrom: 'p@portal.test', dataDir })
    await expect(mailer.send({ to: 'a@b.com', subject: 's', text: 't' })).rejects.toMatchObject({ code: 'UNAVAILABLE' })
    await mailer.close()
  })
})
