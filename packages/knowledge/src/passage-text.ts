// How a retrieved passage reads as evidence beside a draft: its document, page and heading, then its
// text. One function for the drafter that shows it and the store that rebuilds it from a reference.

export interface PassagePlace {
  documentName: string
  page: number
  heading?: string | undefined
}

export const passageText = (at: PassagePlace, text: string): string => `${at.documentName}, page ${at.page}${at.heading ? ` (${at.heading})` : ''}:\n${text}`
