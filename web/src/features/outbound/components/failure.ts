import { ApiError, serverMessage } from '../../../lib/api-client'

/**
 * The toast for a failed call, as the spec words it: `answered` when the server refused (its own
 * words instead when `serverWords` and it gave some), `thrown` when it could not be asked at all.
 */
export function failureText(err: unknown, answered: string, thrown: string, serverWords = false): string {
  if (!(err instanceof ApiError) || err.status === 0) return thrown
  return serverWords ? serverMessage(err, answered) : answered
}

/** The server's own words about a refusal, if it gave any (shown next to the spec's toast). */
export const serverWords = (err: unknown): string => serverMessage(err, '')
