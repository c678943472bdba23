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

  it('filters the tabs by the review state (issue 25): needs review is an answer not approved, not every question', () => {
    const q = { llmstatus: false, answer: 'Yes.', choiceValue: null, llmReviewRespons: 0 as const, answerSource: 'documents' as const, personAnswer: false }
    const approved = { ...q, llmstatus: true }
    const empty = { ...q, answer: '' }
    const flagged = { ...q, llmReviewRespons: 1 as const }
    const written = { ...q, answerSource: '' as const, personAnswer: true }
    expect(inTab(approved, 'all')).toBe(true)
    expect(inTab(approved, 'review')).toBe(false)
    expect(inTab(approved, 'approved')).toBe(true)
    expect([q, flagged, written].map((x) => inTab(x, 'review'))).toEqual([true, true, true])
    expect(inTab(empty, 'review')).toBe(false)
    expect(inTab(empty, 'empty')).toBe(true)
    expect([q, flagged].map((x) => inTab(x, 'flagged'))).toEqual([false, true])
    expect(inTab({ ...empty, choiceValue: 'Yes' }, 'review')).toBe(true)
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
