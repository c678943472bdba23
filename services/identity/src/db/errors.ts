/** PostgreSQL's unique_violation (23505), as pg and PGlite both report it. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505'
}
