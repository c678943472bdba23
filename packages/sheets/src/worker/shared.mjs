// @ts-check
// Pure helpers both sides use: the main thread (sniffing an upload, naming cells) and the worker
// thread that parses. Plain JavaScript with no parser imported, so it loads the same under tsx,
// jest and a bare worker thread.

/**
 * What a file is by its first bytes: an OOXML zip, a legacy OLE2 workbook, or neither.
 * @param {Uint8Array} buf
 * @returns {'xlsx' | 'xls' | undefined}
 */
export function spreadsheetKind(buf) {
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04])) return 'xlsx'
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'xls'
  return undefined
}

/** @param {Uint8Array} buf @param {number[]} magic */
const startsWith = (buf, magic) => buf.length >= magic.length && magic.every((b, i) => buf[i] === b)

/**
 * 1 → "A", 27 → "AA": the letters of a 1-based column number.
 * @param {number} column
 */
export function columnLetters(column) {
  let s = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

/**
 * Spreadsheet formula injection (security.md B15): text that starts like a formula gets a leading '.
 * @param {string} text
 */
export function neutralise(text) {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text
}

/**
 * Excel's `_x000D_` escapes, control characters and the length cap.
 * @param {string} raw
 * @param {number} [maxCell]
 */
export function cleanText(raw, maxCell = 8_000) {
  return (
    raw
      .replace(/_x([0-9A-Fa-f]{4})_/g, (_m, hex) => String.fromCharCode(Number.parseInt(hex, 16)))
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are dropped on purpose
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '')
      .replace(/\r\n?/g, '\n')
      .trim()
      .slice(0, maxCell)
  )
}

/** @param {string} s */
export const decodeXml = (s) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
