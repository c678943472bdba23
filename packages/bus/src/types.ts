export type EventHandler = (subject: string, payload: Record<string, unknown>) => void | Promise<void>

export interface EventBus {
  readonly kind: 'memory' | 'nats'
  publish(subject: string, payload: Record<string, unknown>): Promise<void>
  /** NATS wildcards: `*` one token, `>` the rest. Returns an unsubscribe function. */
  subscribe(pattern: string, handler: EventHandler): Promise<() => Promise<void>>
  /** Delivers what is in flight, then stops. Closing twice is harmless. */
  close(): Promise<void>
  /** Connected now (for /readyz); while NATS is away the bus reconnects by itself. */
  healthy(): Promise<boolean>
}
