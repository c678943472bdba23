import { ANSWER_CONFLICT_MESSAGE, type AnswerConflict, type Paged } from '@portal/contracts'
import { AppError } from '@portal/errors'

/** The contract's success envelope. */
export function ok<T>(data?: T, message?: string): { status: true; data?: T; message?: string } {
  return { status: true, ...(data !== undefined ? { data } : {}), ...(message !== undefined ? { message } : {}) }
}

export function paged<T>(rows: T[], total: number, page: number, pageSize: number): Paged<T> {
  return { status: true, data: rows, total, totalPages: Math.max(1, Math.ceil(total / pageSize)), currentPage: page }
}

/** A save made against an answer's older version: 409 with the answer as it is now (AnswerConflictReply). */
export const answerConflict = (now: AnswerConflict): AppError => new AppError('CONFLICT', { message: ANSWER_CONFLICT_MESSAGE, data: now })
