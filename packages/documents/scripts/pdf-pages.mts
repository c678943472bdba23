// Prints page count, characters and timing of the text extraction for each PDF given.
import { readFile } from 'node:fs/promises'
import { extractPdfText } from '../src/pdf/extract-text.js'

for (const file of process.argv.slice(2)) {
  const t0 = performance.now()
  const pages = await extractPdfText(await readFile(file))
  const chars = pages.reduce((n, p) => n + p.text.length, 0)
  console.log(
    `${pages.length} pages, ${chars} chars, ${Math.round(performance.now() - t0)} ms  ${file.split('/').at(-1)}  p1: ${pages[0]?.text.slice(0, 80).replace(/\n/g, ' | ')}`,
  )
}
