// CSV for spreadsheets: every field quoted, and a field a spreadsheet would run as a formula
// (starting with = + - @, a tab or a carriage return) prefixed with a quote, so it stays text (OWASP
// "CSV injection"). User agents and targets are chosen by whoever made the request.
const FORMULA = /^[=+\-@\t\r]/

export function csvField(value: string | number | null): string {
  if (value === null) return '""'
  const text = String(value)
  const safe = FORMULA.test(text) ? `'${text}` : text
  return `"${safe.replace(/"/g, '""')}"`
}

export const csvLine = (values: Array<string | number | null>): string => `${values.map(csvField).join(',')}\r\n`
