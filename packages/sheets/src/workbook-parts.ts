// The workbook's sheet list as its XML parts declare it: names (in order), hidden state, and the
// part that holds each sheet. Shared by reading (grid.ts) and writing (write-cells.ts).

/** 1 → "A", 27 → "AA": the letters of a 1-based column number. */
export function columnLetters(column: number): string {
  let s = ''
  for (let n = column; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s
  return s
}

export const decodeXml = (s: string) =>
  s.replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')

export interface SheetPart {
  name: string
  hidden: boolean
  /** Zip path of the sheet's XML (`xl/worksheets/sheet1.xml`); undefined when no relation names it. */
  path: string | undefined
}

export function sheetParts(parts: Map<string, string>): SheetPart[] {
  const rels = new Map<string, string>()
  for (const m of (parts.get('xl/_rels/workbook.xml.rels') ?? '').matchAll(/<Relationship\b([^>]*)\/?>/g)) {
    const id = /\bId="([^"]+)"/.exec(m[1]!)?.[1]
    const target = /\bTarget="([^"]+)"/.exec(m[1]!)?.[1]
    // Targets are relative to xl/, or absolute from the package root.
    if (id && target) rels.set(id, target.startsWith('/') ? target.slice(1) : `xl/${target}`)
  }
  return [...(parts.get('xl/workbook.xml') ?? '').matchAll(/<sheet\b([^>]*)\/?>/g)].map((m) => {
    const attrs = m[1]!
    const rid = /\br:id="([^"]+)"/.exec(attrs)?.[1]
    return {
      name: decodeXml(/\bname="([^"]*)"/.exec(attrs)?.[1] ?? ''),
      hidden: /\bstate="(hidden|veryHidden)"/.test(attrs),
      path: rid ? rels.get(rid) : undefined,
    }
  })
}
