import { describe, expect, it, jest } from '@jest/globals'
import { viewerIn } from '../../../../test/time-zone'
import { answeredShare, collaboratorsText, humanSize, linkState, linkText, progressText, statusText, templateStateText } from './format'

describe('humanSize', () => {
  it('uses Bytes, KB, MB and GB in steps of 1024 with at most two decimals', () => {
    expect(humanSize(0)).toBe('0 Bytes')
    expect(humanSize(1)).toBe('1 Bytes')
    expect(humanSize(1023)).toBe('1023 Bytes')
    expect(humanSize(1024)).toBe('1 KB')
    expect(humanSize(1536)).toBe('1.5 KB')
    expect(humanSize(1234567)).toBe('1.18 MB')
    expect(humanSize(1024 ** 3 * 2.345)).toBe('2.35 GB')
  })
  it('stays in GB above and gives 0 Bytes for nothing sensible', () => {
    expect(humanSize(1024 ** 4)).toBe('1024 GB')
    expect(humanSize(-5)).toBe('0 Bytes')
    expect(humanSize(Number.NaN)).toBe('0 Bytes')
  })
})

describe('outbound rows in words', () => {
  it('says Complete or Pending, and the collaborators when any', () => {
    expect(statusText({ status: true, answered: 4, total: 4 })).toBe('Complete')
    expect(statusText({ status: false, answered: 4, total: 4 })).toBe('Pending')
    // A submit that left questions blank is not complete (issue 25).
    expect(statusText({ status: true, answered: 3, total: 4 })).toBe('Submitted, 3 of 4 answered')
    expect(statusText({ status: true, answered: 0, total: 2 })).toBe('Submitted, 0 of 2 answered')
    expect(collaboratorsText(0)).toBe('')
    expect(collaboratorsText(2)).toBe('2 collaborator(s)')
  })
  it('says how far reading got, then how many questions have an answer', () => {
    const row = { error: null, total: 12, answered: 5 }
    expect(progressText({ ...row, state: 'queued' })).toBe('Queued for reading…')
    expect(progressText({ ...row, state: 'running' })).toBe('Reading the questionnaire…')
    expect(progressText({ ...row, state: 'failed', error: 'No questions were found in the file' })).toBe('No questions were found in the file')
    expect(progressText({ ...row, state: 'ready' })).toBe('Answered 5 of 12')
    expect(templateStateText({ state: 'ready', error: null, total: 1 })).toBe('1 question')
    expect(templateStateText({ state: 'ready', error: null, total: 40 })).toBe('40 questions')
  })
  it('tells an active link from an expired or revoked one', () => {
    const now = Date.parse('2026-03-01T12:00:00Z')
    expect(linkState({ expiresAt: '2026-03-02T12:00:00Z', revoked: false }, now)).toBe('active')
    expect(linkState({ expiresAt: '2026-02-28T12:00:00Z', revoked: false }, now)).toBe('expired')
    expect(linkState({ expiresAt: '2026-03-02T12:00:00Z', revoked: true }, now)).toBe('revoked')
    viewerIn('America/New_York')
    expect(linkText({ expiresAt: '2026-03-02T17:00:00Z', revoked: false }, now)).toBe('Link expires Mar 2, 2026, 12:00 PM EST')
    jest.restoreAllMocks()
    expect(linkText({ expiresAt: '2026-03-02T17:00:00Z', revoked: true }, now)).toBe('Link revoked')
  })
  it('counts questions with a non-blank answer', () => {
    expect(answeredShare([{ answer: 'Yes' }, { answer: '  ' }, { answer: '' }])).toEqual({ answered: 1, total: 3, percent: 33 })
    expect(answeredShare([])).toEqual({ answered: 0, total: 0, percent: 0 })
  })
})
