// The rules a sentence draft's citation is held to (issue 24), each with real sentences of public
// documents (tests/fixtures/policies, tests/fixtures/SOURCES.md, "Issue 24: citation rules"): the
// sentence must carry what the question asks about; a sentence led under many unrelated questions of
// a run is weak evidence; checklist lines, table rows and titles are never quoted.
import { describe, expect, it } from '@jest/globals'
import { askedAbout } from '../src/adjuncts.js'
import { BOILERPLATE_FROM, createCitationLedger } from '../src/citation-ledger.js'
import { REASONS } from '../src/grounding.js'
import { draftOffline, type Evidence, offlineDrafterWith } from '../src/offline-drafter.js'
import { scanChunk } from '../src/sentences.js'

const evidence = (...texts: string[]): Evidence[] => texts.map((text, i) => ({ chunkId: `c${i}`, documentName: `doc-${i}.pdf`, page: 1, text }))
const quoted = (text: string) => scanChunk(text).statements.map((s) => s.text)

// Langfuse's security pages (policies/langfuse/index.md).
const COMMITMENT =
  'We take active steps to demonstrate our commitment to data security and privacy such as annual SOC2 Type 2 and ISO27001 audits as well as External Penetration Tests.'
// The open-access SOC 2 policy set (policies/open_access_policies).
const DEVICE_LOCK =
  'Access Control: Devices must be protected with strong passwords or biometric controls and configured to automatically lock after [Number, e.g., 15] minutes of inactivity.'
const SESSION_TIMEOUT =
  'Session Timeouts: Systems shall automatically terminate inactive sessions after [Duration, e.g., 15 minutes] for sensitive systems and [Duration, e.g., 30 minutes] for other systems.'
const IR_PLAN =
  'Our Incident Response Plan provides a structured framework to ensure we detect and react to security incidents swiftly, requiring all personnel to report any suspected event within 24 hours.'
const SANCTION = 'The sanction is commensurate with the severity of the violation, its impact, and the employee’s history.'
const ASSET_RETURN = 'Departing workforce members must return all company property including devices, access badges, and documents.'
const DATA_CENTER = 'Only authorized personnel have access to the data center.'
const AWARENESS = 'All workforce members receive security awareness training to understand their security responsibilities.'

describe('rule 1: the cited sentence carries what the question asks about', () => {
  it('reads the subject from the question: the noun phrase asked about, without broad words', () => {
    expect(askedAbout('Are regular security awareness training updates provided?').terms.length).toBeGreaterThan(0)
    expect(askedAbout('Are regular security awareness training updates provided?').terms).not.toContain('updat')
    expect(askedAbout('Are return procedures of organizationally-owned assets by terminated employees established?').terms).toEqual(
      expect.arrayContaining(['return', 'asset']),
    )
    expect(askedAbout('Are logging requirements established?').terms).toEqual(['log'])
    // All broad words: nothing is required ("policies and procedures" says no particular subject).
    expect(askedAbout('Are policies and procedures reviewed and updated at least annually?').terms).toEqual([])
    expect(askedAbout('Does your organization have a data privacy policy?')).toEqual({ terms: ['privac'], document: 'polici' })
    // A list ("controls and policies") asks about the controls too: no document is required.
    expect(askedAbout('Does your organization have physical security controls and policies in place?').document).toBeUndefined()
  })

  it('does not answer "a data privacy policy?" with a sentence that only shares "privacy"', () => {
    const d = draftOffline('Does your organization have a data privacy policy?', evidence(COMMITMENT))
    expect(d.answer).toBe('')
    expect(d.choice).toBeUndefined()
  })

  it('does not answer a session lock question with the device screen lock, and does with the session timeout', () => {
    const q = 'Does your application automatically lock the session or log out an account after a period of inactivity?'
    expect(draftOffline(q, evidence(DEVICE_LOCK)).answer).toBe('')
    expect(draftOffline(q, evidence(SESSION_TIMEOUT)).answer).toBe(SESSION_TIMEOUT)
  })

  it('does not answer "the capability to respond to incidents" with a sentence that only shares "incidents"', () => {
    expect(draftOffline('Do you have the capability to respond to incidents on a 24 x 7 x 365 basis?', evidence(IR_PLAN)).choice).toBeUndefined()
  })

  it('does not answer a question about the case it sets aside with a sentence on that case', () => {
    // Langfuse, policies/langfuse/security-measures.md.
    const sso = 'We can enforce SSO for your organization (Team plan and above) to require 2FA (Two-Factor Authentication).'
    const q =
      'For customers not using SSO, does your application and/or user frontend/portal support multifactor authentication (e.g., Duo, Google Authenticator, OTP, etc.)?'
    expect(draftOffline(q, evidence(sso)).choice).toBeUndefined()
    expect(draftOffline(q, evidence(sso)).answer).toBe('')
    expect(draftOffline('Does your application support multifactor authentication?', evidence(sso)).answer).toBe(sso)
  })

  it('keeps answers whose sentence carries the subject', () => {
    expect(
      draftOffline(
        'Is a formal disciplinary or sanction policy established for employees who have violated security policies and procedures?',
        evidence(SANCTION),
      ).answer,
    ).toBe(SANCTION)
    expect(draftOffline('Does your organization have physical security controls and policies in place?', evidence(DATA_CENTER)).answer).toBe(DATA_CENTER)
    expect(draftOffline('Are return procedures of organizationally-owned assets by terminated employees established?', evidence(ASSET_RETURN)).answer).toBe(
      ASSET_RETURN,
    )
  })
})

describe('rule 2: a sentence led under many unrelated questions of a run is weak evidence', () => {
  it('counts unrelated questions, and the same question asked again once', () => {
    const ledger = createCitationLedger()
    for (let i = 0; i < 9; i++) ledger.note(DATA_CENTER, 'Is physical access to the data center restricted?')
    expect(ledger.questionsLed(DATA_CENTER, 'Is physical access to the data center restricted?')).toBe(1)
    // Cited for the same specific word ("center"): related.
    ledger.note(DATA_CENTER, 'Are visitors to the data center escorted?')
    expect(ledger.questionsLed(DATA_CENTER, 'Is physical access to the data center restricted?')).toBe(1)
    // Cited for "access" too: related.
    ledger.note(DATA_CENTER, 'Are user access rights reviewed quarterly?')
    expect(ledger.questionsLed(DATA_CENTER, 'Is physical access to the data center restricted?')).toBe(1)
    // Cited for other words, or for broad ones only: unrelated.
    ledger.note(DATA_CENTER, 'Is software installation limited to authorized users?')
    ledger.note(DATA_CENTER, 'Are personnel screened before hire?')
    expect(ledger.questionsLed(DATA_CENTER, 'Is physical access to the data center restricted?')).toBe(3)
  })

  it('keeps the answer but drops the choice once the lead sentence is boilerplate for the run', async () => {
    const q = 'Does your organization have physical security controls and policies in place?'
    const ledger = createCitationLedger()
    const drafter = offlineDrafterWith(ledger)
    const first = await drafter(q, evidence(DATA_CENTER))
    expect(first.choice).toBe('yes')
    expect(first.reviewReason).not.toContain(REASONS.boilerplate)
    // The same sentence led the drafts of unrelated questions of this run.
    ledger.note(DATA_CENTER, 'Is software installation limited to authorized users?')
    ledger.note(DATA_CENTER, 'Are personnel screened before hire?')
    expect(ledger.questionsLed(DATA_CENTER, q)).toBeGreaterThanOrEqual(BOILERPLATE_FROM)
    const later = await drafter(q, evidence(DATA_CENTER))
    expect(later.answer).toBe(DATA_CENTER)
    expect(later.choice).toBeUndefined()
    expect(later.needsReview).toBe(true)
    expect(later.reviewReason).toContain(REASONS.boilerplate)
    // Without a ledger (a one-off question) nothing changes.
    expect(draftOffline(q, evidence(DATA_CENTER)).choice).toBe('yes')
  })
})

describe('rule 3: checklist lines, table rows and titles are not sentences', () => {
  it('never quotes a checklist line, ticked or not, nor its wrapped lines', () => {
    // FootprintAI/Containarium SECURITY-CHECKLIST.md and DEPLOYMENT-GUIDE.md (policies/containarium).
    const text = [
      '- [ ] Review `git log --stat` to ensure no sensitive files in history',
      '- [ ] Update README.md with current architecture (completed ✅)',
      '- ✅ Load balancer configured',
      '',
      AWARENESS,
    ].join('\n')
    expect(quoted(text)).toEqual([AWARENESS])
    const q = 'Is security awareness training provided to all workforce members?'
    expect(draftOffline(q, evidence(`- [ ] ${AWARENESS}`)).answer).toBe('')
    expect(draftOffline(q, evidence(`☐ ${AWARENESS}`)).answer).toBe('')
    expect(draftOffline(q, evidence(`[x] ${AWARENESS}`)).answer).toBe('')
    expect(draftOffline(q, evidence(AWARENESS)).answer).toBe(AWARENESS)
  })

  it('never quotes a table row, with or without a leading pipe', () => {
    // FootprintAI/Containarium docs/ISO27001-COMPLIANCE.md, rows as a PDF's text gives them.
    const rows = [
      'A.5.9 | Inventory of information assets | Missing | No asset register | Needs: asset inventory doc',
      '| A.5.30 | ICT readiness for business continuity | Partial | Auto-recovery ~85s, ZFS snapshots | Gap: no documented RTO/RPO targets |',
    ].join('\n')
    expect(quoted(rows)).toEqual([])
    expect(quoted(`${rows}\n\n${DATA_CENTER}`)).toEqual([DATA_CENTER])
  })

  it('never quotes a numbered title or a Title Case line run into the text', () => {
    expect(quoted('4.2 Asset Return Departing workforce members must return all company property including devices, access badges, and documents.')).toEqual([])
    expect(quoted('Security Awareness And Training Policy For All Workforce Members.')).toEqual([])
    expect(quoted(ASSET_RETURN)).toEqual([ASSET_RETURN])
  })
})
