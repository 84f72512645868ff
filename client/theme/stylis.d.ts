// stylis ships no types; these are the names the right-to-left style cache uses.
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export type Middleware = StylisPlugin;
  export const prefixer: StylisPlugin;
}
