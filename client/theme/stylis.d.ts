// stylis ships no types; these are the names Sift's style caches use.
declare module 'stylis' {
  import type { StylisPlugin } from '@emotion/cache';
  export type Middleware = StylisPlugin;
  export type StylisElement = Parameters<StylisPlugin>[0];
  export const DECLARATION: string;
  export function prefix(value: string, length: number, children: StylisElement[]): string;
  export function compile(css: string): StylisElement[];
  export function serialize(elements: StylisElement[], callback: Middleware): string;
  export function middleware(plugins: Middleware[]): Middleware;
  export const stringify: Middleware;
}
