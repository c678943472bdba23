// The helpers the queue and bus adapters trace with, and the fields every log line gets: with
// tracing off they do nothing but call through; with the SDK started (in memory here), a consumer
// span is the child of the producer span whose carrier came with the message.
import { afterAll, describe, expect, it } from '@jest/globals'
import { NodeSDK } from '@opentelemetry/sdk-node'
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace'
import { enableTracing, setTenantSource, traceCarrier, traced, withLogFields } from '../src/context.js'
import { createLogger, markRequestLogger } from '../src/index.js'

const exporter = new InMemorySpanExporter()
const processor = new SimpleSpanProcessor({ exporter })
let sdk: NodeSDK | undefined

function captured() {
  const lines: Record<string, unknown>[] = []
  const logger = createLogger({ logLevel: 'info' }, {}, { write: (s: string) => void lines.push(JSON.parse(s) as Record<string, unknown>) })
  return { logger, lines }
}

afterAll(async () => {
  enableTracing(false)
  setTenantSource(undefined)
  await sdk?.shutdown()
})

describe('log fields', () => {
  it('adds the request id, the job, the tenant, only where there is one', () => {
    const { logger, lines } = captured()
    logger.info('outside')
    withLogFields({ reqId: 'r-12345678' }, () => logger.info('in a request'))
    withLogFields({ jobId: 'j1', queue: 'extract-questions', tenantId: 't-from-payload' }, () => logger.info('in a job'))
    setTenantSource(() => 't-from-scope')
    withLogFields({ jobId: 'j2', queue: 'draft-answers', tenantId: 't-from-payload' }, () => logger.info('scope wins'))
    setTenantSource(undefined)
    // A request's own logger binds reqId: the field is not written twice.
    withLogFields({ reqId: 'r-12345678' }, () => markRequestLogger(logger.child({ reqId: 'r-12345678' })).info('req.log'))
    expect(lines.map(({ msg, reqId, jobId, queue, tenantId, traceId }) => ({ msg, reqId, jobId, queue, tenantId, traceId }))).toEqual(
      [
        { msg: 'outside' },
        { msg: 'in a request', reqId: 'r-12345678' },
        { msg: 'in a job', jobId: 'j1', queue: 'extract-questions', tenantId: 't-from-payload' },
        { msg: 'scope wins', jobId: 'j2', queue: 'draft-answers', tenantId: 't-from-scope' },
        { msg: 'req.log', reqId: 'r-12345678' },
      ].map((l) => ({ reqId: undefined, jobId: undefined, queue: undefined, tenantId: undefined, traceId: undefined, ...l })),
    )
  })
})

describe('trace helpers', () => {
  it('only call through while tracing is off', async () => {
    expect(traceCarrier()).toBeUndefined()
    expect(await traced('publish q', { kind: 'producer' }, async (carrier) => carrier)).toBeUndefined()
  })

  it('make the consumer span a child of the producer span, across the carrier', async () => {
    sdk = new NodeSDK({ serviceName: 'test', spanProcessors: [processor], instrumentations: [] })
    sdk.start()
    enableTracing()
    const { logger, lines } = captured()
    const carrier = await traced('publish q', { kind: 'producer' }, async (c) => c)
    expect(carrier?.['traceparent']).toMatch(/^00-[0-9a-f]{32}-[0-9a-f]{16}-01$/)
    await expect(
      traced('process q', { kind: 'consumer', parent: carrier }, async () => {
        logger.info('in the job')
        throw new Error('boom')
      }),
    ).rejects.toThrow('boom')
    await processor.forceFlush()
    const [producer, consumer] = exporter.getFinishedSpans()
    expect(consumer!.spanContext().traceId).toBe(producer!.spanContext().traceId)
    expect(consumer!.parentSpanContext?.spanId).toBe(producer!.spanContext().spanId)
    expect(consumer!.status.code).toBe(2) // ERROR, with the exception recorded
    expect(lines[0]).toMatchObject({ msg: 'in the job', traceId: producer!.spanContext().traceId })
  })
})
