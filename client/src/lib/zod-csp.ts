/**
 * Zod probes for eval (`new Function('')`) to compile faster parsers. The CSP forbids eval, so the probe only
 * raised a CSP violation on every page that parses a form. Turning the compiled parsers off keeps the site
 * inside its policy. Zod keeps its settings on this global; it may already exist if zod loaded first, so the
 * object is changed in place rather than replaced.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;
