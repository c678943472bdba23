// @ts-check
// A refusal with words for people, raised inside the worker thread. The thread cannot build an
// AppError (@portal/errors is TypeScript); the runner turns { code, message } into one.

export class SheetError extends Error {
  /**
   * @param {'UNPROCESSABLE' | 'UNSUPPORTED_MEDIA_TYPE' | 'INVALID_REQUEST'} code
   * @param {string} message
   */
  constructor(code, message) {
    super(message)
    this.name = 'SheetError'
    this.code = code
  }
}

/** @param {string} message */
export const refuse = (message) => new SheetError('UNPROCESSABLE', message)
