// Measures the product's question extraction against the labelled truth of each fixture (truth.ts):
// the same reading the ingest worker does (readQuestions of @portal/documents, in the spreadsheet
// worker thread), judged question by question. Matching is by id where the truth has ids, else by
// normalised text; each found question is matched once, anything left over is a false positive.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type LayoutMapping, readQuestionnaire } from '@portal/documents'
import type { NewQuestion } from '@portal/questionnaire-store'
import type { BlobStore } from '@portal/storage'
import { FIXTURES, type Half, type Truth, type TruthEntry, type TruthQuestion, truthIndex, truthOf } from './truth.js'

export interface Figures {
  truth: number
  found: number
  missed: number
  falsePositives: number
  /** Found, but its text is not the question's. */
  wrongText: number
  /** Found, but its answer cells are not the labelled answer columns of its sheet (or are on another sheet). */
  wrongAnswer: number
}

export interface Judged {
  entry: TruthEntry
  figures: Figures
  /** The product's confidence in its reading of the layout (none for a PDF). */
  confidence: number | undefined
  missed: TruthQuestion[]
  falsePositives: NewQuestion[]
  wrongText: { truth: TruthQuestion; found: NewQuestion }[]
  wrongAnswer: { truth: TruthQuestion; found: NewQuestion; columns: string[] }[]
}

export const normalText = (s: string) =>
  s
    .toLowerCase()
    .replace(/_x000d_/g, '')
    .replace(/\s+/g, ' ')
    .trim()
export const normalId = (s: string) => s.toUpperCase().replace(/\s+/g, ' ').trim()
const columnsOf = (q: NewQuestion) => [...new Set(q.answerCells.map((c) => c.address.replace(/\d+$/, '')))].sort()

/** The fixture read from disk as the ingest worker reads a stored file (a blob store of one file). */
export async function extract(file: string): Promise<{ questions: NewQuestion[]; confidence: number | undefined }> {
  const blobs = { getBuffer: (key: string) => readFile(path.join(FIXTURES, key)) } as Pick<BlobStore, 'getBuffer'> as BlobStore
  const read = await readQuestionnaire(blobs, { format: path.extname(file).slice(1), storageKey: file })
  return { questions: read.questions, confidence: read.layout?.confidence }
}

const index = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0)

/** Every required answer column given (`>X`: one after X), and nothing outside the required and comment columns. */
function answersRight(given: string[], required: string[], comments: string[]): boolean {
  if (!required.length) return true // answers not in columns (a Word document's paragraphs)
  const after = (req: string) => (col: string) => req.startsWith('>') && index(col) > index(req.slice(1))
  const fits = (col: string) => required.includes(col) || comments.includes(col) || required.some((r) => after(r)(col))
  return required.every((r) => given.some((c) => c === r || after(r)(c))) && given.every(fits)
}

export function judge(entry: TruthEntry, truth: Truth, found: NewQuestion[], confidence?: number): Judged {
  const unmatched = new Set(found)
  const pairs: { truth: TruthQuestion; found: NewQuestion }[] = []
  const missed: TruthQuestion[] = []
  for (const t of truth.questions) {
    const match =
      t.id !== undefined
        ? [...unmatched].find((q) => normalId(q.questionRef) === normalId(t.id!))
        : [...unmatched].find((q) => normalText(q.question) === normalText(t.text))
    if (!match) {
      missed.push(t)
      continue
    }
    unmatched.delete(match)
    pairs.push({ truth: t, found: match })
  }
  const wrongText = pairs.filter((p) => normalText(p.found.question) !== normalText(p.truth.text))
  const wrongAnswer = pairs
    .map((p) => ({ ...p, columns: columnsOf(p.found) }))
    .filter(
      (p) =>
        p.found.sheet !== p.truth.sheet || !answersRight(p.columns, p.truth.answer ?? truth.answer[p.truth.sheet] ?? [], truth.comments[p.truth.sheet] ?? []),
    )
  return {
    entry,
    confidence,
    figures: {
      truth: truth.questions.length,
      found: pairs.length,
      missed: missed.length,
      falsePositives: unmatched.size,
      wrongText: wrongText.length,
      wrongAnswer: wrongAnswer.length,
    },
    missed,
    falsePositives: [...unmatched],
    wrongText,
    wrongAnswer,
  }
}

export async function measureAll(only?: (e: TruthEntry) => boolean): Promise<Judged[]> {
  const out: Judged[] = []
  for (const entry of (await truthIndex()).filter((e) => !only || only(e))) {
    // A file the product refuses: nothing found.
    const read = await extract(entry.file).catch(() => ({ questions: [] as NewQuestion[], confidence: undefined }))
    out.push(judge(entry, await truthOf(entry), read.questions, read.confidence))
  }
  return out
}

export function total(judged: Judged[], half?: Half): Figures {
  const sum: Figures = { truth: 0, found: 0, missed: 0, falsePositives: 0, wrongText: 0, wrongAnswer: 0 }
  for (const j of judged.filter((x) => !half || x.entry.half === half)) {
    for (const k of Object.keys(sum) as (keyof Figures)[]) sum[k] += j.figures[k]
  }
  return sum
}

/**
 * The fixture read again with a mapping, as PUT /api/questionnaires/:id/layout reads it: the one the
 * product read it with (confirmed as is), or `change` applied to it (a person's correction). Judged
 * against the whole truth: the mapped sheet is read with the mapping, the other sheets keep their reading.
 */
export async function measureMapped(entry: TruthEntry, change: (m: LayoutMapping) => LayoutMapping = (m) => m): Promise<Judged & { mapping: LayoutMapping }> {
  const blobs = { getBuffer: (key: string) => readFile(path.join(FIXTURES, key)) } as Pick<BlobStore, 'getBuffer'> as BlobStore
  const file = { format: path.extname(entry.file).slice(1), storageKey: entry.file }
  const auto = await readQuestionnaire(blobs, file)
  if (!auto.layout) throw new Error(`${entry.file}: no layout`)
  const mapping = change({ sheet: auto.layout.sheet, headerRow: auto.layout.headerRow, columns: auto.layout.columns })
  const again = await readQuestionnaire(blobs, file, { mapping })
  const truth = await truthOf(entry)
  // The mapped sheet is read with the mapping, the others as before: every labelled question is there.
  return { ...judge(entry, truth, again.questions, again.layout?.confidence), mapping }
}
