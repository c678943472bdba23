// One input rule for every route, applied at the root so no route can forget it: text with a NUL
// character is refused with 400 wherever it arrives (JSON body, query, path params, headers,
// multipart field names, values and file names), since PostgreSQL cannot store it in text columns;
// and a multipart body that ends mid-part, lacks its boundary or is otherwise malformed is a 400,
// not a parser error turned into a 500.
import { AppError } from '@portal/errors'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { AppInstance } from './server.js'

/** The first string (value or key) holding a NUL character, as a path; undefined when there is none. */
export function nulPath(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : undefined
  if (!value || typeof value !== 'object') return undefined
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return at
    const found = nulPath(item, at)
    if (found) return found
  }
  return undefined
}

const nulRefused = (at: string) =>
  new AppError('INVALID_REQUEST', { message: `${at} must not contain NUL characters`, errors: [{ field: at, message: 'must not contain NUL characters' }] })

/**
 * JSON bodies: Fastify's own parser (prototype poisoning refused), except that an empty body is no
 * body (a DELETE or a token renewal sent with a JSON content type and nothing else), and that text
 * with a NUL character is refused with a 400: PostgreSQL cannot store it in text columns.
 */
export function acceptJson(app: AppInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = body as string
    if (!text.trim()) return done(null, undefined)
    parseJson(req, text, (err: Error | null, parsed?: unknown) => {
      if (err) return done(err, undefined)
      const at = nulPath(parsed)
      if (at) return done(nulRefused(at), undefined)
      done(null, parsed)
    })
  })
}

/** onRequest: the query, path params and headers of every request, before any hook reads them. */
export function refuseNulInRequest(req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void): void {
  const at = nulPath(req.query, 'query') ?? nulPath(req.params, 'params') ?? nulPath(req.headers, 'headers')
  done(at ? nulRefused(at) : undefined)
}

/** preValidation: bodies parsed as text (text/plain); JSON was checked while parsing. */
export function refuseNulInText(req: FastifyRequest): void {
  if (typeof req.body === 'string' && req.body.includes('\u0000')) throw nulRefused('body')
}

// ---- multipart -------------------------------------------------------------------------------

interface Part {
  type: 'file' | 'field'
  fieldname: string
  filename?: string
  value?: unknown
  file?: NodeJS.ReadableStream & { errored?: Error | null }
}

type Parts = (opts?: unknown) => AsyncGenerator<Part>

const MALFORMED = 'The upload is not a complete multipart/form-data body: it is cut short, lacks its boundary or is malformed'

/** Parser errors met while a route streams an uploaded file: rendered as MALFORMED, 400. */
const malformed = new WeakSet<object>()

export const isMalformedUpload = (err: unknown): boolean => typeof err === 'object' && err !== null && malformed.has(err)

export const malformedUpload = () => new AppError('INVALID_REQUEST', { message: MALFORMED })

/**
 * The multipart parser's own errors are plain `Error`s without a code (busboy's "Unexpected end of
 * multipart data", "Part terminated early…"); errors of the route's own stream pipeline (a full
 * disk, a size limit) have a code, a status or a class of their own, and stay what they are.
 */
const isParserError = (err: unknown): err is Error => err instanceof Error && err.constructor === Error && !('code' in err) && !('statusCode' in err)

function watchFile(file: NonNullable<Part['file']>): void {
  const mark = (err: unknown) => {
    if (isParserError(err)) malformed.add(err)
  }
  if (file.errored) mark(file.errored)
  file.on('error', mark)
}

async function* checkedParts(inner: AsyncGenerator<Part>): AsyncGenerator<Part> {
  let finished = false
  try {
    for (;;) {
      let step: IteratorResult<Part>
      try {
        step = await inner.next()
      } catch (err) {
        finished = true
        // The plugin's limits carry a status (413, 406, 400) and stay; anything else is the parser's.
        if (err instanceof AppError || (err as { statusCode?: number }).statusCode) throw err
        throw new AppError('INVALID_REQUEST', { message: MALFORMED, cause: err })
      }
      if (step.done) {
        finished = true
        return
      }
      const part = step.value
      const at = nulPath(part.fieldname, 'field name') ?? nulPath(part.filename, `${part.fieldname}.filename`) ?? nulPath(part.value, part.fieldname)
      if (at) throw nulRefused(at)
      if (part.file) watchFile(part.file)
      yield part
    }
  } finally {
    if (!finished) await inner.return(undefined).catch(() => undefined)
  }
}

/**
 * preValidation: a multipart request's `parts()` (decorated by @fastify/multipart in the services
 * that take uploads) is replaced, for this request only, by one that applies the rules above.
 */
export function guardMultipart(req: FastifyRequest): void {
  const r = req as unknown as { isMultipart?: () => boolean; parts?: Parts }
  if (typeof r.isMultipart !== 'function' || !r.isMultipart() || typeof r.parts !== 'function') return
  const parts = r.parts
  Object.defineProperty(req, 'parts', { configurable: true, writable: true, value: (opts?: unknown) => checkedParts(parts.call(req, opts)) })
}
