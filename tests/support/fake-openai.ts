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
      res.end(JSON.stringify({
        id: `chatcmpl-${requests.length}`, object: 'chat.completion', created: 1, model: parsed.model,
        choices: [{ index: 0, message: { role: 'assistant', content: reply(parsed) }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
      }))
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  }
}
