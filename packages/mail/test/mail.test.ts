import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { type Logger, silentLogger } from '@portal/observability'
import { createMailer, isValidEmail, readOutbox } from '../src/index.js'

let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'mail-'))
})
afterAll(async () => rm(dataDir, { recursive: true, force: true }))

describe('addresses', () => {
  it.each(['a@b.com', 'first.last+tag@sub.example.org', 'x_y-z@host.io'])('accepts %s', (a) => expect(isValidEmail(a)).toBe(true))
  it.each([
    'a@b.com,c@d.com',
    'a@b.com;c@d.com',
    '"a@b.com"@evil.io',
    'a@b.com\nBcc: x@evil.io',
    'a@b.com\r\n',
    'a@b.com\rBcc: x@evil.io',
    'Bob <bob@b.com>',
    '<bob@b.com>',
    '"Bob" bob@b.com',
    ' a@b.com',
    'a b@c.com',
    'a@b.com ',
    'no-at.com',
    'a@b',
    'a@b.c',
    'a@b.c0m',
    'a@@b.com',
    '',
  ])('refuses %j', (a) => expect(isValidEmail(a)).toBe(false))
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

  it('writes <dataDir>/outbox/<time>-<id>.json, keeps send order, logs the file but never the body (its links and codes)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'))
    const lines: { obj: unknown; msg: string }[] = []
    const log = silentLogger.child({})
    log.info = ((obj: unknown, msg: string) => void lines.push({ obj, msg })) as Logger['info']
    const mailer = createMailer({ mailFrom: 'p@portal.test', dataDir: dir }, log)
    for (let i = 0; i < 5; i++) await mailer.send({ to: 'ann@example.com', subject: `n${i}`, text: `code ${i}`, html: `<b>${i}</b>` })
    const files = await readdir(path.join(dir, 'outbox'))
    expect(files).toHaveLength(5)
    for (const f of files) expect(f).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f-]{36}\.json$/)
    const all = await readOutbox(dir)
    expect(all.map((e) => e.subject)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4'])
    expect(all[4]).toMatchObject({ to: 'ann@example.com', text: 'code 4', html: '<b>4</b>', id: expect.any(String), sentAt: expect.any(String) })
    expect(lines).toHaveLength(5)
    expect(lines[0]!.obj).toEqual({ to: 'ann@example.com', subject: 'n0', file: path.join(dir, 'outbox', files.sort()[0]!) })
    expect(JSON.stringify(lines)).not.toContain('code 0')
    await rm(dir, { recursive: true, force: true })
  })

  it('skips files it cannot read', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'))
    await mkdir(path.join(dir, 'outbox'))
    await writeFile(path.join(dir, 'outbox', '0000-broken.json'), '{ not json')
    await createMailer({ mailFrom: 'p@portal.test', dataDir: dir }).send({ to: 'ann@example.com', subject: 's', text: 't' })
    expect(await readOutbox(dir)).toHaveLength(1)
    await rm(dir, { recursive: true, force: true })
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
    await mailer.send({
      to: 'dana@example.com',
      subject: 'You are invited\r\nBcc: x@evil.io',
      text: 'Open http://localhost/signup?invite=abc',
      html: '<p>Open</p>',
    })
    await mailer.close()
    expect(received).toHaveLength(1)
    const m = received[0]!
    expect(m.from?.value[0]).toMatchObject({ name: 'Trust Portal', address: 'no-reply@portal.test' })
    expect((m.to as { text: string }).text).toBe('dana@example.com')
    expect(m.subject).toBe('You are invited Bcc: x@evil.io')
    expect(m.text?.trim()).toBe('Open http://localhost/signup?invite=abc')
    expect(m.headers.get('bcc')).toBeUndefined()
  })

  it('refuses header injection before talking to the server', async () => {
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailFrom: 'p@portal.test', dataDir })
    for (const to of ['dana@example.com\r\nBcc: x@evil.io', 'dana@example.com, x@evil.io', 'Dana <dana@example.com>']) {
      await expect(mailer.send({ to, subject: 's', text: 't' })).rejects.toMatchObject({ code: 'INVALID_REQUEST' })
    }
    await mailer.close()
    expect(received).toHaveLength(1) // only the message of the test above
  })

  it('reports an unreachable server as UNAVAILABLE', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1?connectionTimeout=500', mailFrom: 'p@portal.test', dataDir })
    await expect(mailer.send({ to: 'a@b.com', subject: 's', text: 't' })).rejects.toMatchObject({ code: 'UNAVAILABLE' })
    await mailer.close()
  })
})
