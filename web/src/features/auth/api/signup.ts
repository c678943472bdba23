import type { InviteSignUpBody, MfaChallengeReply, SignUpBody, SignUpReply } from '@portal/contracts'
import { useMutation } from '@tanstack/react-query'
import { api, saveSession } from '../../../lib/api-client'

export type SignUpInput = SignUpBody

export const signUp = (input: SignUpInput) => api.post<SignUpReply>('/api/usercreate', input)
export const signUpInvited = (input: InviteSignUpBody) => api.post<SignUpReply | MfaChallengeReply>('/api/usercreate/people', input)

/** Sign-up signs the user in: with an invite token it joins the inviting tenant, else it creates one. */
export const useSignUp = (inviteToken: string | null) =>
  useMutation({
    mutationFn: (input: SignUpInput) => (inviteToken ? signUpInvited({ ...input, inviteToken }) : signUp(input)),
    onSuccess: (reply) => {
      if (reply && 'token' in reply.data) saveSession(reply.data)
    },
  })
