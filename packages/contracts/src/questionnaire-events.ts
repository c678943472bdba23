// GET /api/questionnaires/:questionnaireId/events (questionnaire service): a questionnaire's live
// progress as server-sent events. `progress` at once and on each change, then `drafted` (the end)
// or `failed`, after which the stream closes.
import { type Static, Type } from 'typebox'
import { FileState } from './questionnaire-clients.js'

const Count = Type.Integer({ minimum: 0 })

/** `event: progress`. `waiting`: drafting waits for the client's documents still being read. */
export const ProgressEvent = Type.Object({
  fileId: Type.String(),
  state: Type.Optional(FileState),
  drafted: Count,
  total: Count,
  waiting: Type.Optional(Type.Boolean()),
})
export type ProgressEvent = Static<typeof ProgressEvent>

/** `event: drafted`: every question was tried; `answered` (approved or written by a person) and `filled` (non-empty, drafts included). */
export const DraftedEvent = Type.Object({ fileId: Type.String(), drafted: Count, total: Count, answered: Count, filled: Count })
export type DraftedEvent = Static<typeof DraftedEvent>

/** `event: extracted`: the questions were read; drafting follows. */
export const ExtractedEvent = Type.Object({ fileId: Type.String(), total: Count })
export type ExtractedEvent = Static<typeof ExtractedEvent>

/** `event: failed`: the message shown to the user. */
export const FailedEvent = Type.Object({ fileId: Type.String(), error: Type.Union([Type.String(), Type.Null()]) })
export type FailedEvent = Static<typeof FailedEvent>

/** For the OpenAPI document: the stream's media type and its events. */
export const questionnaireEventsReply = {
  description:
    'text/event-stream: `progress` (ProgressEvent) and `extracted` (ExtractedEvent), then `drafted` (DraftedEvent) or `failed` (FailedEvent), then the stream ends',
  content: { 'text/event-stream': { schema: { type: 'string' } } },
}
