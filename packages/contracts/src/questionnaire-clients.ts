// Clients (vendors) of a tenant and their files (questionnaire service; docs/questionnaire-api.md):
// the client list, creating a client with the spec's name rules, deleting one; uploading compliance
// documents and questionnaires, listing them with their processing state, deleting them.
import { type Static, Type } from 'typebox'
import { ReviewCounts } from './questionnaire-drafts.js'
import { companyNameMessages, companyNameProblem } from './company-name.js'
import { dataReply, type FieldMessages } from './envelope.js'
import { QuestionnaireId } from './questionnaire-common.js'
import { SpecText } from './spec-text.js'

const REQUIRED = SpecText.required

/** Spec §5 entity "Company / vendor". */
export const Company = Type.Object({
  _id: Type.String(),
  companyName: Type.String(),
  complianceFolder: Type.String(),
  questionnairesFolder: Type.String(),
})
export type Company = Static<typeof Company>

/** GET /api/companys */
export const CompanyListReply = dataReply(Type.Array(Company))
export type CompanyListReply = Static<typeof CompanyListReply>

/** POST /api/companys: the spec's payload; the name follows spec §5 (3 to 63 letters, digits and inner spaces). */
export const CreateCompanyBody = Type.Object({
  companyName: Type.String({ minLength: 3, maxLength: 63, pattern: '^[A-Za-z0-9](?:[A-Za-z0-9 ]*[A-Za-z0-9])?$' }),
  compliance_bucket: Type.String({ minLength: 1, maxLength: 100 }),
  questionnaires_bucket: Type.String({ minLength: 1, maxLength: 100 }),
})
export type CreateCompanyBody = Static<typeof CreateCompanyBody>
/** Each broken name rule has its own text, for a missing or blank name too. */
const companyNameMessage = (value: unknown) => companyNameProblem(value) ?? companyNameMessages.characters
export const createCompanyMessages: FieldMessages = {
  companyName: { missing: companyNameMessage, invalid: companyNameMessage },
  compliance_bucket: { missing: REQUIRED },
  questionnaires_bucket: { missing: REQUIRED },
}

/** 201: the new client (`data._id`). */
export const CreateCompanyReply = dataReply(Company)
export type CreateCompanyReply = Static<typeof CreateCompanyReply>

/** DELETE /api/companys: the spec sends the id in a JSON body. */
export const DeleteCompanyBody = Type.Object({ id: QuestionnaireId })
export type DeleteCompanyBody = Static<typeof DeleteCompanyBody>

/** GET /api/compliancefile/:companyId, GET /api/questionnaires/:companyId */
export const CompanyParams = Type.Object({ companyId: QuestionnaireId })
export type CompanyParams = Static<typeof CompanyParams>

/** A file's own id: GET /api/compliancefile/:id/download, DELETE /api/compliancefile/:id, DELETE /api/questionnaires/:id */
export const FileParams = Type.Object({ id: QuestionnaireId })
export type FileParams = Static<typeof FileParams>

/**
 * Processing of an uploaded file: waiting, being read, ready, or failed with a message; `check`: a
 * questionnaire read, but the product is unsure of its columns, so drafting waits for a person to
 * check them ("Check the columns": GET / PUT /api/questionnaires/:questionnaireId/layout).
 */
export const FileState = Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('ready'), Type.Literal('check'), Type.Literal('failed')])
export type FileState = Static<typeof FileState>

const Count = Type.Integer({ minimum: 0 })

const fileEntry = {
  _id: Type.String(),
  company_id: Type.String(),
  createdAt: Type.String({ description: 'UTC ISO 8601' }),
  /** Spec §5 "Compliance file entry" / "Questionnaire entry": the file itself. */
  files: Type.Array(Type.Object({ fileName: Type.String(), _id: Type.String() })),
  state: FileState,
  /** Why processing failed, for the user; null otherwise. */
  error: Type.Union([Type.String(), Type.Null()]),
  /** Pages read (a compliance document) or questions found (a questionnaire). */
  total: Count,
  /** Questions the drafting job has been through (its progress), empty drafts included. */
  drafted: Count,
}

/** A compliance (knowledge-base) document of a client. */
export const ComplianceFileEntry = Type.Object(fileEntry)
export type ComplianceFileEntry = Static<typeof ComplianceFileEntry>

/** A questionnaire of a client, with how far its answers are. */
export const QuestionnaireFileEntry = Type.Object({
  ...fileEntry,
  /** Questions a person approved or wrote (drafts awaiting review are not answered). */
  answered: Count,
  /** Approved answers. */
  approved: Count,
  /** Questions with a non-empty answer, drafts included. */
  filled: Count,
  /** The review counts every screen shows (questionnaire-drafts.ts). */
  review: ReviewCounts,
})
export type QuestionnaireFileEntry = Static<typeof QuestionnaireFileEntry>

export const ComplianceFileListReply = dataReply(Type.Array(ComplianceFileEntry))
export type ComplianceFileListReply = Static<typeof ComplianceFileListReply>
export const QuestionnaireFileListReply = dataReply(Type.Array(QuestionnaireFileEntry))
export type QuestionnaireFileListReply = Static<typeof QuestionnaireFileListReply>

/**
 * POST /api/fs/enterpriseapps-compliance-uploadfile (PDF only) and POST /api/questionnaires/save
 * (xlsx, xls, docx, csv, pdf): multipart/form-data, read and checked part by part as it streams (by
 * content, never by name: 413 too large, 415 wrong kind, 400 empty or no file). Described here for
 * the OpenAPI document; the service reads the parts itself.
 */
export const UploadForm = Type.Object({
  /** The client; `company_id` (questionnaires, the spec's name) or `companyId` (compliance documents). */
  company_id: Type.Optional(QuestionnaireId),
  companyId: Type.Optional(QuestionnaireId),
  vendor_name: Type.Optional(Type.String({ maxLength: 1024 })),
  /** Up to 5 files, under `files` or `file`. */
  files: Type.Array(Type.String({ format: 'binary' }), { maxItems: 5 }),
})

const chooseClient = { missing: 'Choose a client first', invalid: 'Choose a client first' }
/** The client is named under one of two names; which one is there is the service's concern. */
export const uploadFormMessages: FieldMessages = { company_id: chooseClient, companyId: chooseClient }

/** 201: the files taken, each queued for reading. */
export const UploadReply = dataReply(Type.Array(Type.Object({ _id: Type.String(), fileName: Type.String(), state: FileState })))
export type UploadReply = Static<typeof UploadReply>
