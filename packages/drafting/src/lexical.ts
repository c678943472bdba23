// Word-overlap scoring shared by the offline drafter: a question's content words, lightly stemmed,
// weighed by how rare they are in the evidence at hand.
const STOP = new Set(
  'a an and are as at be been by can do does for from has have how i if in is it its of on or our that the their there these this to was we were what when where which who will with you your yours any all such other than into also may must shall should would could has had not no yes please describe provide explain list'.split(
    ' ',
  ),
)

export function terms(text: string): string[] {
  return (text.toLowerCase().match(/[a-z0-9]+/g) ?? [])
    .filter((w) => w.length > 2 && !STOP.has(w))
    .map((w) => w.replace(/(ies|es|s|ing|ed|ion|ions|ly)$/, '') || w)
}

/** Inverse document frequency of each term over the given texts. */
export function idf(texts: string[]): Map<string, number> {
  const df = new Map<string, number>()
  for (const t of texts) for (const w of new Set(terms(t))) df.set(w, (df.get(w) ?? 0) + 1)
  const n = texts.length
  return new Map([...df].map(([w, d]) => [w, Math.log(1 + (n - d + 0.5) / (d + 0.5))]))
}

/** Share of the question's weight that the text covers (0..1). */
export function coverage(questionTerms: string[], text: string, weights: Map<string, number>): number {
  const have = new Set(terms(text))
  const uniq = [...new Set(questionTerms)]
  const total = uniq.reduce((s, w) => s + (weights.get(w) ?? 1), 0)
  if (!total) return 0
  return uniq.reduce((s, w) => s + (have.has(w) ? (weights.get(w) ?? 1) : 0), 0) / total
}
