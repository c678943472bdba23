import { Type } from 'typebox'

/** The contract's success envelope. */
export function ok<T>(data?: T, message?: string): { status: true; data?: T; message?: string } {
  return { status: true, ...(data !== undefined ? { data } : {}), ...(message !== undefined ? { message } : {}) }
}

export interface Paged<T> {
  status: true
  data: T[]
  total: number
  totalPages: number
  currentPage: number
}

export function paged<T>(rows: T[], total: number, page: number, pageSize: number): Paged<T> {
  return { status: true, data: rows, total, totalPages: Math.max(1, Math.ceil(total / pageSize)), currentPage: page }
}

/** The last page a list may ask for: 100 000 rows at the default size, and its offset stays a small integer. */
export const MAX_PAGE = 10_000

/** Paging query of every list: 1-based page (at most MAX_PAGE), pageSize default 10, at most 100. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
})

export const Envelope = Type.Object({
  status: Type.Boolean(),
  message: Type.Optional(Type.String()),
})
