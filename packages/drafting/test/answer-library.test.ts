import { describe, expect, it } from '@jest/globals'
import { findLibraryAnswer, similarity } from '../src/answer-library.js'

const library = [
  { id: 'a1', question: 'Do you encrypt customer data at rest?', answer: 'Yes, with AES-256 (Encryption Policy, p. 56).' },
  { id: 'a2', question: 'Do you perform annual penetration tests?', answer: 'Yes, by an external firm every year.' },
]

describe('answer library', () => {
  it('reuses the approved answer of a near-identical question', () => {
    expect(findLibraryAnswer('Do you encrypt customer data at rest?*', library)).toMatchObject({ id: 'a1' })
    expect(findLibraryAnswer('Is customer data encrypted at rest?', library)).toBeUndefined() // same meaning, other words: retrieval's job
    expect(findLibraryAnswer('  DO YOU ENCRYPT  customer data at rest ? ', library)?.id).toBe('a1')
  })

  it('does not confuse questions that differ in what they ask', () => {
    expect(findLibraryAnswer('Do you encrypt customer data in transit?', library)).toBeUndefined()
    expect(findLibraryAnswer('Do you perform annual vulnerability scans?', library)).toBeUndefined()
    expect(similarity('abc', 'abc')).toBe(1)
    expect(similarity('', 'abc')).toBe(0)
  })
})
