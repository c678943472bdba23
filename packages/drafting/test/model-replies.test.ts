// The model path proven on recorded replies (tests/fixtures/model-replies/*.json): a local
// OpenAI-compatible server answers each request from the recording (the drafter's reply and, where
// the critic is called, the critic's verdict), and every case goes through the whole path, as a
// questionnaire's job drafts a question: retrieval, createDrafter(llm), the word rules, the critic,
// settle. Right and paraphrased replies keep their choice as the sheet spells it; wrong and invented
// ones are dropped or wait for a person; planted instructions are never followed; no evidence stays
// blank, never N/A.
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import type { FoundChunk, KnowledgeIndex } from '@portal/knowledge'
import { createDrafter, draftQuestion } from '../src/draft-question.js'
import { CRITIC_PROMPT, detailsStated, SYSTEM_PROMPT } from '../src/model-drafter.js'
import { type FakeOpenAI, startFakeOpenAI } from '../../../tests/support/fake-openai.js'
import { knowledgeOf } from './knowledge-double.js'

interface Recorded {
  id: string
  question: string
  choices?: string[]
  evidence: { source: string; text: string; appended?: string }[]
  reply: string | null
  critic?: string
  expect: {
    outcome: 'kept' | 'choice dropped' | 'dropped' | 'needs review' | 'blank'
    choiceValue?: string
    answerContains?: string
    answerLacks?: string
    needsReview?: boolean
    flagged?: boolean
    requests?: number
  }
  why: string
}

const dir = path.resolve(process.cwd(), 'tests/fixtures/model-replies')
const groups = readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => ({ group: f.replace(/\.json$/, ''), cases: (JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as { cases: Recorded[] }).cases }))
const all = groups.flatMap((g) => g.cases.map((c) => ({ ...c, group: g.group })))

let model: FakeOpenAI
let current: Recorded | undefined
let calls: { critic: boolean; unrecorded: boolean }[] = []

beforeAll(async () => {
  model = await startFakeOpenAI((req) => {
    const critic = req.messages[0]?.content === CRITIC_PROMPT
    const drafting = req.messages[0]?.content === SYSTEM_PROMPT
    const content = critic ? current?.critic : drafting ? current?.reply : undefined
    // A request the recording has no reply for gets none: the test then fails on `unrecorded`.
    calls.push({ critic, unrecorded: content == null })
    return content ?? ''
  })
})
afterAll(() => model.close())

const tenant = crypto.randomUUID()
/** Retrieval holding the case's passages for this tenant only, as the real index answers. */
const knowledgeOfCase = (c: Recorded): KnowledgeIndex => {
  const chunks: FoundChunk[] = c.evidence.map((e, i) => ({
    id: `${c.id}-${i + 1}`,
    documentId: 'd1',
    documentName: e.source.split(/[/:]/).at(-2) ?? 'policy.md',
    page: 1,
    heading: '',
    text: e.text,
    rank: 1 - i / 10,
  }))
  return knowledgeOf(tenant, chunks)
}

async function run(c: Recorded) {
  current = c
  calls = []
  const drafter = createDrafter({ baseUrl: model.url, apiKey: 'sk-test', model: 'recorded', maxRetries: 0, timeoutMs: 5000 })
  const d = await draftQuestion({ knowledge: knowledgeOfCase(c), drafter }, tenant, c.question, { choices: c.choices })
  return { d, calls: [...calls] }
}

describe('the recorded replies', () => {
  it('cover every kind, at least 25 in all, with passages quoted verbatim from the policies', () => {
    expect(all.length).toBeGreaterThanOrEqual(25)
    expect(groups.map((g) => g.group)).toEqual(['injected', 'invented', 'no-evidence', 'paraphrased', 'partly-wrong', 'right'])
    for (const c of all)
      for (const e of c.evidence) {
        if (e.source === 'written for this test') {
          expect(e.text).toBe(e.appended)
          continue
        }
        const [file, lines] = e.source.split(':') as [string, string]
        const [from, to = from] = lines.split('-').map(Number) as [number, number?]
        const text = readFileSync(path.resolve(process.cwd(), 'tests/fixtures/policies', file), 'utf8')
          .split('\n')
          .slice(from - 1, to)
          .join('\n')
          .trim()
        expect([c.id, e.text]).toEqual([c.id, e.appended ? `${text} ${e.appended}` : text])
      }
  })
})

describe.each(groups)('recorded replies: $group', ({ cases }) => {
  it.each(cases.map((c) => [c.id, c] as const))('%s', async (_id, c) => {
    const { d, calls } = await run(c)
    const why = `${c.id}: ${c.why} -> ${JSON.stringify({ answer: d.answer, choice: d.choice, choiceValue: d.choiceValue, needsReview: d.needsReview, reviewReason: d.reviewReason })}`
    expect([why, calls.filter((x) => x.unrecorded)]).toEqual([why, []])
    // The critic is asked exactly where its verdict was recorded.
    expect([why, calls.filter((x) => x.critic).length]).toEqual([why, c.critic ? 1 : 0])
    if (c.expect.requests !== undefined) expect(calls.length).toBe(c.expect.requests)
    const e = c.expect
    const got = {
      answered: Boolean(d.answer),
      choiceValue: d.choiceValue,
      needsReview: d.needsReview,
      ...(e.answerContains ? { contains: d.answer.includes(e.answerContains) } : {}),
      ...(e.answerLacks ? { lacks: !d.answer.includes(e.answerLacks) } : {}),
      ...(e.flagged ? { flagged: d.reviewReason.includes('Flagged:') } : {}),
    }
    const want = {
      kept: { answered: true, choiceValue: e.choiceValue, needsReview: e.needsReview ?? false },
      'choice dropped': { answered: true, choiceValue: undefined, needsReview: true },
      dropped: { answered: false, choiceValue: undefined, needsReview: true },
      'needs review': { answered: got.answered, choiceValue: e.choiceValue ?? d.choiceValue, needsReview: true },
      blank: { answered: false, choiceValue: undefined, needsReview: true },
    }[e.outcome]
    expect([why, got]).toEqual([
      why,
      {
        ...want,
        ...(e.answerContains ? { contains: true } : {}),
        ...(e.answerLacks ? { lacks: true } : {}),
        ...(e.flagged ? { flagged: true } : {}),
      },
    ])
    // A wrong or planted choice never reaches the sheet, and no evidence is never N/A.
    if (e.outcome !== 'kept' && !e.choiceValue) expect(d.choice).toBeUndefined()
    if (e.outcome === 'blank') expect(d.answer).not.toMatch(/n\/a|not applicable/i)
    for (const ev of c.evidence) if (ev.appended) expect(d.answer).not.toContain(ev.appended)
  })
})

describe('the details a paraphrase may not change', () => {
  it('holds frequencies, numbers and "all" to the cited passages, in any of their spellings', () => {
    expect(detailsStated('Scans run weekly.', ['Automated monthly scans are run.'])).toBe(false)
    expect(detailsStated('Refresher training is given every year.', ['Refresher training at least annually.'])).toBe(true)
    expect(detailsStated('Definitions are updated every hour.', ['Virus definitions updated hourly.'])).toBe(true)
    expect(detailsStated('Logs are kept for 365 days.', ['Logs are kept for 180 days.'])).toBe(false)
    expect(detailsStated('All employees are trained.', ['Staff with security roles are trained.'])).toBe(false)
    expect(detailsStated('Every public interface uses TLS.', ['This includes all public interfaces.'])).toBe(true)
  })
})
