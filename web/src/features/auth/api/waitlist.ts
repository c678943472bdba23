import { useMutation } from '@tanstack/react-query'
import { api, type Envelope } from '../../../lib/api-client'

export interface WaitlistInput {
  email: string
  firstName: string
  lastName: string
}

export const joinWaitlist = (input: WaitlistInput) => api.post<Envelope<unknown>>('/api/waitlist', input)
export const useJoinWaitlist = () => useMutation({ mutationFn: joinWaitlist })
