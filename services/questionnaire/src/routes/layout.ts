// A questionnaire's layout (issue 23): GET shows how its questions were read (sheet, header row, a
// role per column, the product's confidence, a preview); PUT confirms a mapping, re-reads the
// questions from the stored file with exactly those columns (questions keeping their id and text
// keep their drafts), remembers it for the next file of the same form, and starts drafting.
import { draftJob, events, LayoutBody, LAYOUT_SHEET_MESSAGE, layoutMessages, LayoutReply, questionnaireErrors, QuestionnaireParams } from '@portal/contracts'
import { checkMapping, GRID_FORMATS, type LayoutMapping, layoutReply, NO_QUESTIONS_WITH_MAPPING, readQuestionnaire } from '@portal/documents'
import { AppError } from '@portal/errors'
import { type AppInstance, principalOf } from '@portal/http'
import { finishFile, findLayout, rememberLayout, rereadQuestions, saveLayout, setDrafted } from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from '../deps.js'
import { fileOf } from '../lookups.js'
import { okData } from '../replies.js'

const READING = 'This questionnaire is still being read; its columns can be checked once it is read'
const NOT_A_GRID = 'This questionnaire was read from a PDF: it has no columns to check'

export function layoutRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const { store } = deps
  const readable = async (tenantId: string, id: string) => {
    const file = await fileOf(deps, tenantId, id, 'questionnaire')
    if (file.state === 'queued' || file.state === 'running') throw new AppError('CONFLICT', { message: READING })
    if (!GRID_FORMATS.has(file.format)) throw new AppError('UNPROCESSABLE', { message: NOT_A_GRID })
    return file
  }

  app.get(
    '/questionnaires/:questionnaireId/layout',
    { schema: { tags: ['questionnaire'], params: QuestionnaireParams, response: { 200: LayoutReply, ...questionnaireErrors(404, 409, 422) } } },
    async (req) => {
      const { tenantId } = principalOf(req)
      const file = await readable(tenantId, req.params.questionnaireId)
      let layout = await findLayout(store, tenantId, file.id)
      if (!layout) {
        // Read before layouts were kept: describe the reading now (its questions stay as they are).
        const read = await readQuestionnaire(deps.blobs, file)
        if (!read.layout) throw new AppError('UNPROCESSABLE', { message: NOT_A_GRID })
        layout = { ...read.layout, needsCheck: false }
        await saveLayout(store, tenantId, file.id, layout)
      }
      return okData(layoutReply(layout))
    },
  )

  app.put(
    '/questionnaires/:questionnaireId/layout',
    {
      schema: {
        tags: ['questionnaire'],
        params: QuestionnaireParams,
        body: LayoutBody,
        response: { 200: LayoutReply, ...questionnaireErrors(404, 409, 422) },
      },
      config: { fieldMessages: layoutMessages },
    },
    async (req) => {
      const { tenantId } = principalOf(req)
      const file = await readable(tenantId, req.params.questionnaireId)
      const mapping: LayoutMapping = req.body
      checkMapping(mapping)
      const { questions, layout } = await readQuestionnaire(deps.blobs, file, { mapping })
      if (!layout?.sheets.some((s) => s.name === mapping.sheet)) throw new AppError('INVALID_REQUEST', { message: LAYOUT_SHEET_MESSAGE })
      if (!questions.length)
        throw new AppError('UNPROCESSABLE', {
          message: NO_QUESTIONS_WITH_MAPPING,
        })
      const changed = await rereadQuestions(store, tenantId, file.id, questions)
      await saveLayout(store, tenantId, file.id, layout)
      await rememberLayout(store, tenantId, layout.fingerprint, mapping)
      await finishFile(store, tenantId, file.id, { state: 'ready', total: questions.length })
      const counts = await setDrafted(store, tenantId, file.id)
      await deps.bus.publish(events.questionnaireExtracted(tenantId), { fileId: file.id, total: questions.length })
      if (counts && counts.drafted < counts.total) await deps.queue.add(...draftJob(tenantId, file.id, undefined, counts.total - counts.drafted))
      req.log.info({ fileId: file.id, ...changed }, 'questionnaire columns confirmed')
      return okData(layoutReply(layout), 'Columns saved')
    },
  )
}
