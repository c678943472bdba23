import type { MessageReply, ChangePasswordBody, ForgotPasswordBody, ForgotPasswordReply, OtpValidationBody, OtpValidationReply } from '@portal/contracts'
import { useMutation } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'

export const forgotPassword = (email: string) => api.post<ForgotPasswordReply>('/api/user/forgotpassword', { email } satisfies ForgotPasswordBody)
/** A valid code answers a single-use reset token: only it can set the new password (never put it in a URL). */
export const validateOtp = (input: OtpValidationBody) => api.post<OtpValidationReply>('/api/user/otpvalidation', input)
export const changePassword = (input: ChangePasswordBody) => api.post<MessageReply>('/api/user/changepassword', input)

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword })
export const useValidateOtp = () => useMutation({ mutationFn: validateOtp })
export const useChangePassword = () => useMutation({ mutationFn: changePassword })
