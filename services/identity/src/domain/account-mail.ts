// The account emails other than invitations: address verification, and the notices that tell an
// owner someone is guessing (ASVS 6.3.6-style notification). Plain text: no user text is rendered as
// HTML, and the only variable parts are configured links and counts.

export const VERIFY_SUBJECT = 'Confirm your email address'

export function verificationMail(link: string, ttlHours: number) {
  return {
    subject: VERIFY_SUBJECT,
    text:
      `Please confirm that this address is yours: ${link}\n\n` +
      `Until you do, you can prepare your trust center, but not publish it or invite colleagues. ` +
      `The link works once and expires in ${ttlHours} hours. If you did not create a Trust Portal account, ignore this email.`,
  }
}

export const OTP_NOTICE_SUBJECT = 'Wrong password reset codes were entered for your account'

export function wrongCodesNotice(count: number) {
  return {
    subject: OTP_NOTICE_SUBJECT,
    text:
      `${count} wrong password reset codes were entered for your Trust Portal account. ` +
      'If this was not you, someone may be trying to take over your account: your password is unchanged, ' +
      'and further guesses are limited. You do not need to do anything; do not share reset codes with anyone.',
  }
}

export const LOGIN_NOTICE_SUBJECT = 'Failed sign-in attempts on your account'

export function loginAttackNotice(count: number) {
  return {
    subject: LOGIN_NOTICE_SUBJECT,
    text:
      `There were ${count} failed sign-in attempts on your Trust Portal account in the last hour. ` +
      'Sign-ins from other browsers are slowed down for a while; browsers you signed in with before are not affected. ' +
      'If these attempts were not yours, consider changing your password. This is the only notice you get today.',
  }
}
