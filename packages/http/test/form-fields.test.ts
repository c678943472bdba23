// Upload routes: `uploadValidatorCompiler` checks params as every route does but lets the streamed
// multipart body through, and `checkFormFields` checks the text fields once read, against the form
// of the contract, with the spec's messages where the route names them.
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals'
import { createTestTokenService } from '@portal/auth'
import { loadConfig } from '@portal/config'
import { silentLogger } from '@portal/observability'
import { Type } from 'typebox'
import { type AppInstance, checkFormFields, createServer, ok, uploadValidatorCompiler } from '../src/index.js'

const Form = Type.Object({
  title: Type.String({ maxLength: 10, pattern: '\\S' }),
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365 })),
  file: Type.String({ format: 'binary' }),
  more: Type.Optional(Type.Array(Type.String({ format: 'binary' }))),
})
const messages = { title: { missing: 'Title is required' } }

let app: AppInstance
beforeAll(async () => {
  app = await createServer({ config: loadConfig({}), logger: silentLogger, tokens: await createTestTokenService() })
  // The text fields as an upload route has them once the parts are read.
  app.post('/api/form', async (req) => {
    checkFormFields(Form, req.body as Record<string, string>, messages)
    return ok()
  })
  // As @fastify/multipart does: the body is left to the route, which streams it.
  app.addContentTypeParser('multipart/form-data', (_req, _payload, done) => done(null))
  app.put(
    '/api/upload/:id',
    { schema: { params: Type.Object({ id: Type.String({ format: 'uuid' }) }), body: Form }, validatorCompiler: uploadValidatorCompiler },
    async () => ok(),
  )
  await app.ready()
})
afterAll(async () => app.close())

/** What the server answers fields it refuses (undefined: taken). */
async function refusal(fields: Record<string, string>) {
  const res = await app.inject({ method: 'POST', url: '/api/form', payload: fields })
  if (res.statusCode === 200) return undefined
  const body = res.json() as { message: string; errors?: unknown }
  return { message: body.message, status: res.statusCode, errors: body.errors }
}

describe('checkFormFields', () => {
  it('takes fields the form allows, file parts aside, numbers sent as text and fields it does not name', async () => {
    expect(await refusal({ title: 'Policy', days: '30', other: 'x' })).toBeUndefined()
  })
  it("answers a missing or blank field with the spec's message", async () => {
    expect(await refusal({})).toEqual({
      message: 'Title is required',
      status: 400,
      errors: [{ field: 'title', message: 'Title is required' }],
    })
    expect((await refusal({ title: '   ' }))?.message).toBe('Title is required')
  })
  it("answers other refusals in the validator's words", async () => {
    expect(await refusal({ title: 'a much too long title' })).toEqual({
      message: 'title must NOT have more than 10 characters',
      status: 400,
      errors: [{ field: 'title', message: 'must NOT have more than 10 characters' }],
    })
    expect((await refusal({ title: 'Policy', days: 'soon' }))?.message).toBe('days must be integer')
    expect((await refusal({ title: 'Policy', days: '400' }))?.message).toBe('days must be <= 365')
  })
})

describe('uploadValidatorCompiler', () => {
  const put = (id: string) =>
    app.inject({ method: 'PUT', url: `/api/upload/${id}`, headers: { 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x--\r\n' })

  it('lets the multipart body through to the route', async () => {
    expect((await put('6f1c1f0e-8a4e-4b7a-9c53-0b0f6a0e3d11')).statusCode).toBe(200)
  })
  it('still checks the params against the contract', async () => {
    const res = await put('not-a-uuid')
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ status: false, code: 'INVALID_REQUEST', message: 'id must match format "uuid"' })
  })
})
