// Theme colours (spec §3) as CSS variables; defaults live in index.css.
import type { ThemeSettings } from './api-client'

const VARS: Record<keyof ThemeSettings, string> = {
  headerColor: '--header-color',
  backgroundColor: '--background-color',
  textColor: '--text-color',
  buttonColor: '--button-color',
}
const COLOUR = /^#[0-9a-fA-F]{3,8}$/

export function applyTheme(settings: ThemeSettings | undefined | null): void {
  if (!settings) return
  for (const [key, cssVar] of Object.entries(VARS)) {
    const value = settings[key as keyof ThemeSettings]
    if (typeof value === 'string' && COLOUR.test(value)) document.documentElement.style.setProperty(cssVar, value)
  }
}
