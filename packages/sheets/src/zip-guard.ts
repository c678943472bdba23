// An .xlsx is a ZIP of XML parts. Before any parser sees it, its central directory is checked
// (entry count, sizes, compression ratio, paths, links, macros) and every XML part is refused if it
// declares a DTD (no external entities, no billion laughs): security.md B12, B13, (c) 4-8.
import { AppError } from '@portal/errors'
import yauzl, { type Entry, type ZipFile } from 'yauzl'

export const zipLimits = {
  maxEntries: 2000,
  maxEntryBytes: 100 * 1024 * 1024,
  maxTotalBytes: 200 * 1024 * 1024,
  /** Per entry, for entries over 1 MiB unpacked (tiny XML parts compress very well, legitimately). */
  maxRatio: 200,
}

const refuse = (message: string) => new AppError('UNPROCESSABLE', { message })

const open = (buf: Buffer) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(buf, { lazyEntries: true, validateEntrySizes: true, strictFileNames: true }, (err, zip) => (err || !zip ? reject(err) : resolve(zip))),
  )

const readEntry = (zip: ZipFile, entry: Entry) =>
  new Promise<Buffer>((resolve, reject) =>
    zip.openReadStream(entry, (err, stream) => {
      if (err || !stream) return reject(err)
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('error', reject)
      stream.on('end', () => resolve(Buffer.concat(chunks)))
    }),
  )

/**
 * Checks the archive and returns the text of the XML parts `keep` asks for (workbook, relations,
 * sheets). Throws UNPROCESSABLE (or UNSUPPORTED_MEDIA_TYPE for macros) with a message for people.
 */
export async function inspectXlsx(buf: Buffer, keep: (name: string) => boolean): Promise<Map<string, string>> {
  let zip: ZipFile
  try {
    zip = await open(buf)
  } catch {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'The file is not a valid Excel workbook' })
  }
  if (zip.entryCount > zipLimits.maxEntries) {
    zip.close()
    throw refuse('The workbook has too many parts to be a questionnaire')
  }
  const kept = new Map<string, string>()
  let total = 0
  let sawWorkbook = false
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject)
      zip.on('end', () => resolve())
      zip.on('entry', (entry: Entry) => {
        void (async () => {
          const name = entry.fileName
          if (name.startsWith('/') || name.split('/').includes('..') || name.includes('\\')) throw refuse('The workbook contains unsafe paths')
          const mode = (entry.externalFileAttributes >>> 16) & 0o170000
          if (mode === 0o120000) throw refuse('The workbook contains links')
          if (/vbaProject\.bin$/i.test(name)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'Workbooks with macros are not accepted' })
          total += entry.uncompressedSize
          if (entry.uncompressedSize > zipLimits.maxEntryBytes || total > zipLimits.maxTotalBytes) throw refuse('The workbook is too large when unpacked')
          const ratio = entry.uncompressedSize / Math.max(1, entry.compressedSize)
          if (entry.uncompressedSize > 1024 * 1024 && ratio > zipLimits.maxRatio) throw refuse('The workbook is too large when unpacked')
          if (name === 'xl/workbook.xml') sawWorkbook = true
          if (/\.(xml|rels)$/i.test(name)) {
            const text = (await readEntry(zip, entry)).toString('utf8')
            if (/<!DOCTYPE|<!ENTITY/i.test(text.slice(0, 4096))) throw refuse('The workbook contains XML declarations that are not allowed')
            if (keep(name)) kept.set(name, text)
          }
          zip.readEntry()
        })().catch(reject)
      })
      zip.readEntry()
    })
  } catch (err) {
    // yauzl's own refusals (bad paths, sizes that lie, broken records) are the same verdict.
    throw err instanceof AppError ? err : refuse('The workbook is damaged or unsafe')
  } finally {
    zip.close()
  }
  if (!sawWorkbook) throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: 'The file is not a valid Excel workbook' })
  return kept
}
