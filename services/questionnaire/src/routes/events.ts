// Live progress of a questionnaire as server-sent events, fed by the workers' bus events: the
// current state at once (waiting for documents or not), then each progress event, until drafting
// is done (with the number of questions that got an answer).
import { events } from '@portal/contracts'
import { type AppInstance, openEventStream, principalOf } from '@portal/http'
import { clientDocumentsPending, countsOf, findFile } from '@portal/questionnaire-store'
import { Type } from 'typebox'
import type { QuestionnaireDeps } from '../deps.js'
import { fileOf } from '../lookups.js'

export function eventRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  app.get('/questionnaires/:questionnaireId/events', { schema: { tags: ['questionnaire'], params: Type.Object({ questionnaireId: Type.String({ maxLength: 64 }) }) } }, async (req, reply) => {
    const { tenantId } = principalOf(req)
    const file = await fileOf(deps, tenantId, req.params.questionnaireId, 'questionnaire')
    const stream = openEventStream(req, reply)
    const subjects = [
      [events.questionnaireProgress(tenantId), 'progress'],
      [events.questionnaireDrafted(tenantId), 'drafted'],
      [events.questionnaireExtracted(tenantId), 'extracted'],
      [events.fileFailed(tenantId), 'failed'],
    ] as const
    // `answered` (non-empty answers) comes with the end of drafting: drafted = total says every
    // question was tried, not that every one has an answer.
    const answeredNow = async () => (await countsOf(deps.store, tenantId, file.id)).answered
    for (const [subject, name] of subjects) {
      stream.onClose(await deps.bus.subscribe(subject, async (_s, payload) => {
        if (stream.closed || payload['fileId'] !== file.id) return
        if (name === 'drafted') payload = { ...payload, answered: await answeredNow() }
        stream.send(name, payload)
        if (name === 'drafted' || name === 'failed') stream.close()
      }))
    }
    // The state now, after subscribing, so no event falls between the two. `waiting`: drafting waits
    // for the client's documents still being read (it starts when the last one is).
    const now = await findFile(deps.store, tenantId, file.id)
    const waiting = now?.state === 'ready' && now.drafted < now.total && (await clientDocumentsPending(deps.store, tenantId, file.id))
    stream.send('progress', { fileId: file.id, state: now?.state, drafted: now?.drafted ?? 0, total: now?.total ?? 0, waiting })
    if (now?.state === 'failed') {
      stream.send('failed', { fileId: file.id, error: now.error })
      stream.close()
    } else if (now?.state === 'ready' && now.total > 0 && now.drafted === now.total) {
      stream.send('drafted', { fileId: file.id, drafted: now.drafted, total: now.total, answered: await answeredNow() })
      stream.close()
    }
  })
}
