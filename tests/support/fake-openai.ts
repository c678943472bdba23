// A protocol-level fake of an OpenAI-compatible chat server on loopback, for the model path.
import { createServer, type Server } from 'node:http'

export interface ChatRequest {
  model: string
  messages: { role: string; content: string }[]
}

export interface FakeOpenAI {
  url: string
  requests: ChatRequest[]
  close(): Promise<void>
}

/** `reply` gets each request and returns the assistant's message content. */
export async function startFakeOpenAI(reply: (req: ChatRequest) => string): Promise<FakeOpenAI> {
  const requests: ChatRequest[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      const parsed = JSON.parse(body) as ChatRequest
      requests.push(parsed)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: 'chat.completion',
          created: 1,
          model: parsed.model,
          choices: [{ index: 0, message: { role: 'assistant', content: reply(parsed) }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      )
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}

/** The questionnaire item and evidence a request carries, as the model drafter sends them. */
export interface DraftingData {
  question: string
  allowedChoices: string[]
  evidence: { id: string; document: string; page: number; text: string }[]
}

export function draftingData(req: ChatRequest): DraftingData {
  const content = req.messages[1]!.content
  return JSON.parse(content.slice(content.indexOf('{'))) as DraftingData
}

const words = (s: string) => new Set(s.toLowerCase().match(/[a-z0-9]{4,}/g) ?? [])

/**
 * A well-behaved model, nearly: it answers with the evidence sentence sharing most words with the
 * question (at least two), cites it, and says Yes whatever the sentence says; with no such sentence
 * it returns null.
 */
export function groundedReply(data: DraftingData): { answer: string; choice: 'yes'; confidence: number; citations: string[] } | null {
  const asked = words(data.question)
  let best: { id: string; sentence: string; shared: number } | undefined
  for (const e of data.evidence) {
    // Heading lines (a few words, no punctuation) are not part of the sentence below them.
    const body = e.text
      .split('\n')
      .filter((line) => /[.!?,;:)]\s*$/.test(line) || line.trim().split(/\s+/).length > 4)
      .join(' ')
    for (const sentence of body.replace(/\s+/g, ' ').split(/(?<=[.!?])\s+/)) {
      const shared = [...words(sentence)].filter((w) => asked.has(w)).length
      if (shared >= 2 && sentence.length <= 400 && (!best || shared > best.shared)) best = { id: e.id, sentence: sentence.trim(), shared }
    }
  }
  return best ? { answer: best.sentence, choice: 'yes', confidence: 0.9, citations: [best.id] } : null
}

export const NOTHING = JSON.stringify({ answer: '', choice: null, confidence: 0, citations: [] })
