// Query keys shared by the outbound screens (kept apart so the recipient's page loads no list code).
export const LIST_KEY = ['outbound-list'] as const
export const detailKey = (outboundId: string) => ['outbound', outboundId]
