// @ts-check
// An archive rebuilt from exactly the bytes the scan inflated and checked, stored (no compression),
// with one name per entry in both headers. The parser (SheetJS) reads this copy, never the upload:
// it trusts local headers and inflates to the end of each deflate stream whatever sizes say, so a
// file whose headers disagree with its central directory could otherwise show it other bytes than
// the ones counted. Sizes are known before any byte is inflated (yauzl makes each entry inflate to
// exactly its declared size, or fails), so the copy is one allocation, filled while streaming.
import { crc32 } from 'node:zlib'

const LOCAL = 30
const CENTRAL = 46
const END = 22
const UTF8_NAMES = 0x0800
const DOS_DATE_1980 = (0 << 9) | (1 << 5) | 1

/**
 * @typedef {{ name: string, size: number, mtime: Date }} PlannedEntry
 * @typedef {{ name: string, size: number, mtime: Date, dataStart: number }} StoredEntry
 */

export class StoredZip {
  /** @param {PlannedEntry[]} planned */
  constructor(planned) {
    let at = 0
    /** @type {(StoredEntry & { headerAt: number, nameBytes: Buffer, crc: number, written: number })[]} */
    this.slots = planned.map((e) => {
      const nameBytes = Buffer.from(e.name, 'utf8')
      const slot = { ...e, headerAt: at, dataStart: at + LOCAL + nameBytes.length, nameBytes, crc: 0, written: 0 }
      at = slot.dataStart + e.size
      return slot
    })
    this.centralAt = at
    this.bytes = Buffer.alloc(at + this.slots.reduce((n, s) => n + CENTRAL + s.nameBytes.length, 0) + END)
  }

  /** Appends inflated bytes to entry `i`; never past its planned size. @param {number} i @param {Buffer} chunk */
  write(i, chunk) {
    const s = this.slots[i]
    if (!s || s.written + chunk.length > s.size) throw new Error('entry larger than planned')
    chunk.copy(this.bytes, s.dataStart + s.written)
    s.written += chunk.length
    s.crc = crc32(chunk, s.crc)
  }

  /** Writes the headers once every entry is complete; returns the archive. */
  finish() {
    const b = this.bytes
    let c = this.centralAt
    for (const s of this.slots) {
      if (s.written !== s.size) throw new Error('entry smaller than planned')
      header(b, s.headerAt, 0x04034b50, s, false)
      header(b, c, 0x02014b50, s, true)
      c += CENTRAL + s.nameBytes.length
    }
    b.writeUInt32LE(0x06054b50, c)
    b.writeUInt16LE(this.slots.length, c + 8)
    b.writeUInt16LE(this.slots.length, c + 10)
    b.writeUInt32LE(c - this.centralAt, c + 12)
    b.writeUInt32LE(this.centralAt, c + 16)
    return b
  }

  /** The entries and where their bytes are in `bytes`. @returns {StoredEntry[]} */
  entries() {
    return this.slots.map(({ name, size, mtime, dataStart }) => ({ name, size, mtime, dataStart }))
  }

  /** @param {string} name */
  part(name) {
    const s = this.slots.find((e) => e.name === name)
    return s ? this.bytes.subarray(s.dataStart, s.dataStart + s.size) : undefined
  }
}

/**
 * @param {Buffer} b @param {number} at @param {number} signature
 * @param {{ nameBytes: Buffer, crc: number, size: number, headerAt: number }} s @param {boolean} central
 */
function header(b, at, signature, s, central) {
  b.writeUInt32LE(signature, at)
  let o = at + 4
  if (central) {
    b.writeUInt16LE(20, o) // made by
    o += 2
  }
  b.writeUInt16LE(20, o) // needed to extract
  b.writeUInt16LE(UTF8_NAMES, o + 2)
  b.writeUInt16LE(0, o + 4) // stored
  b.writeUInt16LE(0, o + 6) // time
  b.writeUInt16LE(DOS_DATE_1980, o + 8)
  b.writeUInt32LE(s.crc >>> 0, o + 10)
  b.writeUInt32LE(s.size, o + 14)
  b.writeUInt32LE(s.size, o + 18)
  b.writeUInt16LE(s.nameBytes.length, o + 22)
  // extra field, and in the central record comment, disk, attributes: all zero
  if (central) b.writeUInt32LE(s.headerAt, o + 36)
  s.nameBytes.copy(b, at + (central ? CENTRAL : LOCAL))
}
