// The vendor prefixes Sift's browsers still need. The build targets ES2022 (Chrome 94, Safari 15.4,
// Firefox 93), where Emotion's default prefixer only adds weight: flexbox's `-webkit-box`, `-ms-`
// and `-moz-` copies of most declarations, a third of a rendered page's CSS, sent with every
// rendered page, kept in every start snapshot and written for each rule the browser inserts.
import { DECLARATION, type Middleware, prefix } from 'stylis';

/** Properties Safari (or Chromium, for `background-clip: text`) reads only with `-webkit-`. */
const STILL_PREFIXED = new Set(['user-select', 'backdrop-filter', 'background-clip', 'box-decoration-break']);

/** An Emotion (stylis) plugin: stylis's own prefixes, for those properties only. */
export const stylePrefixes: Middleware = (element, _index, children) => {
  if (element.type === DECLARATION && !element.return && STILL_PREFIXED.has(element.props as string))
    element.return = prefix(element.value, element.length, children);
};
