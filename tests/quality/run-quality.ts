// Runs the labelled quality set: indexes each corpus for a tenant of its own (real extraction,
// chunking and knowledge index), retrieves and drafts every question offline as a questionnaire's
// draft job does (5 chunks, the question's own options), and judges each draft against its label.
import { readFile } from 'node:fs/promises'
import { type Database, migrateSchema, openDatabase, systemView } from '@portal/db'
import { draftOffline, type Evidence } from '@portal/drafting'
import { chunkMigrations, openKnowledge } from '@portal/knowledge'
import { type Corpus, indexCorpus } from './corpora.js'
import { type DraftLike, type Figures, figures, type Judged, judge, type LabelledItem, norm } from './metrics.js'

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
  indexMs: number
  draftMs: number
}

export const SCHEMA = 'questionnaire'
export const RETRIEVED = 5

export async function runQuality(
  database: Database,
  opts: { items?: (items: LabelledItem[]) => LabelledItem[]; drafter?: OfflineDrafter } = {},
): Promise<QualityRun> {
  const set = await loadSet()
  const items = opts.items ? opts.items(set.items) : set.items
  const drafter = opts.drafter ?? draftOffline
  await migrateSchema(database, SCHEMA, chunkMigrations)
  const knowledge = openKnowledge(database, SCHEMA)
  const tenants = new Map<string, string>()
  const missingPassages: string[] = []
  const t0 = performance.now()
  for (const name of new Set(items.map((i) => i.corpus))) {
    const tenant = crypto.randomUUID()
    tenants.set(name, tenant)
    const text = norm([...(await indexCorpus(knowledge, tenant, set.corpora[name]!)).values()].join('\n'))
    for (const item of items.filter((i) => i.corpus === name)) {
      for (const p of item.passages) if (!text.includes(norm(p))) missingPassages.push(`${item.id}: ${p}`)
    }
  }
  const t1 = performance.now()
  const judged: Judged[] = []
  for (const item of items) {
    const found = await knowledge.search(tenants.get(item.corpus)!, item.question, RETRIEVED)
    const evidence = found.map((c) => ({ chunkId: c.id, documentName: c.documentName, page: c.page, text: c.text }))
    const retrieved = item.passages.some((p) => found.some((c) => norm(c.text).includes(norm(p))))
    judged.push({ ...judge(item, drafter(item.question, evidence, item.choices)), retrieved })
  }
  const t2 = performance.now()
  return { judged, figures: figures(judged), missingPassages, indexMs: t1 - t0, draftMs: t2 - t1 }
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
