// The answer library: approved answers of the tenant's earlier questionnaires. A new question that
// says the same thing in nearly the same words reuses the approved answer before any retrieval.
export interface LibraryEntry {
  id: string
  question: string
  answer: string
  /** The choice approved with the answer (a dropdown value or Yes / No / N.A.), if any. */
  choiceValue?: string | null
}

const normalise = (s: string) =>
  s
    .toLowerCase()
    .replace(/[*?.!:;,()"'’]/g, ' ')
    .replace(/\b(your|you|the|a|an|do|does|is|are|please)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

function bigrams(s: string): Map<string, number> {
  const m = new Map<string, number>()
  for (let i = 0; i < s.length - 1; i++) {
    const g = s.slice(i, i + 2)
    m.set(g, (m.get(g) ?? 0) + 1)
  }
  return m
}

/** Dice coefficient over character bigrams of the normalised texts: 1 = the same words. */
export function similarity(a: string, b: string): number {
  const x = bigrams(normalise(a))
  const y = bigrams(normalise(b))
  let overlap = 0
  let total = 0
  for (const [g, n] of x) {
    overlap += Math.min(n, y.get(g) ?? 0)
    total += n
  }
  for (const n of y.values()) total += n
  return total ? (2 * overlap) / total : 0
}

export const NEAR_IDENTICAL = 0.9

/** The best approved answer for a near-identical question, if any. */
export function findLibraryAnswer(question: string, library: LibraryEntry[]): (LibraryEntry & { similarity: number }) | undefined {
  let best: (LibraryEntry & { similarity: number }) | undefined
  for (const entry of library) {
    const s = similarity(question, entry.question)
    if (s >= NEAR_IDENTICAL && (!best || s > best.similarity)) best = { ...entry, similarity: Number(s.toFixed(3)) }
  }
  return best
}
