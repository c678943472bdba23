// Runs the labelled quality set: indexes each corpus for a tenant of its own (real extraction,
// chunking and knowledge index), builds its answer library (the Q&A pairs its documents hold, or the
// rows of a filled questionnaire), and drafts every question with the product's own call
// (draftQuestion: the library first, then retrieval of 5 chunks and the drafter, with the question's
// own options); each draft is judged against its label.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type Database, migrateSchema, openDatabase, systemView } from '@portal/db'
import { type Drafter, draftOffline, draftQuestion, type Evidence, frameworkOf, type LibraryEntry, knownOrigin, type ModelDraft } from '@portal/drafting'
import { chunkMigrations, openKnowledge } from '@portal/knowledge'
import { createFsStore } from '@portal/storage'
import { type Corpus, FIXTURES, indexCorpus } from './corpora.js'
import { libraryFromPairs, libraryFromWorkbook } from './library.js'
import { type DraftLike, type DraftSource, type Figures, figures, type Judged, judge, type LabelledItem, norm, type Reused } from './metrics.js'

export interface LabelledSet {
  about: string
  corpora: Record<string, Corpus>
  items: LabelledItem[]
}

export const loadSet = async (): Promise<LabelledSet> => JSON.parse(await readFile(new URL('./labelled-set.json', import.meta.url), 'utf8')) as LabelledSet

export type OfflineDrafter = (question: string, evidence: Evidence[], choices?: string[]) => DraftLike

export interface QualityRun {
  judged: Judged[]
  figures: Figures
  /** Passages of the set not found in their corpus's extracted text: a label that no longer fits. */
  missingPassages: string[]
  /** Library rows or document questions named by a label that the corpus's library does not hold. */
  missingEntries: string[]
  /** Entries of each corpus's answer library, by kind. */
  librarySize: Record<string, { library: number; pair: number }>
  indexMs: number
  draftMs: number
}

export const SCHEMA = 'questionnaire'
/** How draftQuestion shows a close entry to the reviewer (withSuggestion). */
const SUGGESTED = 'Suggested answer of a similar question — '
/** Whether the label names an entry (its row's question id, or its pair's question). */
const namedBy = (item: LabelledItem, e: Reused) =>
  e.kind === 'library' ? (item.library ?? []).includes(e.ref) : (item.pairs ?? []).some((q) => norm(q) === norm(e.question))
export const RETRIEVED = 5

/** A library entry with what the judge needs to know of it. */
export interface CorpusEntry extends LibraryEntry {
  reused: Reused
}

/** The answer library of a corpus: the pairs of its documents, or the answered rows of its filled questionnaire. */
async function corpusLibrary(corpus: Corpus, pages: Map<string, { page: number; text: string }[]>, scratch: string): Promise<CorpusEntry[]> {
  if (corpus.library) return libraryFromWorkbook(createFsStore(scratch), path.join(FIXTURES, corpus.library))
  if (corpus.pairs) return libraryFromPairs(pages)
  return []
}

export async function runQuality(
  database: Database,
  opts: { items?: (items: LabelledItem[]) => LabelledItem[]; drafter?: OfflineDrafter; modelDrafter?: Drafter } = {},
): Promise<QualityRun> {
  const set = await loadSet()
  const items = opts.items ? opts.items(set.items) : set.items
  const offline = opts.drafter ?? draftOffline
  const drafter: Drafter =
    opts.modelDrafter ?? Object.assign(async (q: string, e: Evidence[], c?: string[]) => offline(q, e, c) as ModelDraft, { source: 'documents' as const })
  await migrateSchema(database, SCHEMA, chunkMigrations)
  const knowledge = openKnowledge(database, SCHEMA)
  const tenants = new Map<string, string>()
  const libraries = new Map<string, CorpusEntry[]>()
  const missingPassages: string[] = []
  const missingEntries: string[] = []
  const librarySize: QualityRun['librarySize'] = {}
  const scratch = await mkdtemp(path.join(tmpdir(), 'quality-'))
  const t0 = performance.now()
  try {
    for (const name of new Set(items.map((i) => i.corpus))) {
      const corpus = set.corpora[name]!
      const tenant = crypto.randomUUID()
      tenants.set(name, tenant)
      const pages = await indexCorpus(knowledge, tenant, corpus)
      const text = norm([...pages.values()].map((ps) => ps.map((p) => p.text).join('\n')).join('\n'))
      const library = await corpusLibrary(corpus, pages, scratch)
      libraries.set(name, library)
      librarySize[name] = { library: library.filter((e) => e.reused.kind === 'library').length, pair: library.filter((e) => e.reused.kind === 'pair').length }
      for (const item of items.filter((i) => i.corpus === name)) {
        for (const p of item.passages) if (!text.includes(norm(p))) missingPassages.push(`${item.id}: ${p}`)
        for (const ref of item.library ?? [])
          if (!library.some((e) => e.reused.kind === 'library' && e.reused.ref === ref)) missingEntries.push(`${item.id}: row ${ref}`)
        for (const q of item.pairs ?? [])
          if (!library.some((e) => e.reused.kind === 'pair' && norm(e.reused.question) === norm(q))) missingEntries.push(`${item.id}: pair "${q}"`)
      }
    }
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
  const t1 = performance.now()
  // Each questionnaire's framework from all its ids in the set, as the questionnaire job reads it from the file's.
  const frameworks = new Map(
    [...new Set(set.items.map((i) => i.questionnaire))].map((f) => [f, frameworkOf(set.items.filter((i) => i.questionnaire === f).map((i) => i.questionId))]),
  )
  const judged: Judged[] = []
  for (const item of items) {
    const tenant = tenants.get(item.corpus)!
    const library = libraries.get(item.corpus)!
    // The question's id in its file, as the questionnaire job passes it (a CAIQ or HECVAT id).
    const d = await draftQuestion({ knowledge, drafter }, tenant, item.question, {
      choices: item.choices,
      questionRef: item.questionId,
      framework: frameworks.get(item.questionnaire),
      ...(library.length ? { library } : {}),
    })
    // The library entry or document pair reused, known by the line the reviewer reads for it (knownOrigin).
    const fromKnown = d.source === 'library' || d.source === 'pair'
    const reused = fromKnown ? library.find((e) => knownOrigin(e) === d.retrievedNarrative)?.reused : undefined
    if (fromKnown && !reused) throw new Error(`${item.id}: reused an entry the corpus's library does not hold`)
    const source: DraftSource | undefined = reused ? reused.kind : d.source === 'model' ? 'model' : d.source === 'documents' ? 'sentence' : undefined
    const found = await knowledge.search(tenant, item.question, RETRIEVED)
    const retrieved = item.passages.some((p) => found.some((c) => norm(c.text).includes(norm(p))))
    const hint = d.retrievedNarrative.startsWith(SUGGESTED) ? library.find((e) => d.retrievedNarrative.startsWith(`${SUGGESTED}${knownOrigin(e)}:`)) : undefined
    const suggested = hint ? (namedBy(item, hint.reused) ? 'labelled' : 'other') : undefined
    judged.push({ ...judge(item, d, reused, source), retrieved, ...(suggested ? { suggested } : {}) })
  }
  const t2 = performance.now()
  return { judged, figures: figures(judged), missingPassages, missingEntries, librarySize, indexMs: t1 - t0, draftMs: t2 - t1 }
}

/** runQuality on a fresh in-memory database (PGlite), closed afterwards. */
export async function runQualityInMemory(opts: Parameters<typeof runQuality>[1] = {}): Promise<QualityRun> {
  const db = systemView(await openDatabase({}))
  try {
    return await runQuality(db, opts)
  } finally {
    await db.close()
  }
}
