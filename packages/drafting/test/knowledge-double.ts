// A stand-in for the knowledge index in drafting tests: retrieval that returns `chunks` for this
// tenant only, as the real index does, and no question/answer pairs.
import type { FoundChunk, KnowledgeIndex } from '@portal/knowledge'

export const knowledgeOf = (tenantId: string, chunks: FoundChunk[]): KnowledgeIndex => ({
  mode: 'text',
  ready: async () => {},
  replaceDocument: async () => {},
  deleteDocument: async () => 0,
  replacePairs: async () => {},
  pairs: async () => [],
  search: async (t) => (t === tenantId ? chunks : []),
})
