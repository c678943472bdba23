// Embeddings from any OpenAI-compatible server (OpenAI, Azure OpenAI, vLLM, Ollama, llama.cpp)
// through LangChain, as the drafting model is reached.
import { OpenAIEmbeddings } from '@langchain/openai'

export interface Embedder {
  readonly model: string
  embedDocuments(texts: string[]): Promise<number[][]>
  embedQuery(text: string): Promise<number[]>
}

export function openAIEmbedder(cfg: { baseUrl: string; apiKey: string; model: string }): Embedder {
  const client = new OpenAIEmbeddings({ model: cfg.model, apiKey: cfg.apiKey, configuration: { baseURL: cfg.baseUrl }, batchSize: 64, maxRetries: 3 })
  return {
    model: cfg.model,
    embedDocuments: (texts) => client.embedDocuments(texts),
    embedQuery: (text) => client.embedQuery(text),
  }
}
