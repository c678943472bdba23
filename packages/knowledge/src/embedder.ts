// Embeddings from any OpenAI-compatible server (OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp)
// through LangChain, as the drafting model is reached.
import type { OpenAIEmbeddings } from '@langchain/openai'

export interface Embedder {
  readonly model: string
  embedDocuments(texts: string[]): Promise<number[][]>
  embedQuery(text: string): Promise<number[]>
}

export function openAIEmbedder(cfg: { baseUrl: string; apiKey: string; model: string }): Embedder {
  // LangChain is loaded with the first call (about 90 MB resident), not with the module.
  let client: Promise<OpenAIEmbeddings> | undefined
  const embeddings = () =>
    (client ??= import('@langchain/openai').then(
      ({ OpenAIEmbeddings }) =>
        new OpenAIEmbeddings({ model: cfg.model, apiKey: cfg.apiKey, configuration: { baseURL: cfg.baseUrl }, batchSize: 64, maxRetries: 3 }),
    ))
  return {
    model: cfg.model,
    embedDocuments: async (texts) => (await embeddings()).embedDocuments(texts),
    embedQuery: async (text) => (await embeddings()).embedQuery(text),
  }
}
