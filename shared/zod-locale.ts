// zod/mini loads no locale, so without this every issue zod words itself reads "Invalid input". The
// modules that show those messages to people (API errors, the config and environment checks, the
// CLI) import this for its effect, before anything is parsed.
import { z } from 'zod/mini';

z.config(z.locales.en());
