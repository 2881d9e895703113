/**
 * zod compiles a faster parser for object schemas with `new Function`, and to know whether it may, it tries
 * `Function('')` once when it builds the first object schema. Our CSP (`script-src 'self'`) forbids that, so zod fell
 * back to its plain parser anyway, and the browser reported the blocked attempt as a CSP issue on every logged-in
 * page (Lighthouse best practices). `jitless` skips the attempt; parsing is what it was.
 *
 * zod reads its settings from `globalThis.__zod_globalConfig` (one object shared by every copy of zod; `z.config()`
 * writes there), so the entry sets it without loading zod, which stays off the first page (ADR 0006). It must run
 * before the first schema is built: main.tsx calls it first, and contracts only load with route chunks after it.
 * zod-jitless.test.ts checks that zod still reads this global.
 */
type ZodGlobal = { __zod_globalConfig?: { jitless?: boolean } };

export function makeZodJitless(target: ZodGlobal = globalThis as ZodGlobal): void {
  (target.__zod_globalConfig ??= {}).jitless = true;
}
