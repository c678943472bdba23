// The outbound messages shared by the server and the web page, word for word. No TypeBox here: the
// web imports this module as a value (`@portal/contracts/outbound-text`) without the schemas.
import { SpecText } from './spec-text.js'

/** Messages shared by server and page, word for word. */
export const OutboundText = {
  answerRequired: SpecText.answerRequired,
  idsMissing: 'Question ID or Outbound ID is missing',
  inboundIdsMissing: 'Question ID or Inbound ID is missing',
  fileFirst: 'Please select a file first',
  commentRequired: SpecText.commentRequired,
  commentEmpty: 'Comment cannot be empty',
  questionIdMissing: SpecText.questionIdMissing,
  noOutboundId: 'Failed to add comment - no outbound ID',
  clientNameRequired: 'Client name is required',
  emailRequired: SpecText.required,
  invalidEmail: SpecText.invalidEmail,
  fileOrTemplate: 'Please upload a file or select a template',
  templateFile: SpecText.uploadFile,
  /** The collaborator form's own word for an empty address (spec §5). */
  collaboratorEmailRequired: 'Email is required',
  emailExists: 'Email already exists',
  alreadySubmitted: 'This questionnaire was submitted: answers can no longer be changed',
  linkExpired: 'This link has expired or was revoked. Ask the sender for a new one.',
} as const
