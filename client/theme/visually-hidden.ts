// Text for screen readers only. Pixels as strings: in `sx` a number up to 1 is a fraction, so
// `width: 1` would be 100%, which in RTL widens the page to the left.
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
