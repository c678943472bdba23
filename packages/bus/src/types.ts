export type EventHandler = (subject: string, payload: Record<string, unknown>) => void | Promise<void>

export interface EventBus {
  readonly kind: 'memory' | 'nats'
  publish(subject: string, payload: Record<string, unknown>): Promise<void>
  /**
   * NATS wildcards: `*` one token, `>` the rest. Returns an unsubscribe function. With `queue`, each
   * event goes to one subscriber of that group only (across processes on NATS): work done once per
   * installation, not once per replica.
   */
  subscribe(pattern: string, handler: EventHandler, opts?: SubscribeOptions): Promise<() => Promise<void>>
  /** Delivers what is in flight, then stops. Closing twice is harmless. */
  close(): Promise<void>
  /** Connected now (for /readyz); while NATS is away the bus reconnects by itself. */
  healthy(): Promise<boolean>
}

export interface SubscribeOptions {
  /** A queue group's name (a subject token). */
  queue?: string
}
