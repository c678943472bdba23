// How both PDF workers open an untrusted file with pdf.js: from disk by byte ranges (`path`) or from
// bytes moved into the thread (`data`), with scripting, XFA and font loading off; a file pdf.js
// refuses becomes the reply `{ error: 'encrypted' | 'unreadable', detail }`.
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { openPdfFile } from './file-range.mjs'

/** Opens the PDF, hands the document to `read` and returns its reply; the file and pdf.js are released after. */
export async function readPdf({ path, data }, options, read) {
  const file = path ? await openPdfFile(path) : undefined
  const task = getDocument({
    ...(file ? { range: file.range, length: file.size } : { data: new Uint8Array(data) }),
    ...options,
    enableScripting: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  try {
    return await read(await task.promise)
  } catch (err) {
    return { error: err?.name === 'PasswordException' ? 'encrypted' : 'unreadable', detail: String(err?.message ?? err).slice(0, 200) }
  } finally {
    await task.destroy()
    await file?.close()
  }
}
