// The answer library (issue 24): completed questionnaires imported as entries (each answered row
// with its file, sheet and row), listed and searched with their conflicts and duplicates flagged,
// edited and retired. Approved answers are entries too (their id is the question's). An import the
// product is unsure how to read waits in state 'check' until a person confirms its columns.
import { createHash } from 'node:crypto'
import {
  dataReply,
  FileParams,
  isUuid,
  LayoutBody,
  layoutMessages,
  LAYOUT_SHEET_MESSAGE,
  LibraryEntryBody,
  LibraryEntryReply,
  type LibraryEntryView,
  LibraryImport,
  LibraryImportReply,
  LibraryListReply,
  LibraryQuery,
  MessageReply,
  questionnaireErrors,
} from '@portal/contracts'
import { type AnsweredRows, checkMapping, layoutReply, NO_QUESTIONS_WITH_MAPPING, readAnsweredRows } from '@portal/documents'
import { refundDaily, spendQuota } from '@portal/db'
import { AppError } from '@portal/errors'
import { type AppInstance, checkFormFields, paged, principalOf, uploadValidatorCompiler } from '@portal/http'
import {
  editLibraryEntry,
  findCompany,
  findLibraryImport,
  finishLibraryImport,
  insertImportedRows,
  insertLibraryImport,
  type LibraryRecord,
  libraryRecords,
  rememberedLayouts,
  rememberLayout,
  retireLibraryEntry,
  SCHEMA,
} from '@portal/questionnaire-store'
import { tenantKey } from '@portal/storage'
import { Type } from 'typebox'
import type { QuestionnaireDeps } from '../deps.js'
import { type Flags, libraryFlags } from '../library-flags.js'
import { okData, okMessage } from '../replies.js'
import { checkContent, readUploads } from '../uploads.js'

/** POST /api/answer-library/import: 1–20 filled questionnaires under `files`, optionally one client's. */
const ImportForm = Type.Object({
  company_id: Type.Optional(Type.String({ maxLength: 64 })),
  files: Type.Array(Type.String({ format: 'binary' }), { minItems: 1, maxItems: 20 }),
})
const MAX_FILES = 20
/** Tenants whose library flags are kept in memory (the least recently computed go first). */
const FLAG_CACHE_TENANTS = 50
const ImportOneReply = dataReply(LibraryImport)

const NOT_FOUND = 'Answer library entry not found'
const IMPORT_NOT_FOUND = 'Import not found'
const NO_PDF = 'A PDF has no answer columns to import: send the filled questionnaire as .xlsx, .xls, .csv or .docx'
const NO_ANSWERS = 'No question in this file has an answer to import'

const iso = (d: Date | null) => (d ? d.toISOString() : null)
const viewOf = (r: LibraryRecord, flags: Flags | undefined): LibraryEntryView => ({
  _id: r.id,
  question: r.question,
  answer: r.answer,
  choiceValue: r.choiceValue,
  source: r.source,
  sourceFile: r.sourceFile,
  sheet: r.sheet,
  row: r.row,
  questionRef: r.questionRef,
  companyId: r.companyId,
  importedAt: iso(r.importedAt),
  reviewedAt: iso(r.reviewedAt),
  conflicts: flags?.conflicts ?? [],
  duplicates: flags?.duplicates ?? [],
})

export function libraryRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store, blobs } = deps

  /** Stores the answered rows of one read file, or keeps it waiting on its columns. */
  const importRead = async (
    tenantId: string,
    file: { fileName: string; storageKey: string; format: string },
    companyId: string | null,
    read: AnsweredRows,
  ): Promise<LibraryImport> => {
    const layout = layoutReply(read.layout)
    if (read.layout.needsCheck) {
      const row = await insertLibraryImport(store, tenantId, { companyId, ...file, state: 'check', layout: read.layout, unanswered: read.unanswered })
      return {
        _id: row.id,
        fileName: file.fileName,
        state: 'check',
        imported: 0,
        unanswered: read.unanswered,
        message: 'Check the columns before the answers are imported',
        layout,
      }
    }
    const row = await insertLibraryImport(store, tenantId, { companyId, ...file, state: 'imported', layout: read.layout, unanswered: read.unanswered })
    const imported = await insertImportedRows(store, tenantId, { importId: row.id, companyId, sourceFile: file.fileName }, read.rows)
    await finishLibraryImport(store, tenantId, row.id, { state: 'imported', layout: read.layout, imported, unanswered: read.unanswered })
    await blobs.delete(file.storageKey) // the rows are stored: the file is no longer needed
    return { _id: row.id, fileName: file.fileName, state: 'imported', imported, unanswered: read.unanswered, ...(imported ? {} : { message: NO_ANSWERS }) }
  }

  app.post(
    '/answer-library/import',
    {
      schema: {
        tags: ['questionnaire'],
        consumes: ['multipart/form-data'],
        body: ImportForm,
        response: { 201: LibraryImportReply, ...questionnaireErrors(404, 413, 415, 422, 429) },
      },
      validatorCompiler: uploadValidatorCompiler,
    },
    async (req, reply) => {
      const { tenantId } = principalOf(req)
      const { fields, files, discard } = await readUploads(req, 'questionnaire', { maxFiles: MAX_FILES })
      try {
        checkFormFields(ImportForm, fields)
        const companyField = fields['company_id'] || fields['companyId']
        let companyId: string | null = null
        if (companyField) {
          const company = isUuid(companyField) ? await findCompany(store, tenantId, companyField) : undefined
          if (!company) throw new AppError('NOT_FOUND', { message: 'Client not found' })
          companyId = company.id
        }
        // Every file is checked before anything is stored: one bad file refuses the whole import.
        for (const file of files) {
          if (file.format === 'pdf') throw new AppError('UNSUPPORTED_MEDIA_TYPE', { message: `${file.fileName}: ${NO_PDF}` })
          await checkContent(file)
        }
        const use = { files: files.length, bytes: files.reduce((n, f) => n + f.spooled.size, 0) }
        await spendQuota(store, SCHEMA, tenantId, use, deps.quota, 'uploads')
        const remembered = await rememberedLayouts(store, tenantId)
        const out: LibraryImport[] = []
        for (const file of files) {
          const storageKey = tenantKey(tenantId, 'library')
          await blobs.putFile(storageKey, file.spooled.path, { contentType: 'application/octet-stream' })
          const stored = { fileName: file.fileName, storageKey, format: file.format }
          let read: AnsweredRows
          try {
            read = await readAnsweredRows(blobs, stored, { remembered })
          } catch (err) {
            // One unreadable file does not undo the others: it is reported as failed, in words.
            await blobs.delete(storageKey).catch(() => undefined)
            if (!(err instanceof AppError)) throw err
            await refundDaily(store, SCHEMA, tenantId, { files: 1, bytes: file.spooled.size }).catch(() => undefined)
            out.push({ _id: '', fileName: file.fileName, state: 'failed', imported: 0, unanswered: 0, message: err.message })
            continue
          }
          out.push(await importRead(tenantId, stored, companyId, read))
        }
        req.log.info({ files: out.map((f) => ({ state: f.state, imported: f.imported })) }, 'answer library import')
        return reply.status(201).send(okData(out, 'Answers imported'))
      } finally {
        await discard()
      }
    },
  )

  app.put(
    '/answer-library/import/:id/layout',
    {
      schema: { tags: ['questionnaire'], params: FileParams, body: LayoutBody, response: { 200: ImportOneReply, ...questionnaireErrors(404, 409, 422) } },
      config: { fieldMessages: layoutMessages },
    },
    async (req) => {
      const { tenantId } = principalOf(req)
      const pending = isUuid(req.params.id) ? await findLibraryImport(store, tenantId, req.params.id) : undefined
      if (!pending) throw new AppError('NOT_FOUND', { message: IMPORT_NOT_FOUND })
      if (pending.state !== 'check') throw new AppError('CONFLICT', { message: 'This file is already imported' })
      const mapping = req.body
      checkMapping(mapping)
      const read = await readAnsweredRows(blobs, pending, { mapping })
      if (!read.layout.sheets.some((s) => s.name === mapping.sheet)) throw new AppError('INVALID_REQUEST', { message: LAYOUT_SHEET_MESSAGE })
      if (!read.layout.total) throw new AppError('UNPROCESSABLE', { message: NO_QUESTIONS_WITH_MAPPING })
      const imported = await insertImportedRows(
        store,
        tenantId,
        { importId: pending.id, companyId: pending.companyId, sourceFile: pending.fileName },
        read.rows,
      )
      await finishLibraryImport(store, tenantId, pending.id, { state: 'imported', layout: read.layout, imported, unanswered: read.unanswered })
      await rememberLayout(store, tenantId, read.layout.fingerprint, mapping)
      await blobs.delete(pending.storageKey).catch((err: unknown) => req.log.warn({ err }, 'imported file not removed'))
      return okData(
        {
          _id: pending.id,
          fileName: pending.fileName,
          state: 'imported' as const,
          imported,
          unanswered: read.unanswered,
          ...(imported ? {} : { message: NO_ANSWERS }),
        },
        'Columns saved and answers imported',
      )
    },
  )

  /**
   * Every entry of the tenant with its flags (the library screen sees all clients' entries). The
   * flags are kept per tenant while the entries' texts stay the same: paging through the list, or
   * searching it, does not compare them all again (about 0.8 s for 5,000 entries).
   */
  const flagCache = new Map<string, { signature: string; flags: Map<string, Flags> }>()
  const flagged = async (tenantId: string) => {
    const records = await libraryRecords(store, tenantId, { all: true })
    const hash = createHash('sha256')
    for (const r of records) hash.update(`${r.id}\u0000${r.question}\u0000${r.answer}\u0000${r.choiceValue ?? ''}\u0000${r.questionRef}\u0001`)
    const signature = hash.digest('hex')
    const cached = flagCache.get(tenantId)
    if (cached?.signature === signature) return { records, flags: cached.flags }
    const flags = libraryFlags(records)
    flagCache.delete(tenantId)
    flagCache.set(tenantId, { signature, flags })
    if (flagCache.size > FLAG_CACHE_TENANTS) flagCache.delete(flagCache.keys().next().value!)
    return { records, flags }
  }

  app.get(
    '/answer-library',
    { schema: { tags: ['questionnaire'], querystring: LibraryQuery, response: { 200: LibraryListReply, ...questionnaireErrors() } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const { page = 1, pageSize = 10, q, flagged: onlyFlagged } = req.query
      const { records, flags } = await flagged(tenantId)
      const needle = q?.trim().toLowerCase()
      const rows = records.filter((r) => {
        if (needle && !r.question.toLowerCase().includes(needle) && !r.answer.toLowerCase().includes(needle)) return false
        const f = flags.get(r.id)
        return !onlyFlagged || Boolean(f && (f.conflicts.length || f.duplicates.length))
      })
      const from = (page - 1) * pageSize
      return paged(
        rows.slice(from, from + pageSize).map((r) => viewOf(r, flags.get(r.id))),
        rows.length,
        page,
        pageSize,
      )
    },
  )

  app.put(
    '/answer-library/:id',
    { schema: { tags: ['questionnaire'], params: FileParams, body: LibraryEntryBody, response: { 200: LibraryEntryReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const edited = isUuid(req.params.id) ? await editLibraryEntry(store, tenantId, req.params.id, req.body) : undefined
      if (!edited) throw new AppError('NOT_FOUND', { message: NOT_FOUND })
      const { flags } = await flagged(tenantId)
      return okData(viewOf(edited, flags.get(edited.id)), 'Entry saved')
    },
  )

  app.delete(
    '/answer-library/:id',
    { schema: { tags: ['questionnaire'], params: FileParams, response: { 200: MessageReply, ...questionnaireErrors(404) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const retired = isUuid(req.params.id) && (await retireLibraryEntry(store, tenantId, req.params.id))
      if (!retired) throw new AppError('NOT_FOUND', { message: NOT_FOUND })
      return okMessage('Entry retired: it will not be offered again')
    },
  )
}
