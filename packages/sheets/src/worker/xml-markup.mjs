// @ts-check
// Refuses markup declarations (<!DOCTYPE, <!ENTITY: external entities, billion laughs) anywhere in
// a zip part, whatever its encoding, reading it as a stream (security.md B13). The bytes are
// searched rather than decoded: "<!DOCTYPE" is the same ASCII bytes in UTF-8 and every ASCII-based
// encoding, and the same bytes with one or three NULs between them in UTF-16 and UTF-32, either
// byte order, with or without a BOM. Encodings in which it could be spelled otherwise (UTF-7,
// EBCDIC) are refused by their declaration or signature.
import { refuse } from './sheet-error.mjs'

// On a latin1 view of the bytes; the back-reference keeps one width across the whole word.
// biome-ignore lint/suspicious/noControlCharactersInRegex: the NULs of UTF-16 and UTF-32 are what is matched
const DECLARATION = /<(\x00{0,3})!\1(?:d\1o\1c\1t\1y\1p\1e|e\1n\1t\1i\1t\1y)/i
/** Longest match ("<!DOCTYPE" in UTF-32) less one byte: kept from one chunk to the next. */
const CARRY = 32
const HEAD = 1024
/** Encodings whose ASCII characters are ASCII bytes or UTF-16 units, which the search above sees. */
const SCANNABLE = /^(?:utf-?8|us-ascii|ascii|iso-8859-\d{1,2}|iso-latin-1|latin-?1|windows-125\d|cp125\d|utf-?16(?:le|be)?|ucs-?2|unicode)$/i

export const markupMessages = {
  declaration: 'The workbook contains XML declarations that are not allowed',
  encoding: 'The workbook contains XML in a text encoding that is not accepted',
}

/** One part's check, fed chunk by chunk; holds at most HEAD + CARRY bytes. */
export class MarkupGuard {
  constructor() {
    /** @type {Buffer} */
    this.carry = Buffer.alloc(0)
    /** @type {Buffer | undefined} bytes kept until the XML declaration can be read */
    this.head = Buffer.alloc(0)
  }

  /** @param {Buffer} chunk */
  push(chunk) {
    if (this.head) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, HEAD - this.head.length)])
      if (this.head.length >= HEAD) this.checkHead()
    }
    const view = Buffer.concat([this.carry, chunk])
    if (DECLARATION.test(view.toString('latin1'))) throw refuse(markupMessages.declaration)
    this.carry = view.subarray(Math.max(0, view.length - CARRY))
  }

  end() {
    if (this.head) this.checkHead()
  }

  checkHead() {
    const head = /** @type {Buffer} */ (this.head)
    this.head = undefined
    // "<?xm" in EBCDIC, and UTF-7's signature: "<!DOCTYPE" would not be these bytes there.
    if (startsWith(head, [0x4c, 0x6f, 0xa7, 0x94]) || startsWith(head, [0x2b, 0x2f, 0x76])) throw refuse(markupMessages.encoding)
    // The declaration's characters are ASCII: drop a BOM and the NULs of UTF-16/32 to read it.
    const noBom = head.toString('latin1').replace(/^(?:\xef\xbb\xbf|\xff\xfe|\xfe\xff)/, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: NULs are dropped on purpose
    const text = noBom.replace(/\x00/g, '')
    if (!/^<\?xml\b/.test(text)) return
    const declaration = /^<\?xml\b([^>]*)\?>/.exec(text)
    if (!declaration) throw refuse(markupMessages.encoding) // a declaration longer than any real one
    const encoding = /\bencoding\s*=\s*(["'])([^"']*)\1/.exec(declaration[1] ?? '')?.[2]
    if (encoding !== undefined && !SCANNABLE.test(encoding.trim())) throw refuse(markupMessages.encoding)
  }
}

/** @param {Buffer} buf @param {number[]} magic */
const startsWith = (buf, magic) => buf.length >= magic.length && magic.every((b, i) => buf[i] === b)
