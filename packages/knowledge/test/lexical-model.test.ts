import { describe, expect, it } from '@jest/globals'
import { coverage, expansionOf, keyTerms, matchOf, queryOf, SYNONYM_CREDIT, termsOf } from '../src/lexical-model.js'
import { rerank } from '../src/rerank.js'

const terms = (s: string) => new Set(termsOf(s))

describe('lexical model', () => {
  it('folds a security concept to one term whatever its spelling', () => {
    for (const s of ['MFA', '2FA', 'two-factor authentication', 'multi-factor authentication']) expect(termsOf(s)).toEqual(['multifactor'])
    expect(termsOf('data at rest')).toContain('atrest')
    expect(termsOf('backed up daily')).toEqual(termsOf('backups daily'))
  })

  it('folds the security vocabulary questionnaires and policies word differently', () => {
    expect(termsOf('responding to incidents')).toEqual(termsOf('incident response'))
    expect(termsOf('devices automatically lock after 15 minutes')).toContain('sessionlock')
    expect(termsOf('full-disk encryption')).toEqual(termsOf('storage encryption'))
    expect(matchOf(termsOf('endpoints')[0]!, terms('Encryption must be enabled on all devices.'))).toBe(SYNONYM_CREDIT)
    expect(matchOf(termsOf('revocation')[0]!, terms('Access rights are revoked upon termination.'))).toBe(SYNONYM_CREDIT)
    expect(matchOf('securityawareness', terms('Annual refresher training is provided.'))).toBe(SYNONYM_CREDIT)
    expect(termsOf('Payment Card Industry Data Security Standard (PCI DSS)')).toEqual(termsOf('PCI'))
    expect(termsOf('static application security testing')).toEqual(termsOf('SAST'))
    expect(termsOf('annually')).toEqual(termsOf('annual'))
    expect(termsOf('In the event of an incident')).toEqual(termsOf('incident'))
  })

  it('folds a firewall, role-based access and an around-the-clock schedule; a folded number is no name', () => {
    expect(termsOf('a web application firewall')).toEqual(termsOf('WAF'))
    expect(termsOf('role-based access control')).toEqual(termsOf('RBAC'))
    for (const s of ['24 x 7 x 365', '24×7', '24/7', 'around the clock']) expect(termsOf(s)).toEqual(['allhours'])
    // "24 x 7 x 365" is a schedule: a passage saying "24/7" need not repeat 365.
    expect([...(queryOf('Do you respond to incidents on a 24 x 7 x 365 basis?').critical ?? [])]).toEqual([])
    expect([...(queryOf('Do you hold a SOC 2 report?').critical ?? [])].sort()).toEqual(['2', 'soc'])
  })

  it('counts a synonym at SYNONYM_CREDIT: "stored encrypted" answers "encrypted at rest"', () => {
    expect(matchOf('atrest', terms('All files are stored encrypted.'))).toBe(SYNONYM_CREDIT)
    expect(matchOf('atrest', terms('Files are encrypted at rest.'))).toBe(1)
    expect(matchOf('atrest', terms('Files are sent over TLS.'))).toBe(0)
  })

  it("weighs a questionnaire's boilerplate little and leaves it out of the key terms", () => {
    const q = queryOf('Are encryption policies and procedures established, documented, approved and maintained?')
    expect(keyTerms(q)).toEqual(termsOf('encryption'))
    // One word on encryption outweighs three of boilerplate.
    expect(coverage(q, terms('Encryption keys are rotated.'))).toBeGreaterThan(coverage(q, terms('Policies are documented and approved.')))
  })

  it('adds the words of a folded concept to the full-text query', () => {
    expect(expansionOf('Is MFA enforced?')).toContain('multi-factor')
    expect(expansionOf('Is the weather nice?')).toBe('')
  })
})

describe('re-ranking', () => {
  it('puts "Backups are taken daily." first for "Are backups taken daily?"', () => {
    const chunks = [
      { text: 'Backups of backups: backup media, backup tapes and backup logs are kept by the backup team.', heading: 'Backup media' },
      { text: 'Backups are taken daily.', heading: 'Operations' },
      { text: 'Daily stand-ups are held by the engineering team.', heading: 'Meetings' },
    ]
    expect(rerank('Are backups taken daily?', chunks)[0]!.text).toBe('Backups are taken daily.')
  })

  it("counts a section heading's words, less than the text's", () => {
    const chunks = [
      { text: 'Keys are rotated every year by the security team.', heading: 'Encryption' },
      { text: 'Keys are rotated every year by the security team.', heading: 'Operations' },
    ]
    const [first, second] = rerank('How are encryption keys rotated?', chunks)
    expect(first!.heading).toBe('Encryption')
    expect(first!.score).toBeGreaterThan(second!.score)
  })
})
