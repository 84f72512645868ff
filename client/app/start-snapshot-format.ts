// What a start snapshot holds: written by start-snapshot.ts, read before the app starts by
// public/start-snapshot-boot.js (start-snapshot-boot.test.ts keeps the two in step).
export const START_SNAPSHOT_KEY = 'sift:start-snapshot';
export const START_SNAPSHOT_VERSION = 2;
export interface StartSnapshot {
  version: number;
  /** Paths with query string that open what it shows: its own, and the one the page was opened with. */
  urls: string[];
  /** The entry script of the build that drew it: another build may draw differently. */
  entry: string;
  /** What decides the look and language: the colour scheme on <html> and the language cookie's value. */
  colorScheme: string;
  language: string;
  /** <html>'s language and direction, for the snapshot's own element. */
  lang: string;
  dir: string;
  /** The signed-in user it was drawn for, or null: the boot script shows it to that user only. */
  owner: string | null;
  html: string;
  /** Rules the snapshot needs only while it is shown: global styles, keyframes, anything else. */
  css: string;
  /**
   * Class rules per Emotion cache key, with the class names they define. The boot script writes
   * them as Emotion's server-rendered style elements (`data-emotion="key name…"`), which the app's
   * caches adopt as already inserted instead of serialising and inserting them again.
   */
  emotion: { key: string; names: string[]; css: string }[];
}
