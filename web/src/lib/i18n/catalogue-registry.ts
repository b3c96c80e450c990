import type { Language } from './languages';
import type { Translator } from './translator';

type Strings = Record<string, string>;

/**
 * A catalogue file as its raw text (`?raw`): the JSON as one string, which is about two thirds
 * of what Vite's JSON module makes of it (a variable and a named export per key) once gzipped.
 */
export type CatalogueModule = { default: string };

/**
 * One catalogue file in every language that has it, as `import.meta.glob` gives them lazily:
 * path (`…/locales/<code>/<file>.json`) → a loader. Each file is its own chunk, so a visitor
 * downloads only the active language's, and only for the features they open. (The whole
 * module rather than `import: 'default'`: that option adds code to each of the 26 entries.)
 */
export type CatalogueLoaders = Record<string, () => Promise<CatalogueModule>>;

/** Every catalogue file whose feature has loaded, so a language change can fetch them all. */
const registered: CatalogueLoaders[] = [];
/** Loads started or done, by path: each file is fetched once, however many ask for it. */
const loads = new Map<string, Promise<void>>();

export function registerCatalogue(loaders: CatalogueLoaders): void {
  if (!registered.includes(loaders)) registered.push(loaders);
}

/** A catalogue's strings; anything but a flat object of strings is a build defect, not a user's. */
function parseCatalogue(text: string): Strings {
  const parsed: unknown = JSON.parse(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error('A catalogue file is not a JSON object');
  return Object.fromEntries(
    Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

function pathFor(loaders: CatalogueLoaders, language: Language): string | undefined {
  return Object.keys(loaders).find((path) => path.includes(`/locales/${language}/`));
}

function loadOne(i18n: Translator, loaders: CatalogueLoaders, language: Language): Promise<void> {
  const path = pathFor(loaders, language);
  const loader = path ? loaders[path] : undefined;
  // A language without this file yet shows it in en-US, the fallback, rather than not at all.
  if (!path || !loader) return Promise.resolve();
  let load = loads.get(path);
  if (!load) {
    load = loader().then(
      (module) => i18n.addStrings(language, parseCatalogue(module.default)),
      (error: unknown) => {
        // A chunk that failed (offline, a deploy replaced it) leaves the en-US text in place;
        // the next language change or feature load tries again.
        loads.delete(path);
        console.warn(`Could not load ${path}`, error);
      },
    );
    loads.set(path, load);
  }
  return load;
}

/**
 * Settles when every catalogue load started so far has: a lazy page or dialog waits for this
 * after importing its chunk (whose feature modules start their loads), so it first renders in
 * the active language rather than in English for a moment.
 */
export async function cataloguesSettled(): Promise<void> {
  await Promise.all(loads.values());
}

/** A lazy chunk's import that resolves once the catalogues it started loading are in too. */
export async function withCatalogues<Module>(load: () => Promise<Module>): Promise<Module> {
  const module = await load();
  await cataloguesSettled();
  return module;
}

/**
 * Adds `language`'s strings of the given catalogue files (by default every registered one) to
 * the translator; resolves when they are there.
 */
export async function loadCatalogues(
  i18n: Translator,
  language: Language,
  files: readonly CatalogueLoaders[] = registered,
): Promise<void> {
  await Promise.all(files.map((loaders) => loadOne(i18n, loaders, language)));
}
