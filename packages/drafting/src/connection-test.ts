// The drafter settings page's "Test the connection": one tiny chat request to the configured
// OpenAI-compatible server, with a short timeout, answered in words. The API key goes in the
// Authorization header only; it is never part of a result or a message.
import type { ModelConfig } from './model-drafter.js'

export interface ConnectionResult {
  ok: boolean
  model: string
  latencyMs: number | null
  message: string
}

/** Where the model is, for people: the base URL's host (no credentials, no path). */
export function modelHost(baseUrl: string): string {
  try {
    return new URL(baseUrl).host
  } catch {
    return 'an address that is not a URL'
  }
}

const statusWords = (status: number): string => {
  if (status === 401 || status === 403) return `The model server refused the API key (HTTP ${status}): check OPENAI_API_KEY`
  if (status === 404) return 'The model server does not know this model or address (HTTP 404): check LLM_MODEL and OPENAI_BASE_URL'
  if (status === 429) return 'The model server is busy or the account is over its limit (HTTP 429): try again later'
  return `The model server answered with an error (HTTP ${status})`
}

export async function testModelConnection(cfg: ModelConfig, opts: { timeoutMs?: number; fetch?: typeof fetch } = {}): Promise<ConnectionResult> {
  const timeoutMs = opts.timeoutMs ?? 10_000
  const url = `${cfg.baseUrl.replace(/\/+$/, '')}/chat/completions`
  const started = performance.now()
  const fail = (message: string): ConnectionResult => ({ ok: false, model: cfg.model, latencyMs: null, message })
  let res: Response
  try {
    res = await (opts.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cfg.apiKey ? { authorization: `Bearer ${cfg.apiKey}` } : {}) },
      body: JSON.stringify({ model: cfg.model, messages: [{ role: 'user', content: 'Reply with OK.' }], max_tokens: 1, temperature: 0 }),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    })
  } catch (err) {
    const name = (err as { name?: string }).name
    if (name === 'TimeoutError' || name === 'AbortError')
      return fail(`The model server at ${modelHost(cfg.baseUrl)} did not answer within ${timeoutMs / 1000} seconds`)
    return fail(`Could not reach the model server at ${modelHost(cfg.baseUrl)}: check OPENAI_BASE_URL`)
  }
  const latencyMs = Math.round(performance.now() - started)
  if (!res.ok) {
    await res.body?.cancel().catch(() => undefined)
    return fail(statusWords(res.status))
  }
  const body = (await res.json().catch(() => undefined)) as { choices?: unknown } | undefined
  if (!body || !Array.isArray(body.choices)) return fail('The server answered, but not as an OpenAI-compatible chat server: check OPENAI_BASE_URL')
  return { ok: true, model: cfg.model, latencyMs, message: `${cfg.model} answered in ${latencyMs} ms` }
}
