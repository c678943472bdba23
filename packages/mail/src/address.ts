// One clean address, or nothing: the spec's email pattern, with no room for a second recipient,
// a display name or a header (security.md B25).
const EMAIL = /^[A-Za-z0-9_.+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/

export function isValidEmail(address: string): boolean {
  return address.length <= 254 && EMAIL.test(address)
}

/** Removes CR/LF and other control characters from a header value such as a subject. */
export function cleanHeader(value: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
}
