// What every questionnaire-service route shares on the wire: the statuses of its error envelope
// (the envelopes themselves, error, message, data and page, are envelope.ts's, for every service).
// Fields the spec gives its own message for carry it beside their schema (`FieldMessages` of
// envelope.ts): the service answers a failed check with it.
import { Type } from 'typebox'
import { errorReplies } from './envelope.js'

/**
 * The error statuses a route answers. Every staff route may answer 400 (bad input), 401 (no or
 * expired token), 403 (not staff, or another tenant's DbName), 500 and 503; `more` adds what the
 * route itself may answer (404, 413, 415, 429).
 */
export const questionnaireErrors = <const S extends 404 | 409 | 413 | 415 | 422 | 429 = never>(...more: S[]) =>
  errorReplies<400 | 401 | 403 | 500 | 503 | S>(400, 401, 403, ...more, 500, 503)

export const XLSX_MEDIA_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
/** A macro-enabled workbook (.xlsm): a customer's questionnaire with its macros comes back as one. */
export const XLSM_MEDIA_TYPE = 'application/vnd.ms-excel.sheet.macroEnabled.12'
/** The media type of a filled workbook by its name: .xlsm keeps the macro-enabled type Excel needs to open it. */
export const workbookMediaType = (fileName: string) => (/\.xlsm$/i.test(fileName) ? XLSM_MEDIA_TYPE : XLSX_MEDIA_TYPE)

/** Ids on the wire: not empty (UUIDs; anything else names nothing and is answered 404). */
export const QuestionnaireId = Type.String({ minLength: 1, maxLength: 64 })
