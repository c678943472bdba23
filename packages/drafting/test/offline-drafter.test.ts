import { describe, expect, it } from '@jest/globals'
import { draftOffline, type Evidence } from '../src/offline-drafter.js'

const evidence: Evidence[] = [
  { chunkId: 'c1', documentName: 'policies.pdf', page: 12, text: 'Encryption Policy\nAll customer data is encrypted at rest using AES-256. Encryption keys are rotated annually by the security team.' },
  { chunkId: 'c2', documentName: 'policies.pdf', page: 30, text: 'Access Control\nAccess to production systems requires multi-factor authentication and is reviewed every quarter by system owners.' },
  { chunkId: 'c3', documentName: 'policies.pdf', page: 41, text: 'Vendor Management\nThe company does not permit vendors to store customer data outside the United States.' },
]

describe('offline drafter', () => {
  it('answers from the strongest evidence, cited, with a yes for a supported yes/no question', () => {
    const d = draftOffline('Do you encrypt customer data at rest?', evidence)
    expect(d.answer).toContain('All customer data is encrypted at rest using AES-256.')
    expect(d.citations).toEqual(['c1'])
    expect(d.choice).toBe('yes')
    expect(d.needsReview).toBe(false)
  })

  it('never turns a negative statement into a yes', () => {
    const d = draftOffline('Do vendors store customer data outside the United States?', evidence)
    expect(d.citations).toContain('c3')
    expect(d.choice).toBeUndefined()
    expect(d.needsReview).toBe(true)
  })

  it('leaves the question to a person when nothing supports an answer', () => {
    expect(draftOffline('Are you FedRAMP authorized?', evidence)).toMatchObject({ answer: '', citations: [], needsReview: true })
    expect(draftOffline('Do you encrypt data?', [])).toMatchObject({ answer: '', needsReview: true })
  })

  it('only quotes sentences that are in the evidence', () => {
    const d = draftOffline('How often are access reviews performed for production systems?', evidence)
    const all = evidence.map((e) => e.text.replace(/\s*\n\s*/g, ' ')).join(' ')
    for (const s of d.answer.split(/(?<=\.)\s+/)) expect(all).toContain(s)
    expect(d.citations).toEqual(['c2'])
  })

  it('keeps section headings out of the answer, and joins lines a PDF wrapped', () => {
    const d = draftOffline('Do you require multi-factor authentication for production systems?', evidence)
    expect(d.answer).toMatch(/^Access to production systems requires multi-factor authentication/)
    const wrapped: Evidence = { chunkId: 'w1', documentName: 'p.pdf', page: 2, text: 'Every production change is approved by the Chief\nInformation Security Officer and the CTO before release.' }
    expect(draftOffline('Who approves production changes before release?', [wrapped]).answer).toBe('Every production change is approved by the Chief Information Security Officer and the CTO before release.')
  })
})

describe('weak evidence', () => {
  it('drafts nothing from a single shared word', () => {
    const d = draftOffline('Solution Provider Name', [{ chunkId: 'x', documentName: 'p.pdf', page: 144, text: 'The company shall validate the physical security controls implemented by each cloud provider every year.' }])
    expect(d).toMatchObject({ answer: '', citations: [], needsReview: true })
  })
})
