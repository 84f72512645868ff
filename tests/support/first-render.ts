// What a server-drawn page's first render assumed, as a test's page was drawn: a phone in English,
// light, no consent cookie, drawn at the epoch.
import type { FirstRender } from '#shared/render-bundle';

export const phoneFirstRender: FirstRender = {
  colorSchemeCookie: undefined,
  prefersDark: false,
  desktop: false,
  languages: ['en'],
  renderedAt: 0,
  consentCookie: undefined,
};
