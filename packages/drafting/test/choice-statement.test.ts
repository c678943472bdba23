// Which Yes / No a quoted sentence states: a denial counts in the clause that speaks of what is asked.
import { describe, expect, it } from '@jest/globals'
import { statedChoice } from '../src/choice-statement.js'

describe('the choice a sentence states', () => {
  it('reads a plain statement and a plain denial', () => {
    expect(statedChoice('Are backups encrypted?', 'Backups are encrypted with AES-256.')).toBe('yes')
    expect(statedChoice('Do you store cardholder data?', 'We do not store cardholder data.')).toBe('no')
  })

  it('reads the clause of a reason-and-consequence sentence that the question asks about', () => {
    const sentence = 'Because we have no offices of our own, all endpoint management is handled by our managed service partner.'
    // The main clause is about endpoint management: its polarity answers.
    expect(statedChoice('Is endpoint management in place for company laptops?', sentence)).toBe('yes')
    // The reason clause is about offices: its denial answers.
    expect(statedChoice('Do you have offices of your own?', sentence)).toBe('no')
    const concession = 'Although customer data is not stored on laptops, laptops are encrypted with full-disk encryption.'
    expect(statedChoice('Are laptops encrypted?', concession)).toBe('yes')
  })

  it('keeps the whole sentence when neither clause speaks of the question more', () => {
    expect(statedChoice('Is customer data shared with advertisers?', 'As a rule, customer data is never shared with advertisers.')).toBe('no')
  })
})
