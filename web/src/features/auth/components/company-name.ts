// Spec §5's company name rules (the same the server applies), the first one broken, or null.
export function companyNameProblem(name: string): string | null {
  if (!name) return 'This field is required'
  if (name !== name.trim()) return 'Company name cannot have leading or trailing whitespace.'
  if (name.length < 3 || name.length > 63) return 'Company name must be between 3 and 63 characters.'
  if (!/^[A-Za-z0-9 ]+$/.test(name)) return 'Company name can only contain alphabets, numbers, and spaces.'
  return null
}
