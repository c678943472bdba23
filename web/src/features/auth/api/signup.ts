import { useMutation } from '@tanstack/react-query'
import { type AuthUserReply, api, type Envelope, saveSession } from '../../../lib/api-client'

export interface SignUpInput {
  firstName: string
  lastName: string
  email: string
  password: string
  cnfpassword: string
}

export const signUp = (input: SignUpInput) => api.post<Envelope<AuthUserReply>>('/api/usercreate', input)
export const signUpInvited = (input: SignUpInput & { inviteToken: string }) =>
  api.post<Envelope<AuthUserReply>>('/api/usercreate/people', input)

/** Sign-up signs the user in: with an invite token it joins the inviting tenant, else it creates one. */
export const useSignUp = (inviteToken: string | null) =>
  useMutation({
    mutationFn: (input: SignUpInput) => (inviteToken ? signUpInvited({ ...input, inviteToken }) : signUp(input)),
    onSuccess: (reply) => {
      if (reply?.data?.token) saveSession(reply.data)
    },
  })
