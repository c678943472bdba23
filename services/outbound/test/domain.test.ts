// The outbound service's pure rules: the link's capability, the mails' headers (security.md B25),
// the choice a free answer carries into a workbook, and the link's lifetime.
import { describe, expect, it } from '@jest/globals'
import { hashCapability, isCapabilityShaped, newCapability } from '../src/domain/capability.js'
import { linkDays } from '../src/links.js'
import { collaboratorMail, questionnaireMail, reminderMail } from '../src/domain/mails.js'
import { choiceOf } from '../src/routes/export.js'

describe('capability', () => {
  it('is 256 random bits in base64url, distinct each time, stored only as its SHA-256', () => {
    const caps = new Set(Array.from({ length: 1000 }, newCapability))
    expect(caps.size).toBe(1000)
    for (const c of caps) expect(isCapabilityShaped(c)).toBe(true)
    const one = [...caps][0]!
    expect(Buffer.from(one, 'base64url')).toHaveLength(32)
    expect(hashCapability(one)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashCapability(one)).not.toContain(one)
    expect(isCapabilityShaped(crypto.randomUUID())).toBe(false)
    expect(isCapabilityShaped(`${one}/../x`)).toBe(false)
  })
})

describe('mails', () => {
  const url = 'https://portal.example/inbound/review/abc'
  const expiresAt = new Date('2026-12-25T00:00:00Z')
  it('keep a line break in a name out of the subject, and escape names in HTML', () => {
    const mail = questionnaireMail({ sender: 'Eve\r\nBcc: x@evil.io', company: '', clientName: '<script>alert(1)</script>', url, expiresAt })
    expect(mail.subject).not.toMatch(/[\r\n]/)
    expect(mail.subject).toBe('Eve Bcc: x@evil.io asks you to complete a security questionnaire')
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&#60;script&#62;')
    expect(mail.text).toContain(url)
    expect(collaboratorMail({ sender: 'A', company: '', clientName: 'B', url, expiresAt }).text).toContain('2026')
  })

  it('name the company asking in the subject, not a person (issue 25)', () => {
    const mail = questionnaireMail({ sender: 'Ada Lovelace (ada@acme.example)', company: 'Acme\r\nInc', clientName: 'Globex', url, expiresAt })
    expect(mail.subject).toBe('Acme Inc asks you to complete a security questionnaire')
    expect(mail.text).toContain('Ada Lovelace (ada@acme.example) of Acme Inc asks you to answer')
    expect(reminderMail({ sender: 'Ada', company: 'Acme', clientName: 'Globex', url, expiresAt }).subject).toBe(
      'Reminder: Acme asks you to complete a security questionnaire',
    )
    expect(collaboratorMail({ sender: 'Ada', company: 'Acme', clientName: 'Globex', url, expiresAt }).subject).toBe(
      'Acme invited you to answer a security questionnaire',
    )
  })
})

describe('choiceOf', () => {
  it('takes a leading Yes / No / N/A of a free answer as its choice', () => {
    expect(choiceOf('Yes, reviewed yearly.')).toBe('Yes')
    expect(choiceOf('no')).toBe('No')
    expect(choiceOf('N/A: no cardholder data.')).toBe('N/A')
    expect(choiceOf('Not applicable to us')).toBe('N/A')
    expect(choiceOf('Yesterday we did')).toBeNull()
    expect(choiceOf('We think yes')).toBeNull()
  })
})

describe('linkDays', () => {
  it('is 30 by default, 1 to 365 whole days when given', () => {
    expect(linkDays(undefined)).toBe(30)
    expect(linkDays('')).toBe(30)
    expect(linkDays('14')).toBe(14)
    for (const bad of ['0', '366', '1.5', 'x', '-3']) expect(() => linkDays(bad)).toThrow('The link must work for 1 to 365 days')
  })
})
