import type { MessageReply, WaitlistBody } from '@portal/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export type WaitlistInput = WaitlistBody

export const joinWaitlist = (input: WaitlistInput) => api.post<MessageReply>('/api/waitlist', input)
export const useJoinWaitlist = () => useMutation({ mutationFn: joinWaitlist })
