// Splits the text of each PDF page into chunks for the full-text index and vectors. A chunk never
// crosses a page, so a citation names its page exactly, and carries the nearest heading above it,
// so a reviewer sees where in the document the evidence stands.
import { isHeading } from '@portal/knowledge'
import type { PdfPage } from './pdf/extract-text.js'

export interface Chunk {
  /** 0-based position in the document. */
  ordinal: number
  page: number
  heading: string
  text: string
}

export const chunkSize = { target: 900, max: 1400 }

/** Paragraphs of a page: blank-line separated, with very long ones cut at sentence ends. */
function paragraphs(text: string): string[] {
  const out: string[] = []
  for (const block of text.split(/\n\s*\n/)) {
    const p = block.replace(/\s*\n\s*/g, '\n').trim()
    if (!p) continue
    if (p.length <= chunkSize.max) {
      out.push(p)
      continue
    }
    let rest = p
    while (rest.length > chunkSize.max) {
      const window = rest.slice(0, chunkSize.max)
      const cut = Math.max(window.lastIndexOf('. '), window.lastIndexOf('\n'))
      const at = cut > chunkSize.target / 2 ? cut + 1 : chunkSize.max
      out.push(rest.slice(0, at).trim())
      rest = rest.slice(at).trim()
    }
    if (rest) out.push(rest)
  }
  return out
}

export function chunkPages(pages: PdfPage[]): Chunk[] {
  const chunks: Chunk[] = []
  let heading = ''
  for (const { page, text } of pages) {
    let current: string[] = []
    let currentHeading = heading
    const flush = () => {
      const body = current.join('\n').trim()
      if (body) chunks.push({ ordinal: chunks.length, page, heading: currentHeading, text: body })
      current = []
    }
    for (const para of paragraphs(text)) {
      // pdf.js gives lines, not paragraphs: a heading line inside a block starts a new chunk.
      for (const line of para.split('\n')) {
        if (isHeading(line) && current.join('\n').length > 200) {
          flush()
          currentHeading = line.trim()
        } else if (isHeading(line) && !current.length) {
          currentHeading = line.trim()
        }
        if (isHeading(line)) heading = line.trim()
        if (current.join('\n').length + line.length > chunkSize.target && current.length) {
          flush()
          currentHeading = heading
        }
        current.push(line)
      }
    }
    flush()
  }
  return chunks
}
