// @ts-check
// Whether a file is text, and in which encoding, from its bytes: how a CSV questionnaire is told
// from anything else (never by its name). Pure and small: the main thread sniffs an upload's
// first bytes with it, the worker thread decodes the whole file with it.

const UTF8_BOM = [0xef, 0xbb, 0xbf]

/** @param {Uint8Array} buf @param {number[]} magic */
const startsWith = (buf, magic) => buf.length >= magic.length && magic.every((b, i) => buf[i] === b)

/**
 * The file's text: UTF-16 when a byte-order mark says so, else UTF-8 when it is valid UTF-8, else
 * Windows-1252 (what Excel writes on Windows). Undefined for binary: a NUL or another control
 * character outside UTF-16. `partial`: the bytes are a head, possibly cut inside a character.
 * @param {Uint8Array} buf @param {{ partial?: boolean }} [options] @returns {string | undefined}
 */
export function decodeText(buf, options = {}) {
  /** @type {string} */
  let text
  if (startsWith(buf, [0xff, 0xfe]) || startsWith(buf, [0xfe, 0xff])) {
    const le = buf[0] === 0xff
    const even = buf.subarray(0, buf.length - (buf.length % 2))
    text = new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(even).replace(/^\uFEFF/, '')
  } else {
    const body = startsWith(buf, UTF8_BOM) ? buf.subarray(3) : buf
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(body, { stream: Boolean(options.partial) })
    } catch {
      text = new TextDecoder('windows-1252').decode(body)
    }
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters mark a binary file
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(text) ? undefined : text
}

/** Delimiters a CSV questionnaire may use: comma, semicolon (European Excel), tab, pipe. */
export const DELIMITERS = [',', ';', '\t', '|']

/**
 * A first look, on an upload's head: text, with a line break or a delimiter in it. The whole file
 * is checked in the worker thread (read-csv.mjs) before it is accepted.
 * @param {Uint8Array} head
 */
export function looksLikeCsv(head) {
  const text = head.length ? decodeText(head, { partial: true }) : undefined
  return text !== undefined && DELIMITERS.some((d) => text.includes(d))
}
