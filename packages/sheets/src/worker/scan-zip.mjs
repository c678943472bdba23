// @ts-check
// An .xlsx (like any OOXML file) is a ZIP of XML parts. Before a parser sees one, the central
// directory is checked (entry count, paths, links, macros, declared sizes and ratio), then every
// entry is inflated as a stream and its real bytes counted against the same caps, stopping at the
// cap: declared sizes only filter early, they are never trusted. Each local header must agree with
// the central directory, and no part may declare a DTD (xml-markup.mjs). security.md B12, B13,
// (c) 4-8. Nothing here holds a whole part unless the caller keeps the checked bytes.
import yauzl from 'yauzl'
import { refuse, SheetError } from './sheet-error.mjs'
import { StoredZip } from './stored-zip.mjs'
import { MarkupGuard } from './xml-markup.mjs'

/**
 * @typedef {import('yauzl').Entry} Entry
 * @typedef {import('yauzl').ZipFile} ZipFile
 * @typedef {{ maxEntries: number, maxEntryBytes: number, maxTotalBytes: number, maxRatio: number }} ZipLimits
 * @typedef {{ xmlParts: string[], workbook: boolean, stored: StoredZip | undefined }} Scan
 */

/** The ratio cap applies past 1 MiB unpacked: tiny XML parts compress very well, legitimately. */
const RATIO_FROM = 1024 * 1024
const notWorkbook = () => new SheetError('UNSUPPORTED_MEDIA_TYPE', 'The file is not a valid Excel workbook')
const tooLarge = () => refuse('The workbook is too large when unpacked')
const damaged = () => refuse('The workbook is damaged or unsafe')

/**
 * Checks an archive (its bytes, or a file on disk read by ranges) and, with `keep`, returns the
 * checked bytes as a stored archive. Throws SheetError: UNPROCESSABLE, or UNSUPPORTED_MEDIA_TYPE
 * for what is no zip or has macros. `macros` lets a workbook's VBA project (`xl/vbaProject.bin`, an
 * .xlsm) through as an opaque part: the reader skips it, the export's writer and check copy and
 * compare it byte for byte, and nothing here ever runs it.
 * @param {Buffer | { path: string }} source
 * @param {ZipLimits} limits
 * @param {{ keep?: boolean, macros?: boolean }} [options]
 * @returns {Promise<Scan>}
 */
export async function scanZip(source, limits, options = {}) {
  const zip = await open(source).catch(() => {
    throw notWorkbook()
  })
  try {
    if (zip.entryCount > limits.maxEntries) throw refuse('The workbook has too many parts to be a questionnaire')
    const entries = await centralDirectory(zip, limits, options.macros === true)
    const files = entries.filter((e) => !e.fileName.endsWith('/'))
    const stored = options.keep ? new StoredZip(files.map((e) => ({ name: e.fileName, size: e.uncompressedSize, mtime: e.getLastModDate() }))) : undefined
    const spent = { total: 0 }
    for (const entry of entries) {
      await checkLocalHeader(zip, entry)
      const slot = files.indexOf(entry)
      await inflate(zip, entry, limits, spent, stored && slot >= 0 ? (chunk) => stored.write(slot, chunk) : undefined)
    }
    stored?.finish()
    return {
      xmlParts: entries.filter((e) => /\.(xml|rels)$/i.test(e.fileName)).map((e) => e.fileName),
      workbook: entries.some((e) => e.fileName === 'xl/workbook.xml'),
      stored,
    }
  } catch (err) {
    // yauzl's own refusals (bad paths, sizes that lie, broken records) are the same verdict.
    throw err instanceof SheetError ? err : damaged()
  } finally {
    zip.close()
  }
}

/** @param {Buffer | { path: string }} source @returns {Promise<ZipFile>} */
function open(source) {
  const options = { lazyEntries: true, validateEntrySizes: true, strictFileNames: true, autoClose: false }
  return new Promise((resolve, reject) => {
    /** @param {Error | null} err @param {ZipFile | undefined} zip */
    const done = (err, zip) => (err || !zip ? reject(err) : resolve(zip))
    if (Buffer.isBuffer(source)) yauzl.fromBuffer(source, options, done)
    else yauzl.open(source.path, options, done)
  })
}

/**
 * Every entry's record, refused on what the directory alone shows.
 * @param {ZipFile} zip @param {ZipLimits} limits @param {boolean} macros @returns {Promise<Entry[]>}
 */
function centralDirectory(zip, limits, macros) {
  /** @type {Entry[]} */
  const entries = []
  let declared = 0
  return new Promise((resolve, reject) => {
    zip.on('error', reject)
    zip.on('end', () => resolve(entries))
    zip.on('entry', (/** @type {Entry} */ entry) => {
      try {
        const name = entry.fileName
        if (name.startsWith('/') || name.split('/').includes('..') || name.includes('\\')) throw refuse('The workbook contains unsafe paths')
        if (((entry.externalFileAttributes >>> 16) & 0o170000) === 0o120000) throw refuse('The workbook contains links')
        // `macros` lets a workbook's VBA project through (an .xlsm), never a Word document's.
        if (/vbaProject\.bin$/i.test(name) && !(macros && name === 'xl/vbaProject.bin'))
          throw new SheetError(
            'UNSUPPORTED_MEDIA_TYPE',
            name.startsWith('xl/') ? 'Workbooks with macros are not accepted' : 'Documents with macros are not accepted',
          )
        declared += entry.uncompressedSize
        if (entry.uncompressedSize > limits.maxEntryBytes || declared > limits.maxTotalBytes) throw tooLarge()
        if (entry.uncompressedSize > RATIO_FROM && entry.uncompressedSize / Math.max(1, entry.compressedSize) > limits.maxRatio) throw tooLarge()
        if (entry.isEncrypted() || (entry.compressionMethod === 0 && entry.compressedSize !== entry.uncompressedSize)) throw damaged()
        entries.push(entry)
        zip.readEntry()
      } catch (err) {
        reject(err)
      }
    })
    zip.readEntry()
  })
}

/**
 * Parsers that walk local headers (SheetJS does) must find the entry the directory describes.
 * @param {ZipFile} zip @param {Entry} entry
 */
async function checkLocalHeader(zip, entry) {
  const local = await zip.readLocalFileHeaderPromise(entry)
  const sameSize = (/** @type {number} */ l, /** @type {number} */ c) => l === c || l === 0xffffffff
  const descriptor = (local.generalPurposeBitFlag & 0x8) !== 0 // sizes follow the data instead
  if (
    !local.fileName.equals(entry.fileNameRaw) ||
    local.compressionMethod !== entry.compressionMethod ||
    (local.generalPurposeBitFlag & 0x41) !== 0 ||
    (!descriptor && !(sameSize(local.compressedSize, entry.compressedSize) && sameSize(local.uncompressedSize, entry.uncompressedSize)))
  ) {
    throw damaged()
  }
}

/**
 * Inflates one entry as a stream, counting what comes out; stops at the first byte over a cap.
 * @param {ZipFile} zip @param {Entry} entry @param {ZipLimits} limits @param {{ total: number }} spent
 * @param {((chunk: Buffer) => void) | undefined} keep
 */
async function inflate(zip, entry, limits, spent, keep) {
  const stream = await zip.openReadStreamPromise(entry)
  const guard = new MarkupGuard()
  let bytes = 0
  try {
    for await (const chunk of stream) {
      bytes += chunk.length
      spent.total += chunk.length
      if (bytes > limits.maxEntryBytes || spent.total > limits.maxTotalBytes) throw tooLarge()
      if (bytes > RATIO_FROM && bytes / Math.max(1, entry.compressedSize) > limits.maxRatio) throw tooLarge()
      if (bytes > entry.uncompressedSize) throw damaged() // yauzl checks this too; the copy relies on it
      guard.push(chunk)
      keep?.(chunk)
    }
  } finally {
    stream.destroy()
  }
  if (bytes !== entry.uncompressedSize) throw damaged()
  guard.end()
}
