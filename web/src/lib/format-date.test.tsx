import { describe, expect, it } from '@jest/globals'
import { formatDateEST } from './format-date'

describe('formatDateEST', () => {
  it('formats in America/New_York with a 12-hour clock and the EST suffix', () => {
    expect(formatDateEST('2024-08-14T16:05:00Z')).toBe('Aug 14, 2024, 12:05 PM EST')
    expect(formatDateEST(new Date('2024-01-02T03:00:00Z'))).toBe('Jan 1, 2024, 10:00 PM EST')
  })
  it("gives 'Date not available EST' for invalid or missing dates", () => {
    expect(formatDateEST('not a date')).toBe('Date not available EST')
    expect(formatDateEST(undefined)).toBe('Date not available EST')
    expect(formatDateEST('')).toBe('Date not available EST')
  })
})
