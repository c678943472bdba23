// Live progress of a questionnaire as server-sent events, fed by the workers' bus events: the
// current state at once (waiting for documents or not), then each progress event, until drafting
// is done (with the number of questions that got an answer).
import { events } from '@portal/contracts'
import { type AppInstance, principalOf } from '@portal/http'
import { clientDocumentsPending, countsOf, findFile } from '@portal/questionnaire-store'
import { Type } from 'typebox'
import type { QuestionnaireDeps } from '../deps.js'
import { fileOf } from '../lookups.js'

export function eventRoutes(app: AppInstance, deps: QuestionnaireDeps): void {
  app.get('/questionnaires/:questionnaireId/events', { schema: { tags: ['questionnaire'], params: Type.Object({ questionnaireId: Type.String({ maxLength: 64 }) }) } }, async (req, reply) => {
    const { tenantId } = principalOf(req)
    const file = await fileOf(deps, tenantId, req.params.questionnaireId, 'questionnaire')
    reply.hijack()
    const res = reply.raw
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive', 'x-accel-buffering': 'no', 'x-content-type-options': 'nosniff' })
    const send = (event: string, data: object) => res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)
    let closed = false
    const unsubscribes: (() => Promise<void>)[] = []
    const close = () => {
      if (closed) return
      closed = true
      clearInterval(ping)
      for (const u of unsubscribes) void u()
      res.end()
    }
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000)
    req.raw.on('close', close)
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
      unsubscribes.push(await deps.bus.subscribe(subject, async (_s, payload) => {
        if (closed || payload['fileId'] !== file.id) return
        if (name === 'drafted') payload = { ...payload, answered: await answeredNow() }
        if (closed) return
        send(name, payload)
        if (name === 'drafted' || name === 'failed') close()
      }))
    }
    // The state now, after subscribing, so no event falls between the two. `waiting`: drafting waits
    // for the client's documents still being read (it starts when the last one is).
    const now = await findFile(deps.store, tenantId, file.id)
    const waiting = now?.state === 'ready' && now.drafted < now.total && (await clientDocumentsPending(deps.store, tenantId, file.id))
    send('progress', { fileId: file.id, state: now?.state, drafted: now?.drafted ?? 0, total: now?.total ?? 0, waiting })
    if (now?.state === 'failed') {
      send('failed', { fileId: file.id, error: now.error })
      close()
    } else if (now?.state === 'ready' && now.total > 0 && now.drafted === now.total) {
      send('drafted', { fileId: file.id, drafted: now.drafted, total: now.total, answered: await answeredNow() })
      close()
    }
  })
}
