import { describe, expect, it } from '@jest/globals'
import { companyNameProblem } from '@portal/contracts/company-name'
import { flagOf, inTab, toggled, toggleLabel } from '../src/features/review/components/flags'

describe('review flags (spec §4)', () => {
  it('colours questions', () => {
    expect(flagOf({ llmstatus: true, reviewstatus: false, llmReviewRespons: 0 })).toBe('approved')
    expect(flagOf({ llmstatus: true, reviewstatus: true, llmReviewRespons: 1 })).toBe('approved')
    expect(flagOf({ llmstatus: true, reviewstatus: false, llmReviewRespons: 1 })).toBe('partial')
    expect(flagOf({ llmstatus: false, reviewstatus: true, llmReviewRespons: 0 })).toBe('partial')
    expect(flagOf({ llmstatus: false, reviewstatus: false, llmReviewRespons: 0 })).toBe('none')
  })

  it('flips both flags when the draft needs review, else llmstatus only', () => {
    expect(toggled({ llmstatus: false, reviewstatus: false, llmReviewRespons: 1 })).toEqual({ llmstatus: true, reviewstatus: true })
    expect(toggled({ llmstatus: true, reviewstatus: true, llmReviewRespons: 1 })).toEqual({ llmstatus: false, reviewstatus: false })
    expect(toggled({ llmstatus: false, reviewstatus: false, llmReviewRespons: 0 })).toEqual({ llmstatus: true, reviewstatus: false })
    expect(toggleLabel({ llmReviewRespons: 1 })).toBe('Mark as Approved')
    expect(toggleLabel({ llmReviewRespons: 0 })).toBe('Mark as approved')
  })

  it('filters the tabs', () => {
    expect(inTab({ llmstatus: true }, 1)).toBe(true)
    expect(inTab({ llmstatus: true }, 2)).toBe(false)
    expect(inTab({ llmstatus: true }, 3)).toBe(true)
    expect(inTab({ llmstatus: false }, 2)).toBe(true)
  })
})

describe('client name rules (spec §5)', () => {
  it.each([
    ['', 'This field is required'],
    [' Acme', 'Company name cannot have leading or trailing whitespace.'],
    ['Ac', 'Company name must be between 3 and 63 characters.'],
    ['A'.repeat(64), 'Company name must be between 3 and 63 characters.'],
    ['Acme & Co', 'Company name can only contain alphabets, numbers, and spaces.'],
    ['Acme Bank 2', undefined],
  ])('%j → %s', (name, message) => expect(companyNameProblem(name)).toBe(message))
})
