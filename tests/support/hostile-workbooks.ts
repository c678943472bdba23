// Hostile (and one harmless) .xlsx files, built on the fly for the abuse tests and benchmark: a
// small zip writer that can make headers lie, deflate streams that inflate to gigabytes from a few
// megabytes, and XML parts that declare DTDs in every encoding. Nothing big is ever committed.
import { constants, crc32, deflateRawSync } from 'node:zlib'

const MiB = 1024 * 1024

/** Compressed bytes with the real size and CRC of what they inflate to. */
export interface Deflated {
  data: Buffer
  size: number
  crc: number
}

/**
 * A deflate stream of `segments`, each `block` repeated `times`: every block is compressed once
 * from a fresh state (so it refers to nothing before it) and its bytes repeated, which makes a
 * 4 GiB inflation from 4 MB of data in milliseconds.
 */
export function deflateRepeated(segments: { block: Buffer; times?: number }[], opts: { crc?: boolean } = {}): Deflated {
  const chunks: Buffer[] = []
  let size = 0
  let crc = 0
  for (const { block, times = 1 } of segments) {
    const compressed = deflateRawSync(block, { finishFlush: constants.Z_SYNC_FLUSH, level: 9 })
    for (let i = 0; i < times; i++) {
      chunks.push(compressed)
      if (opts.crc !== false) crc = crc32(block, crc)
    }
    size += block.length * times
  }
  chunks.push(Buffer.from([0x03, 0x00])) // a final, empty block
  return { data: Buffer.concat(chunks), size, crc }
}

export interface ZipEntry {
  name: string
  body: string | Buffer | Deflated
  /** Sizes the central directory declares instead of the real ones. */
  central?: { size?: number; compressedSize?: number }
  /** What the local header says instead: sizes, or another name. */
  local?: { size?: number; compressedSize?: number; name?: string }
  /** Unix mode (e.g. 0o120777 for a symbolic link). */
  mode?: number
}

const isDeflated = (b: ZipEntry['body']): b is Deflated => typeof b === 'object' && !Buffer.isBuffer(b)

/** A zip archive, written by hand so that its headers can say anything. */
export function zip(entries: ZipEntry[]): Buffer {
  const out: Buffer[] = []
  const central: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const deflated = isDeflated(e.body) ? e.body : deflateRepeated([{ block: Buffer.from(e.body) }])
    const name = Buffer.from(e.name, 'utf8')
    const localName = Buffer.from(e.local?.name ?? e.name, 'utf8')
    const header = (sig: number, isCentral: boolean, n: Buffer, sizes: { size?: number; compressedSize?: number } | undefined) => {
      const h = Buffer.alloc(isCentral ? 46 : 30)
      h.writeUInt32LE(sig, 0)
      let o = 4
      if (isCentral) {
        h.writeUInt16LE((3 << 8) | 20, o) // made by: Unix, so the mode below counts
        o += 2
      }
      h.writeUInt16LE(20, o)
      h.writeUInt16LE(0x0800, o + 2)
      h.writeUInt16LE(8, o + 4)
      h.writeUInt16LE(0, o + 6)
      h.writeUInt16LE(33, o + 8)
      h.writeUInt32LE(deflated.crc >>> 0, o + 10)
      h.writeUInt32LE(sizes?.compressedSize ?? deflated.data.length, o + 14)
      h.writeUInt32LE(Math.min(sizes?.size ?? deflated.size, 0xfffffffe), o + 18)
      h.writeUInt16LE(n.length, o + 22)
      if (isCentral) {
        h.writeUInt32LE(((e.mode ?? 0o100644) << 16) >>> 0, o + 32)
        h.writeUInt32LE(offset, o + 36)
      }
      return Buffer.concat([h, n])
    }
    const local = header(0x04034b50, false, localName, e.local ?? e.central)
    central.push(header(0x02014b50, true, name, e.central))
    out.push(local, deflated.data)
    offset += local.length + deflated.data.length
  }
  const cd = Buffer.concat(central)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(cd.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...out, cd, end])
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PKG = 'http://schemas.openxmlformats.org/package/2006/relationships'
const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${body}`
const inline = (ref: string, text: string) => `<c r="${ref}" t="inlineStr"><is><t>${text}</t></is></c>`

const QUESTIONS = [
  ['ENC-01', 'Do you encrypt customer data at rest?'],
  ['ACC-01', 'Do you require multi-factor authentication for administrators?'],
  ['LOG-01', 'Do you keep audit logs for at least one year?'],
]

/** The parts of a small, valid questionnaire: three questions with an Answer column. */
export function questionnaireParts(): Record<string, ZipEntry['body']> {
  const rows = [['ID', 'Question', 'Answer'], ...QUESTIONS.map(([id, q]) => [id!, q!, ''])]
  const sheet = rows.map((cells, r) => `<row r="${r + 1}">${cells.map((v, c) => (v ? inline(`${'ABC'[c]}${r + 1}`, v) : '')).join('')}</row>`).join('')
  return {
    '[Content_Types].xml': xml(
      '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>',
    ),
    '_rels/.rels': xml(`<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`),
    'xl/workbook.xml': xml(`<workbook xmlns="${NS}" xmlns:r="${REL}"><sheets><sheet name="Questions" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    'xl/_rels/workbook.xml.rels': xml(
      `<Relationships xmlns="${PKG}"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': xml(`<worksheet xmlns="${NS}"><dimension ref="A1:C${rows.length}"/><sheetData>${sheet}</sheetData></worksheet>`),
    'xl/sharedStrings.xml': xml(`<sst xmlns="${NS}" count="1" uniqueCount="1"><si><t>unused</t></si></sst>`),
  }
}

/** A questionnaire workbook with some parts replaced or added (and entries' headers bent). */
export function questionnaire(parts: Record<string, ZipEntry['body']> = {}, bend: Record<string, Omit<ZipEntry, 'name' | 'body'>> = {}): Buffer {
  const all = { ...questionnaireParts(), ...parts }
  return zip(Object.entries(all).map(([name, body]) => ({ name, body, ...bend[name] })))
}

/** A small deterministic PRNG: the same hostile file on every run. */
function random(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
}

/** A part of `bytes` spaces between a real header and footer, made from 1 MiB blocks. No CRC: a bomb is never read to its end. */
function padded(head: string, bytes: number, tail: string): Deflated {
  const block = Buffer.alloc(MiB, 0x20)
  return deflateRepeated([{ block: Buffer.from(head) }, { block, times: Math.ceil(bytes / MiB) }, { block: Buffer.from(tail) }], { crc: false })
}

export const hostile = {
  /**
   * A zip bomb whose headers lie: `part` inflates to `realBytes` (4 GiB by default) from a few MB,
   * while the central directory, the local header or both declare 1 KiB (the other one, if any,
   * declares the truth: the CVE-2026-38359 shape).
   */
  lyingBomb(opts: { realBytes?: number; lie?: 'central' | 'local' | 'both'; part?: string } = {}): Buffer {
    const { realBytes = 4096 * MiB, lie = 'both', part = 'xl/sharedStrings.xml' } = opts
    const bomb = padded(`<?xml version="1.0"?><sst xmlns="${NS}"><si><t>`, realBytes, '</t></si></sst>')
    const small = { size: 1024 }
    const bend = lie === 'central' ? { central: small, local: {} } : lie === 'local' ? { local: small } : { central: small, local: small }
    return questionnaire({ [part]: bomb }, { [part]: bend })
  },

  /** sharedStrings.xml of `bytes` honest bytes (100 MB by default) of short strings, compressing ~30:1. */
  bigSharedStrings(bytes = 100_000_000): Buffer {
    const next = random(42)
    let items = ''
    while (items.length < MiB - 200) {
      let word = ''
      for (let i = 0; i < 12; i++) word += next() < 0.5 ? 'a' : 'b'
      items += `<si><t>${word} ${'answer text '.repeat(6)}</t></si>`
    }
    const block = Buffer.from(items)
    const times = Math.ceil(bytes / block.length)
    return questionnaire({
      'xl/sharedStrings.xml': deflateRepeated([
        { block: Buffer.from(`<?xml version="1.0"?><sst xmlns="${NS}">`) },
        { block, times },
        { block: Buffer.from('</sst>') },
      ]),
    })
  },

  /**
   * sharedStrings.xml of ~31 MiB of 12-letter strings (ratio ~20:1): inside every archive cap, but
   * millions of objects to the parser, so reading it must hit the worker's heap limit.
   */
  manyTinyStrings(mib = 31): Buffer {
    const next = random(7)
    let items = ''
    while (items.length < MiB) items += `<si><t>${Array.from({ length: 12 }, () => (next() < 0.5 ? 'a' : 'b')).join('')}</t></si>`
    const sst = [
      { block: Buffer.from(`<?xml version="1.0"?><sst xmlns="${NS}">`) },
      { block: Buffer.from(items), times: Math.floor((mib * MiB) / items.length) },
      { block: Buffer.from('</sst>') },
    ]
    return questionnaire({ 'xl/sharedStrings.xml': deflateRepeated(sst) })
  },

  /** sharedStrings.xml declaring a DTD, in `encoding`, optionally with a BOM and an XML declaration. */
  doctypeIn(encoding: 'utf16le' | 'utf16be' | 'utf8', opts: { bom?: boolean; declare?: string } = {}): Buffer {
    const text = `${opts.declare !== undefined ? `<?xml version="1.0" encoding="${opts.declare}"?>` : ''}<!DOCTYPE sst [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><sst xmlns="${NS}"><si><t>&xxe;</t></si></sst>`
    return questionnaire({ 'xl/sharedStrings.xml': encode(text, encoding, opts.bom ?? false) })
  },

  /** A DOCTYPE after `offset` bytes of an ordinary comment (the old check read only the first 4 KB). */
  doctypeAfter(offset = 5000): Buffer {
    const text = `<?xml version="1.0"?><!--${'x'.repeat(offset)}--><!DOCTYPE sst [<!ENTITY a "b">]><sst xmlns="${NS}"><si><t>&a;</t></si></sst>`
    return questionnaire({ 'xl/sharedStrings.xml': text })
  },

  /** The classic billion laughs: ten levels of ten references. */
  billionLaughs(): Buffer {
    let dtd = '<!ENTITY lol0 "lol">'
    for (let i = 1; i < 10; i++) dtd += `<!ENTITY lol${i} "${`&lol${i - 1};`.repeat(10)}">`
    return questionnaire({ 'xl/sharedStrings.xml': `<?xml version="1.0"?><!DOCTYPE sst [${dtd}]><sst xmlns="${NS}"><si><t>&lol9;</t></si></sst>` })
  },
}

/** Text in UTF-8 or UTF-16 (either byte order), with or without a BOM. */
export function encode(text: string, encoding: 'utf16le' | 'utf16be' | 'utf8', bom: boolean): Buffer {
  const body = bom ? `\ufeff${text}` : text
  if (encoding === 'utf8') return Buffer.from(body, 'utf8')
  const le = Buffer.from(body, 'utf16le')
  return encoding === 'utf16le' ? le : le.swap16()
}
