/**
 * What a lazy chunk (a route's page, loader or part) asks the browser to preload before it is imported: only its
 * stylesheets (Vite's documented `build.modulePreload.resolveDependencies`). Vite's helper preloads a chunk's
 * dependencies by appending a `<link>` per file to the document, all in one task: ~1 ms of main thread each on an
 * office PC, 4× that on a phone, and a route's 40 JavaScript files made the longest task before a staff page's first
 * paint (issue 35, decision 0039). Its JavaScript the browser loads anyway, through the chunk's own imports, in tasks
 * of its own; the chunk names every file of its static graph (`hoist-imports.ts`), so they are asked for in one round
 * trip rather than one per import level (`npm run bench bundle`: the longest chain). Stylesheets keep their links: nothing else loads them (the helper skips one the document already
 * has). index.html keeps its `<link rel="modulepreload">` for every one of the entry's static imports (hostType
 * 'html'): without them the browser found the framework chunk only after it had loaded and parsed the entry, one round
 * trip later on every first load.
 */
export const preloadStylesheetsOnly = (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
  hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css'));
