import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { SwedishMorphology } from '@bygg/domain/search-text';

/**
 * The Swedish Hunspell dictionary (sv_SE, the `dictionary-sv` package: affix rules and about
 * 139,000 words with flags) as a SwedishMorphology (@bygg/domain/search-text): read once per
 * process, on first use (about a second and 40 MB). The files are read from the package's
 * folder rather than through its module, which reads them at import with a top-level await.
 */
let loading: Promise<SwedishMorphology> | null = null;

export function swedishMorphology(): Promise<SwedishMorphology> {
  if (!loading) {
    const entry = createRequire(import.meta.url).resolve('dictionary-sv');
    const file = (name: string) => readFile(new URL(name, pathToFileURL(entry)), 'utf8');
    loading = Promise.all([file('index.aff'), file('index.dic')]).then(
      ([aff, dic]) => new SwedishMorphology(aff, dic),
    );
    loading.catch(() => {
      loading = null;
    });
  }
  return loading;
}
