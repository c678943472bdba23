// A small PDF writer for documents the portal makes itself (the demo's sample documents) and for
// tests that need a PDF with exactly the words and paint they describe. Pages use Helvetica (/F1)
// and Helvetica-Bold (/F2) on A4; text outside printable ASCII becomes "?".
const escapePdf = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, '?')

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
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>')
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>')
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
