// Runs inside a worker thread: opens an uploaded PDF with pdf.js to learn, before it is accepted,
// whether it can be read at all. The file is read by byte ranges from disk (PDFDataRangeTransport),
// so a 50 MB upload is not copied whole into memory just to find its cross-reference table.
import { parentPort, workerData } from 'node:worker_threads'
import { readPdf } from './open-pdf.mjs'

const { path } = workerData

const reply = await readPdf({ path }, { disableAutoFetch: true, disableStream: true }, async (doc) => {
  // The first page too: a table that points nowhere is only found when a page is looked up.
  await doc.getPage(1)
  return { ok: true, numPages: doc.numPages }
})
parentPort.postMessage(reply)
