// A small PDF writer for documents the portal makes itself (the demo's sample documents) and for
// tests that need a PDF with exactly the words and paint they describe. Pages use Helvetica (/F1)
// and Helvetica-Bold (/F2) on A4 in WinAnsiEncoding: Latin-1 letters, typographic quotes and dashes,
// "×" and "•" print as themselves (a vendor's own PDF keeps them too); other characters become "?".

/** WinAnsi's bytes 0x80–0x9F by the character each prints (five of them print nothing). */
const WIN_ANSI_HIGH = new Map([...'€_‚ƒ„…†‡ˆ‰Š‹Œ_Ž__‘’“”•–—˜™š›œ_žŸ'].flatMap((c, i) => (c === '_' ? [] : [[c, String.fromCharCode(0x80 + i)] as const])))
/** Characters WinAnsi lacks that have a plain twin: hyphens that do not break, thin spaces, the minus sign. */
const PLAIN_TWIN: Record<string, string> = { '\u2010': '-', '\u2011': '-', '\u2212': '-', '\u2007': ' ', '\u2009': ' ', '\u202f': ' ' }
const winAnsi = (c: string) => (c >= '\u00a0' && c <= '\u00ff' ? c : (WIN_ANSI_HIGH.get(c) ?? PLAIN_TWIN[c] ?? '?'))
const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/gu, winAnsi)

/** A PDF string literal for a content stream: `(text)`. */
export const pdfString = (s: string) => `(${escapePdf(s)})`

/**
 * A PDF whose pages are the given content streams (raw operators, e.g. `BT /F1 11 Tf ... ET`).
 * `layers` are optional-content groups, named /L0, /L1, ... in the streams (`/OC /L0 BDC ... EMC`).
 */
export function pdfFromContentStreams(streams: string[], opts: { layers?: { name: string; visible: boolean }[] } = {}): Buffer {
  const layers = opts.layers ?? []
  const objects: string[] = []
  const add = (body: string) => objects.push(body) // object number = index + 1
  const ocgs = layers.map((_, i) => 5 + i) // object numbers, after catalog, page tree and fonts
  const ocProperties = layers.length
    ? ` /OCProperties << /OCGs [${ocgs.map((n) => `${n} 0 R`).join(' ')}] /D << /OFF [${ocgs
        .filter((_, i) => !layers[i]!.visible)
        .map((n) => `${n} 0 R`)
        .join(' ')}] >> >>`
    : ''
  add(`<< /Type /Catalog /Pages 2 0 R${ocProperties} >>`)
  add('') // the page tree, filled in below
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
  for (const layer of layers) add(`<< /Type /OCG /Name ${pdfString(layer.name)} >>`)
  const properties = layers.length ? ` /Properties << ${ocgs.map((n, i) => `/L${i} ${n} 0 R`).join(' ')} >>` : ''
  const kids: number[] = []
  for (const stream of streams) {
    add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`)
    add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] /Resources << /Font << /F1 3 0 R /F2 4 0 R >>${properties} >> /Contents ${objects.length} 0 R >>`)
    kids.push(objects.length)
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`
  let out = '%PDF-1.4\n'
  const offsets: number[] = []
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'))
    out += `${i + 1} 0 obj\n${body}\nendobj\n`
  })
  const xref = Buffer.byteLength(out, 'latin1')
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`
  return Buffer.from(out, 'latin1')
}

/** Pages of text lines; a line starting with "# " is a heading. */
export function textPdf(pages: string[][]): Buffer {
  return pdfFromContentStreams(
    pages.map((lines) => {
      const ops = ['BT', '50 790 Td']
      for (const line of lines) {
        const heading = line.startsWith('# ')
        ops.push(`/${heading ? 'F2 14' : 'F1 10.5'} Tf`, `${pdfString(heading ? line.slice(2) : line)} Tj`, `0 -${heading ? 22 : 15} Td`)
      }
      ops.push('ET')
      return ops.join('\n')
    }),
  )
}
