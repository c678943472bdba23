// Runs inside a worker thread: opens an uploaded PDF with pdf.js to learn, before it is accepted,
// whether it can be read at all. The file is read by byte ranges from disk (PDFDataRangeTransport),
// so a 50 MB upload is not copied whole into memory just to find its cross-reference table.
import { parentPort, workerData } from 'node:worker_threads'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { openPdfFile } from './file-range.mjs'

const { path } = workerData

async function run() {
  const { range, size, close } = await openPdfFile(path)
  const task = getDocument({
    range,
    length: size,
    disableAutoFetch: true,
    disableStream: true,
    enableScripting: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  })
  try {
    const doc = await task.promise
    // The first page too: a table that points nowhere is only found when a page is looked up.
    await doc.getPage(1)
    return { ok: true, numPages: doc.numPages }
  } catch (err) {
    return { error: err?.name === 'PasswordException' ? 'encrypted' : 'unreadable', detail: String(err?.message ?? err).slice(0, 200) }
  } finally {
    await task.destroy()
    await close()
  }
}

parentPort.postMessage(await run())
