// Dates are shown in America/New_York, 12-hour clock, with an ' EST' suffix (spec §9).
const formatter = new Intl.DateTimeFormat('en-US', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
})

export function formatDateEST(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'Date not available EST'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return 'Date not available EST'
  return `${formatter.format(date)} EST`
}
