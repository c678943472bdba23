// Mail through a real SMTP server on loopback (the @portal/mail adapter the host uses when
// SMTP_URL is set): one recipient per message, the invite link and the reset code arrive intact.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { testDatabaseKinds } from '@portal/db'
import { createMailer } from '@portal/mail'
import { type ParsedMail, simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { buildHarness, call, type Harness, PASSWORD, signUp, verify } from './harness.js'

interface Received {
  rcptTo: string[]
  mail: ParsedMail
}

describe('identity mail over SMTP', () => {
  const received: Received[] = []
  let server: SMTPServer
  let h: Harness
  let dataDir: string

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        simpleParser(stream).then((mail) => {
          received.push({ rcptTo: session.envelope.rcptTo.map((r) => r.address), mail })
          done()
        }, done)
      },
    })
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    const port = (server.server.address() as { port: number }).port
    dataDir = await mkdtemp(path.join(tmpdir(), 'identity-smtp-'))
    const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?ignoreTLS=true`, mailFrom: 'Trust Portal <no-reply@portal.test>', dataDir })
    h = await buildHarness(testDatabaseKinds()[0]![1], {}, mailer)
  })
  afterAll(async () => {
    await h.close()
    await new Promise<void>((r) => server.close(() => r()))
    await rm(dataDir, { recursive: true, force: true })
  })

  const waitFor = async (to: string, subject: string): Promise<ParsedMail> => {
    for (let i = 0; i < 200; i++) {
      const hit = received.find((r) => r.rcptTo.includes(to) && r.mail.subject === subject)
      if (hit) return hit.mail
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error(`no "${subject}" for ${to}`)
  }

  it('sends a verification link, then an invitation whose link signs the colleague up', async () => {
    const unverified = await signUp(h, 'owner@smtp-co.example', { firstName: 'ann & co', lastName: 'lee' }, { verified: false })
    const link = await waitFor('owner@smtp-co.example', 'Confirm your email address')
    const verifyToken = link.text?.match(/https:\/\/portal\.test\/verify-email\?token=([\w-]{43})\n/)?.[1]
    expect(verifyToken).toBeDefined()
    const admin = await verify(h, unverified, verifyToken)
    expect((await call(h, 'POST', '/api/people/invite', { token: admin.token, body: { email: 'new@smtp-co.example' } })).status).toBe(201)
    const mail = await waitFor('new@smtp-co.example', 'You are invited to the Trust Portal')
    expect(received.at(-1)!.rcptTo).toEqual(['new@smtp-co.example'])
    expect(mail.from?.value[0]?.address).toBe('no-reply@portal.test')
    expect(mail.html).toContain('Ann &#38; Co Lee')
    const token = mail.text?.match(/https:\/\/portal\.test\/signup\?invite=([\w-]+)/)?.[1]
    expect(token).toBeDefined()
    const joined = await call(h, 'POST', '/api/usercreate/people', {
      body: { firstName: 'n', lastName: 'w', email: 'new@smtp-co.example', password: PASSWORD, cnfpassword: PASSWORD, inviteToken: token },
    })
    expect(joined.body).toMatchObject({ status: true, data: { admin: false, dbName: admin.dbName } })
  })

  it('mails a reset code that validates', async () => {
    await signUp(h, 'forgot@smtp-two.example', undefined, { verified: false })
    expect((await call(h, 'POST', '/api/user/forgotpassword', { body: { email: 'forgot@smtp-two.example' } })).status).toBe(200)
    const mail = await waitFor('forgot@smtp-two.example', 'Your password reset code')
    const code = mail.text?.match(/\b(\d{4})\b/)?.[1]
    expect(code).toBeDefined()
    expect((await call(h, 'POST', '/api/user/otpvalidation', { body: { email: 'forgot@smtp-two.example', otp: code } })).body).toEqual({
      status: true,
      message: 'OTP Validated Successfully',
      data: { resetToken: expect.stringMatching(/^[\w-]{43}$/) },
    })
  })
})
