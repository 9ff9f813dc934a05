/**
 * zod, configured once: every module imports `z` from here, never from "zod" (lint
 * enforces it), so the configuration is in place before any schema is built.
 *
 * jitless: zod compiles object parsers with `new Function` when it may, and finds out
 * whether it may by trying once. Under our Content-Security-Policy (no 'unsafe-eval')
 * that try is refused and reported as a CSP violation on every admin page, though zod
 * catches it. Without the compiler there is no try; parsing a form is as quick for us.
 */
import { z } from "zod";

z.config({ jitless: true });

export { z };
