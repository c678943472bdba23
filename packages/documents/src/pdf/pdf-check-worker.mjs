// Runs inside a pooled worker thread (@portal/runtime/thread-pool): opens an uploaded PDF with
// pdf.js to learn, before it is accepted, whether it can be read at all. The file is read by byte
// ranges from disk (PDFDataRangeTransport), so a 50 MB upload is not copied whole into memory just
// to find its cross-reference table.
import { readPdf } from './open-pdf.mjs'

/** @param {{ path: string }} task */
export default function checkPdf({ path }) {
  return readPdf({ path }, { disableAutoFetch: true, disableStream: true }, async (doc) => {
    // The first page too: a table that points nowhere is only found when a page is looked up.
    await doc.getPage(1)
    return { ok: true, numPages: doc.numPages }
  })
}
