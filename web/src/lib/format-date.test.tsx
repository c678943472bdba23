import { afterEach, describe, expect, it, jest } from '@jest/globals'
import { viewerIn } from '../../test/time-zone'
import { formatCalendarDay, formatDateTime, formatLongDateTime, parseServerTime, viewerTimeZone } from './format-date'

afterEach(() => {
  jest.restoreAllMocks()
})

describe('formatDateTime', () => {
  it('shows 07:11 UTC as 2:11 AM to a viewer in New York, labelled with the zone', () => {
    viewerIn('America/New_York')
    expect(viewerTimeZone()).toBe('America/New_York')
    expect(formatDateTime('2026-01-15T07:11:00Z')).toBe('Jan 15, 2026, 2:11 AM EST')
    // Summer time is labelled as such.
    expect(formatDateTime('2024-08-14T16:05:00Z')).toBe('Aug 14, 2024, 12:05 PM EDT')
  })

  it('follows the viewer: the same instant in London, Los Angeles and Kolkata', () => {
    const instant = '2026-01-15T07:11:00.000Z'
    viewerIn('Europe/London')
    expect(formatDateTime(instant)).toBe('Jan 15, 2026, 7:11 AM GMT')
    jest.restoreAllMocks()
    viewerIn('America/Los_Angeles')
    expect(formatDateTime(instant)).toBe('Jan 14, 2026, 11:11 PM PST')
    expect(formatDateTime(instant, 'Asia/Kolkata')).toBe('Jan 15, 2026, 12:41 PM GMT+5:30')
  })

  it('reads a server time without a zone as UTC, never as local time', () => {
    viewerIn('America/New_York')
    expect(parseServerTime('2026-01-15T07:11:00')?.toISOString()).toBe('2026-01-15T07:11:00.000Z')
    expect(parseServerTime('2026-01-15 07:11:00.123')?.toISOString()).toBe('2026-01-15T07:11:00.123Z')
    expect(formatDateTime('2026-01-15T07:11:00')).toBe('Jan 15, 2026, 2:11 AM EST')
    // With an offset, the offset counts.
    expect(formatDateTime('2026-01-15T09:11:00+02:00')).toBe('Jan 15, 2026, 2:11 AM EST')
    expect(formatDateTime(new Date('2026-01-15T07:11:00Z'))).toBe('Jan 15, 2026, 2:11 AM EST')
  })

  it("gives the spec's 'Date not available EST' for invalid or missing dates", () => {
    expect(formatDateTime('not a date')).toBe('Date not available EST')
    expect(formatDateTime(undefined)).toBe('Date not available EST')
    expect(formatDateTime(null)).toBe('Date not available EST')
    expect(formatDateTime('')).toBe('Date not available EST')
  })
})

describe('formatLongDateTime and formatCalendarDay', () => {
  it('writes the long form in the viewer zone, labelled', () => {
    viewerIn('America/New_York')
    expect(formatLongDateTime('2026-01-15T07:11:00Z')).toBe('January 15, 2026 at 2:11 AM EST')
  })
  it('never moves a calendar day to another zone', () => {
    viewerIn('America/Los_Angeles')
    expect(formatCalendarDay('2026-11-27')).toBe('Nov 27')
    expect(formatCalendarDay('nonsense')).toBe('Date not available EST')
  })
})
