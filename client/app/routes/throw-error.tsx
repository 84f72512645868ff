// /throw_error: throws while rendering, to show the error page.
export function Component(): never {
  throw new Error('This page throws while rendering, on purpose (/throw_error).');
}
