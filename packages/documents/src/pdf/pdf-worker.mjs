// Runs inside a pooled worker thread (plain JavaScript so it loads the same under tsx, jest and a
// build): pdf.js parses the untrusted PDF here, with the thread's own memory limit, and sends back
// the text of each page a reader can see. Scripting, XFA and font loading are off; pdf.js 6 has no
// eval path at all.
import { readPdf } from './open-pdf.mjs'
import { visibleTextItems } from './visible-text.mjs'

/** The PDF is a file on disk (`path`, read by ranges) or bytes moved here from the caller (`data`). */
export default function extractText({ path, data, maxPages, maxChars }) {
  return readPdf({ path, data }, {}, async (doc) => {
    if (doc.numPages > maxPages) return { error: 'too-many-pages', numPages: doc.numPages }
    const layers = await doc.getOptionalContentConfig()
    const pages = []
    let chars = 0
    for (let n = 1; n <= doc.numPages; n++) {
      const page = await doc.getPage(n)
      let text = ''
      for (const item of await visibleTextItems(page, layers)) {
        text += item.str + (item.hasEOL ? '\n' : item.str.endsWith(' ') ? '' : ' ')
      }
      text = text
        .replace(/[ \t]+\n/g, '\n')
        .replace(/[ \t]{2,}/g, ' ')
        .trim()
      chars += text.length
      if (chars > maxChars) return { error: 'too-much-text' }
      pages.push({ page: n, text })
      page.cleanup()
    }
    return { pages }
  })
}
