// The CLIs' command lines: node's parseArgs, with a mistake (an unknown option, one without its
// value, a stray word) turned into the CLI's own error, which says what is wrong and how to call it
// rather than a stack trace.
import { type ParseArgsConfig, parseArgs } from 'node:util';

export function parseCommandLine<T extends ParseArgsConfig>(
  config: T,
  usage: string,
  refuse: (message: string) => Error,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    throw refuse(`${(error as Error).message}\n${usage}`);
  }
}
