// The product's user-facing texts (spec §5) that the server and the web app both show, word for
// word, kept in one place. No TypeBox here: the web imports this module as a value
// (`@portal/contracts/spec-text`) without the schemas.
export const SpecText = {
  required: 'This field is required',
  invalidEmail: 'Invalid email address',
  uploadFile: 'Please upload a file',
  answerRequired: 'Answer field is required',
  commentRequired: 'Comment field is required',
  questionIdMissing: 'Question ID is missing',
  acceptNda: 'Please accept the NDA',
  /** The success message of a delete. */
  deleted: 'Deleted Successfully',
  /** The success message of a create (201). */
  added: 'Added Successfully',
} as const
