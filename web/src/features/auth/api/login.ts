import { useMutation } from '@tanstack/react-query'
import { type AuthUserReply, api, type Envelope, saveSession, type ThemeSettings } from '../../../lib/api-client'
import { applyTheme } from '../../../lib/theme'

export interface LoginInput {
  email: string
  password: string
}
export interface LoginReply extends Envelope<AuthUserReply> {
  themesettings?: ThemeSettings
}

export const login = (input: LoginInput) => api.post<LoginReply>('/api/userlogin', input)

export const useLogin = () =>
  useMutation({
    mutationFn: login,
    onSuccess: (reply) => {
      if (reply?.data?.token) saveSession(reply.data)
      applyTheme(reply?.themesettings)
    },
  })
