import type { Plugin } from 'vite';

/*
 * One chunk for the app's code of a first visit: the app's own modules that
 * src/main.tsx imports statically, with what they use (React, the router,
 * the query cache), tree-shaken as usual. Left to itself the bundler makes a
 * small chunk of every module main shares with a page loaded later (a page
 * is only ever loaded after main): about twenty requests of a few hundred
 * bytes on every first visit, each with its own headers.
 *
 * What the page's entry (src/boot.ts) imports, and Vite's preload helper that
 * both use, go to a small chunk of their own, first: the entry loads nothing
 * else until it asks for main.
 */
const appModule = /\/src\//;
const preloadHelper = /vite\/preload-helper/;

export function appShellChunk({ main, entry }: { main: RegExp; entry: RegExp }) {
  const shell = new Set<string>();
  const boot = new Set<string>();

  const plugin: Plugin = {
    name: 'golden-pine:app-shell-chunk',
    apply: 'build',
    buildEnd() {
      shell.clear();
      boot.clear();
      const ids = [...this.getModuleIds()];
      const closure = (start: string | undefined) => {
        const seen = new Set<string>();
        const queue = start ? [start] : [];
        while (queue.length) {
          const id = queue.pop()!;
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        return seen;
      };
      for (const id of closure(ids.find((id) => entry.test(id)))) boot.add(id);
      for (const id of ids) if (preloadHelper.test(id)) boot.add(id);
      for (const id of closure(ids.find((id) => main.test(id)))) if (appModule.test(id) && !boot.has(id)) shell.add(id);
    },
  };

  const groups = [
    { name: 'boot', test: (id: string) => boot.has(id), priority: 2 },
    { name: 'app', test: (id: string) => shell.has(id), priority: 1 },
  ];
  return { plugin, groups };
}
