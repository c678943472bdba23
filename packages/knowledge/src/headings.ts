// What a section heading looks like in text extracted from a PDF: used to cut chunks at sections and
// to keep headings out of drafted sentences.

/** Short lines that name a section: numbered ("4.2 Access Control"), Title Case or ALL CAPS. */
export function isHeading(line: string): boolean {
  const t = line.trim()
  if (t.length < 3 || t.length > 90 || /[.;,:]$/.test(t) || !/[A-Za-z]/.test(t)) return false
  if (/^(\d+(\.\d+)*|[IVX]+\.|[A-Z]\.)\s+[A-Z]/.test(t)) return true
  const words = t.split(/\s+/)
  if (words.length > 10) return false
  if (t === t.toUpperCase() && /[A-Z]{3}/.test(t)) return true
  const small = new Set(['and', 'or', 'of', 'the', 'a', 'an', 'for', 'to', 'in', 'on', 'with', '&'])
  return words.length >= 2 && /^[A-Z0-9(]/.test(words[0]!) && words.every((w) => small.has(w) || /^[A-Z0-9(]/.test(w))
}
