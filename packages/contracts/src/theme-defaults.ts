// The trust center's colours until a company picks its own. Kept apart from the schemas (no TypeBox
// here) so the web app can import the values without the schema library.
export const DEFAULT_THEME = {
  headerColor: '#3c3232',
  backgroundColor: '#3c3232',
  textColor: '#000000',
  buttonColor: '#0a66c2',
} as const
