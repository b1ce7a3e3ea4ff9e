/**
 * zod 4 compiles object parsers with `new Function` when it may, and probes for that by calling
 * it: under the app's Content-Security-Policy (no 'unsafe-eval') the probe is reported as a
 * violation. The interpreted parsers are fast enough for the browser, so eval is never tried.
 * Imported first by main.tsx, before anything parses.
 */
import { z } from 'zod';

z.config({ jitless: true });
