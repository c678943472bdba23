// A corpus's answer library, built as the product builds one: the Q&A pairs a vendor wrote in its
// documents (findQaPairs on the extracted pages), or the answered rows of a filled questionnaire read
// with readAnsweredRows (the library import). Each entry keeps what the judge needs: the row's
// question id, or the document's own question.
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { findQaPairs, readAnsweredRows } from '@portal/documents'
import type { BlobStore } from '@portal/storage'
import type { CorpusEntry } from './run-quality.js'

const CHOICE = { yes: 'Yes', no: 'No', na: 'N/A' } as const

/** The pairs of every document, as library entries of source 'pair' named by document and page. */
export function libraryFromPairs(pages: Map<string, { page: number; text: string }[]>): CorpusEntry[] {
  const entries: CorpusEntry[] = []
  for (const [documentName, docPages] of pages) {
    for (const [i, pair] of findQaPairs(docPages).entries()) {
      entries.push({
        id: `pair:${documentName}:${pair.page}:${i}`,
        question: pair.question,
        answer: pair.answer,
        choiceValue: pair.choice ? CHOICE[pair.choice] : null,
        source: 'pair',
        documentName,
        page: pair.page,
        reused: { kind: 'pair', ref: `${documentName}#${i}`, question: pair.question },
      })
    }
  }
  return entries
}

/** The answered rows of a filled questionnaire (stored in `blobs` first, as an upload is): entries of source 'import' named by file, sheet and row. */
export async function libraryFromWorkbook(blobs: BlobStore, file: string): Promise<CorpusEntry[]> {
  const name = path.basename(file)
  const key = `quality/${name}`
  await blobs.put(key, await readFile(file))
  const read = await readAnsweredRows(blobs, { format: path.extname(name).slice(1).toLowerCase(), storageKey: key })
  return read.rows.map((r) => ({
    id: `row:${r.sheet}:${r.row}`,
    question: r.question,
    answer: r.answer,
    choiceValue: r.choiceValue,
    source: 'import' as const,
    fileName: name,
    ...(r.sheet ? { sheet: r.sheet } : {}),
    row: r.row,
    questionRef: r.questionRef,
    reused: { kind: 'library', ref: r.questionRef, question: r.question },
  }))
}
