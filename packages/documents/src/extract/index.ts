// Finding the questions of a questionnaire workbook (the extract-questions job's core).
export { type AnswerCell, a1, findQuestions, type FoundQuestion, isQuestionShaped } from './find-questions.mjs'
