import type { Paged } from '@portal/contracts'

/** The contract's success envelope. */
export function ok<T>(data?: T, message?: string): { status: true; data?: T; message?: string } {
  return { status: true, ...(data !== undefined ? { data } : {}), ...(message !== undefined ? { message } : {}) }
}

export function paged<T>(rows: T[], total: number, page: number, pageSize: number): Paged<T> {
  return { status: true, data: rows, total, totalPages: Math.max(1, Math.ceil(total / pageSize)), currentPage: page }
}
