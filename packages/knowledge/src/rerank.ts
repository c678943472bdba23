// Re-ranks full-text candidates with the lexical model (lexical-model.ts): BM25 over the chunk's
// text with stems, folded security concepts and synonyms, plus the chunk's heading (a section
// titled "Backups" speaks for the sentences under it), times how much of the question the chunk
// covers (a chunk that has "backups" and "daily" beats one that repeats "backups").
import { coverage, idfOf, matchOf, queryOf, termsOf } from './lexical-model.js'

const K1 = 1.2
const B = 0.75
/** A heading's match counts this much of a body match: it names the section, it does not state anything. */
export const HEADING_WEIGHT = 0.5

export function rerank<T extends { text: string; heading: string }>(question: string, chunks: T[]): (T & { score: number })[] {
  if (!chunks.length) return []
  const bodies = chunks.map((c) => termsOf(c.text))
  const headings = chunks.map((c) => new Set(termsOf(c.heading)))
  const query = queryOf(question, idfOf(bodies))
  const avg = bodies.reduce((n, b) => n + b.length, 0) / bodies.length || 1
  return chunks
    .map((c, i) => {
      const body = bodies[i]!
      const tf = new Map<string, number>()
      for (const t of body) tf.set(t, (tf.get(t) ?? 0) + 1)
      const have = new Set(body)
      let score = 0
      for (const t of query.terms) {
        const w = query.weight.get(t) ?? 1
        const m = matchOf(t, have)
        if (m) {
          const n = have.has(t) ? tf.get(t)! : 1
          score += w * m * ((n * (K1 + 1)) / (n + K1 * (1 - B + (B * body.length) / avg)))
        }
        score += HEADING_WEIGHT * w * matchOf(t, headings[i]!)
      }
      return { ...c, score: score * (0.5 + coverage(query, have)) }
    })
    .sort((a, b) => b.score - a.score)
}
