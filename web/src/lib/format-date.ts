// Times are shown in the viewer's own time zone, 12-hour clock, labelled with the zone's short name
// ("Nov 27, 2026, 2:11 AM EST"), so nobody has to guess which zone a time is in. The server sends
// every time as a UTC ISO 8601 string (with its `Z`); a string without a zone would be read as
// local time by `new Date`, so one is read as UTC here.

// The spec's text for a missing or invalid date, word for word (its ' EST' is part of the message).
const INVALID = 'Date not available EST'

/** The viewer's IANA time zone (the browser's), e.g. America/New_York. */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone

const formatters = new Map<string, Intl.DateTimeFormat>()

function formatterFor(kind: 'short' | 'long', timeZone: string): Intl.DateTimeFormat {
  const key = `${kind}|${timeZone}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: kind === 'short' ? 'short' : 'long',
      day: 'numeric',
      hour: 'numeric',
      minute: '2-digit',
      hour12: true,
      timeZoneName: 'short',
    })
    formatters.set(key, f)
  }
  return f
}

/** A server time as an instant: ISO strings without a zone (`2026-11-27T07:11:00`) are UTC, never local. */
export function parseServerTime(value: string | number | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value
  if (typeof value === 'number') return new Date(value)
  const text = value.trim()
  const zoneless = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(text)
  const date = new Date(zoneless ? `${text.replace(' ', 'T')}Z` : text)
  return Number.isNaN(date.getTime()) ? null : date
}

/** "Nov 27, 2026, 2:11 AM EST" in the viewer's zone (or `timeZone`); the spec's 'Date not available EST' when there is no valid time. */
export function formatDateTime(value: string | number | Date | null | undefined, timeZone: string = viewerTimeZone()): string {
  const date = parseServerTime(value)
  return date ? formatterFor('short', timeZone).format(date) : INVALID
}

/** "November 27, 2026 at 2:11 AM EST": the long form (access requests), same zone rules. */
export function formatLongDateTime(value: string | number | Date | null | undefined, timeZone: string = viewerTimeZone()): string {
  const date = parseServerTime(value)
  return date ? formatterFor('long', timeZone).format(date) : INVALID
}

/**
 * A calendar date the server computed in some zone ("2026-11-27"), as "Nov 27": not an instant, so
 * it is never moved to another zone.
 */
export function formatCalendarDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  return Number.isNaN(date.getTime()) ? INVALID : new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' }).format(date)
}
