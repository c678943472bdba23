// Sessions revoked before their access tokens expire (logout, password change, deleted user).
// Entries live only as long as an access token could: the list stays small.
export class SessionRevocations {
  private readonly until = new Map<string, number>()

  revoke(sessionId: string, ttlSeconds: number): void {
    this.until.set(sessionId, Date.now() + ttlSeconds * 1000)
    if (this.until.size > 1000) this.prune()
  }

  isRevoked(sessionId: string): boolean {
    const t = this.until.get(sessionId)
    if (t === undefined) return false
    if (t < Date.now()) {
      this.until.delete(sessionId)
      return false
    }
    return true
  }

  private prune(): void {
    const now = Date.now()
    for (const [id, t] of this.until) if (t < now) this.until.delete(id)
  }
}
