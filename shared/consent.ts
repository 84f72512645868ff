// The consent cookie's name (spec: cookie consent): the browser app writes the visitor's decision in
// it, and the server reads it to draw a first visit with that decision (docs/rendering.md).
export const CONSENT_COOKIE = 'sift_consent';
