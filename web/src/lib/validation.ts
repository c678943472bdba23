// Validation rules of spec §5, shared by the auth and people forms.
// The spec's pattern (letters, digits, underscore, dot, hyphen, @, domain, letter ending), kept identical to
// the server's check in @portal/mail so both accept the same addresses (long endings such as .example too).
export const EMAIL_PATTERN = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/
export const SPECIAL_CHARS = /[!@#$%^&*(),.?":{}|<>]/

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim())

/** The sign-up password rules as a checklist shows them before the first try (issue 25). */
export const PASSWORD_RULES: readonly { label: string; met(password: string): boolean }[] = [
  { label: 'At least one letter', met: (p) => /[a-zA-Z]/.test(p) },
  { label: 'At least one number', met: (p) => /\d/.test(p) },
  { label: 'At least one special character, such as ! @ # $ % & *', met: (p) => SPECIAL_CHARS.test(p) },
  { label: 'At least 8 characters', met: (p) => p.length >= 8 },
]

/** First sign-up rule the password breaks, or null. */
export function passwordProblem(password: string): string | null {
  if (!/[a-zA-Z]/.test(password)) return 'Password must contain at least one letter.'
  if (!/\d/.test(password)) return 'Password must contain at least one number.'
  if (!SPECIAL_CHARS.test(password)) return 'Password must contain at least one special character.'
  if (password.length < 8) return 'Password should be a minimum of 8 characters.'
  return null
}

export const capitalise = (value: string): string => (value ? value.charAt(0).toUpperCase() + value.slice(1) : value)

export const fullName = (first?: string, last?: string): string =>
  [first, last]
    .filter(Boolean)
    .map((n) => capitalise(n ?? ''))
    .join(' ')
