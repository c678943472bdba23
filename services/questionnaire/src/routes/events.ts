// Live progress of a questionnaire as server-sent events, fed by the workers' bus events: the
// current state at once (waiting for documents or not), then each progress event, until drafting
// is done (with the number of questions that got an answer).
import { events, questionnaireErrors, questionnaireEventsReply, QuestionnaireParams } from '@portal/contracts'
import { type AppInstance, openEventStream, principalOf } from '@portal/http'
import { clientDocumentsPending, countsOf, findFile } from '@portal/questionnaire-store'
import type { QuestionnaireDeps } from '../deps.js'
import { fileOf } from '../lookups.js'

/** How often an open stream re-reads the questionnaire's state (what a lost bus event would have said). */
export const STATE_EVERY_MS = 5000

export function eventRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  const schema = { tags: ['questionnaire'], params: QuestionnaireParams, response: { 200: questionnaireEventsReply, ...questionnaireErrors(404) } }
  app.get('/questionnaires/:questionnaireId/events', { schema }, async (req, reply) => {
    const { tenantId } = principalOf(req)
    const file = await fileOf(deps, tenantId, req.params.questionnaireId, 'questionnaire')
    const stream = openEventStream(req, reply)
    const subjects = [
      [events.questionnaireProgress(tenantId), 'progress'],
      [events.questionnaireDrafted(tenantId), 'drafted'],
      [events.questionnaireExtracted(tenantId), 'extracted'],
      [events.fileFailed(tenantId), 'failed'],
    ] as const
    // `answered` (approved or written by a person) and `filled` (non-empty answers, drafts included)
    // come with the end of drafting: drafted = total says every question was tried, not that every one has an answer.
    const answeredNow = async () => {
      const c = await countsOf(deps.store, tenantId, file.id)
      return { answered: c.answered, filled: c.filled }
    }
    for (const [subject, name] of subjects) {
      stream.onClose(
        await deps.bus.subscribe(subject, async (_s, payload) => {
          if (stream.closed || payload['fileId'] !== file.id) return
          if (name === 'drafted') payload = { ...payload, ...(await answeredNow()) }
          stream.send(name, payload)
          if (name === 'drafted' || name === 'failed') stream.close()
        }),
      )
    }
    // The state now, after subscribing, so no event falls between the two; then again every few
    // seconds, since the bus is best-effort: an event lost while NATS was away is made up for here.
    // `waiting`: drafting waits for the client's documents still being read (it starts when the last one is).
    let last = ''
    const sendState = async () => {
      const now = await findFile(deps.store, tenantId, file.id)
      if (stream.closed) return
      if (now?.state === 'failed') {
        stream.send('failed', { fileId: file.id, error: now.error })
        return stream.close()
      }
      if (now?.state === 'ready' && now.total > 0 && now.drafted === now.total) {
        stream.send('drafted', { fileId: file.id, drafted: now.drafted, total: now.total, ...(await answeredNow()) })
        return stream.close()
      }
      const waiting = now?.state === 'ready' && now.drafted < now.total && (await clientDocumentsPending(deps.store, tenantId, file.id))
      const progress = { fileId: file.id, state: now?.state, drafted: now?.drafted ?? 0, total: now?.total ?? 0, waiting }
      if (JSON.stringify(progress) !== last) stream.send('progress', progress)
      last = JSON.stringify(progress)
    }
    await sendState()
    const timer = setInterval(() => void sendState().catch((err: unknown) => req.log.warn({ err }, 'event stream state read failed')), STATE_EVERY_MS)
    stream.onClose(() => clearInterval(timer))
  })
}
