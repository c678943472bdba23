import { useMutation } from '@tanstack/react-query'
import { api, type Envelope } from '../../../lib/api-client'

export const forgotPassword = (email: string) => api.post<Envelope<{ otpDigits?: number }>>('/api/user/forgotpassword', { email })
/** A valid code answers a single-use reset token: only it can set the new password (never put it in a URL). */
export const validateOtp = (input: { otp: string; email: string }) => api.post<Envelope<{ resetToken?: string }>>('/api/user/otpvalidation', input)
export const changePassword = (input: { email: string; password: string; cnfpassword: string; resetToken: string }) =>
  api.post<Envelope<unknown>>('/api/user/changepassword', input)

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword })
export const useValidateOtp = () => useMutation({ mutationFn: validateOtp })
export const useChangePassword = () => useMutation({ mutationFn: changePassword })
