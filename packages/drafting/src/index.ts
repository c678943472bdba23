// @portal/drafting: drafting answers to questionnaire items from retrieved evidence, with a model or
// offline. Used by the llm-worker's job and by the questionnaire service's one-off question.
export { carryChoice, cellRole, choicesOf, type Mark, mapChoice, markOf, samePolarity, statedMark } from './choices.js'
export { contentWords, type LibraryEntry, NEAR_IDENTICAL, similarity } from './answer-library.js'
export {
  type AnswerSource,
  createDrafter,
  type Drafter,
  draftQuestion,
  type KnownAnswers,
  knownAnswers,
  knownOrigin,
  offlineDrafter,
  pairEntries,
  type QuestionDraft,
  settle,
} from './draft-question.js'
export { type ConnectionResult, modelHost, testModelConnection } from './connection-test.js'
export { type Framework, frameworkOf, mappedControls } from './framework-crosswalk.js'
export { isInstructionLike, isUnsafe, REASONS } from './grounding.js'
export {
  CRITIC_PROMPT,
  type CriticVerdict,
  createModelDrafter,
  detailsStated,
  MAX_ANSWER,
  type ModelConfig,
  type ModelDraft,
  SYSTEM_PROMPT,
  validateReply,
  withRetries,
} from './model-drafter.js'
export { BOILERPLATE_FROM, type CitationLedger, createCitationLedger, isBoilerplate } from './citation-ledger.js'
export { type Draft, draftOffline, type Evidence, type OfflineOptions, offlineDrafterWith } from './offline-drafter.js'
export { compareShapes, questionLikeness, type QuestionMatch, questionMatcher, SAME_QUESTION, SUGGESTION, shapeOf } from './question-match.js'
