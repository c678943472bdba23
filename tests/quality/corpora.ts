// The quality set's documents, indexed the way a customer's uploads are: each PDF goes through the
// real text extraction and chunking (services/ingest-worker) into the knowledge index of one tenant
// per corpus. The cloud.gov policies are Markdown: each file is printed as plain text to a PDF of
// its own (as a text editor's "print to PDF" would), so its headings, links, tables and HTML
// comments reach the index as the raw characters a customer's PDF would carry.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { KnowledgeIndex } from '@portal/knowledge'
import { pdfFromContentStreams, pdfString } from '@portal/pdf-writer'
import { chunkPages, extractPdfText } from '@portal/documents'

export const FIXTURES = path.resolve(import.meta.dirname, '../fixtures')

export interface Corpus {
  name: string
  pdf?: string[]
  markdown?: string
  /** The documents' own Q&A pairs (findQaPairs) are the corpus's answer library. */
  pairs?: boolean
  /** A filled questionnaire (under tests/fixtures) whose answered rows are the corpus's answer library. */
  library?: string
}

const WIDTH = 100 // characters a line holds at 9 pt Helvetica on A4 with margins
const LINES = 58 // lines a page holds at 13 pt leading

function wrap(line: string): string[] {
  const out: string[] = []
  let rest = line.replace(/\t/g, '    ').trimEnd()
  while (rest.length > WIDTH) {
    const cut = rest.lastIndexOf(' ', WIDTH)
    const at = cut > WIDTH / 2 ? cut : WIDTH
    out.push(rest.slice(0, at))
    rest = rest.slice(at).trimStart()
  }
  out.push(rest)
  return out
}

/** A Markdown (or any plain) text printed as it is, line by line, to PDF pages. */
export function plainTextPdf(text: string): Buffer {
  const lines = text.split(/\r?\n/).flatMap(wrap)
  const pages: string[] = []
  for (let i = 0; i < lines.length; i += LINES) {
    const ops = ['BT', '/F1 9 Tf', '13 TL', '50 800 Td']
    for (const line of lines.slice(i, i + LINES)) ops.push(line ? `${pdfString(line)} Tj T*` : 'T*')
    ops.push('ET')
    pages.push(ops.join('\n'))
  }
  return pdfFromContentStreams(pages.length ? pages : ['BT ET'])
}

/** The corpus's documents as (name, PDF bytes). */
export async function corpusDocuments(corpus: Corpus): Promise<{ name: string; pdf: Buffer }[]> {
  const docs: { name: string; pdf: Buffer }[] = []
  for (const file of corpus.pdf ?? []) docs.push({ name: path.basename(file), pdf: await readFile(path.join(FIXTURES, file)) })
  if (corpus.markdown) {
    const dir = path.join(FIXTURES, corpus.markdown)
    for (const f of (await readdir(dir)).filter((n) => n.endsWith('.md')).sort()) {
      docs.push({ name: f.replace(/\.md$/, '.pdf'), pdf: plainTextPdf(await readFile(path.join(dir, f), 'utf8')) })
    }
  }
  return docs
}

/** Extracts, chunks and indexes a corpus for `tenantId`; returns the extracted pages by document name (to check labels, find pairs). */
export async function indexCorpus(knowledge: KnowledgeIndex, tenantId: string, corpus: Corpus): Promise<Map<string, { page: number; text: string }[]>> {
  const texts = new Map<string, { page: number; text: string }[]>()
  for (const doc of await corpusDocuments(corpus)) {
    const pages = await extractPdfText(doc.pdf)
    texts.set(doc.name, pages)
    await knowledge.replaceDocument(tenantId, { id: crypto.randomUUID(), name: doc.name }, chunkPages(pages))
  }
  return texts
}
