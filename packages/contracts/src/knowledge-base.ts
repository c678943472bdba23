// The company knowledge base (issue 25): every compliance document of the company in one list, the
// clients' own and the company-wide ones (no client: every client's questionnaires draft from them),
// uploaded several at once. GET /api/knowledge-base, POST /api/knowledge-base (multipart, PDF only),
// DELETE /api/knowledge-base/:id. And the drafter's settings: GET /api/drafter, POST /api/drafter/test.
import { type Static, Type } from 'typebox'
import { dataReply } from './envelope.js'
import { FileState } from './questionnaire-clients.js'

export const KnowledgeBaseEntry = Type.Object({
  _id: Type.String(),
  fileName: Type.String(),
  /** The client whose document it is; null: company-wide (answers every client's questionnaires). */
  clientId: Type.Union([Type.String(), Type.Null()]),
  clientName: Type.Union([Type.String(), Type.Null()]),
  state: FileState,
  /** Why reading failed, in words; null otherwise. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** Pages read (0 until the document is read). */
  pages: Type.Integer({ minimum: 0 }),
  createdAt: Type.String({ description: 'UTC ISO 8601' }),
})
export type KnowledgeBaseEntry = Static<typeof KnowledgeBaseEntry>

/** GET /api/knowledge-base: oldest first. */
export const KnowledgeBaseReply = dataReply(Type.Array(KnowledgeBaseEntry))
export type KnowledgeBaseReply = Static<typeof KnowledgeBaseReply>

/** POST /api/knowledge-base: multipart/form-data, up to 5 PDFs under `files` or `file` (checked as a client's compliance upload). */
export const KnowledgeBaseUploadForm = Type.Object({
  files: Type.Array(Type.String({ format: 'binary' }), { maxItems: 5 }),
})

/** GET /api/drafter: which drafter drafts answers; never the API key. */
export const DrafterSettings = Type.Object({
  /** `offline`: no model configured (OPENAI_BASE_URL empty), the built-in drafter drafts. */
  drafter: Type.Union([Type.Literal('offline'), Type.Literal('model')]),
  /** The model's name (LLM_MODEL), null offline. */
  model: Type.Union([Type.String(), Type.Null()]),
  /** The host of OPENAI_BASE_URL (no path, no credentials), null offline. */
  host: Type.Union([Type.String(), Type.Null()]),
})
export type DrafterSettings = Static<typeof DrafterSettings>
export const DrafterSettingsReply = dataReply(DrafterSettings)
export type DrafterSettingsReply = Static<typeof DrafterSettingsReply>

/** POST /api/drafter/test: one tiny request to the configured model (admins). */
export const DrafterTest = Type.Object({
  ok: Type.Boolean(),
  model: Type.Union([Type.String(), Type.Null()]),
  /** How long the model took to answer, in milliseconds (null when it did not). */
  latencyMs: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** What happened, in words: the error when `ok` is false. */
  message: Type.String(),
})
export type DrafterTest = Static<typeof DrafterTest>
export const DrafterTestReply = dataReply(DrafterTest)
export type DrafterTestReply = Static<typeof DrafterTestReply>
