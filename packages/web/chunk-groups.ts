/**
 * How the console's code is cut into files (decision 027). Rolldown gives every set of modules shared by a
 * different set of lazy pages a file of its own, and it does not fold into the entry what the entry already
 * loads (rolldown#10731): the campaign page asked for 88 files, the login page for 36. Four groups, decided
 * from the module graph once it is complete, put what is always loaded together:
 *
 * - `boot`: everything the entry imports statically, which runs on every page anyway (it becomes the entry);
 * - `forms`: what the login page adds to it, the form fields every signed-in page uses too;
 * - `shell`: what the signed-in layout adds to those, loaded with every signed-in page;
 * - `ui`: the rest of the component and styling libraries, shared by nearly every signed-in page.
 *
 * The login page loads only `boot` and `forms`, so its size does not grow with the signed-in console. What is
 * left (each page's own code, the data grid, the map) keeps Rolldown's automatic splitting.
 */
import type { Plugin, Rolldown } from 'vite';
import { SESSION_STORAGE_KEY } from './src/app/session/session-storage-key.ts';

type ModuleGraph = {
  readonly moduleIds: Iterable<string>;
  readonly info: (
    id: string,
  ) => { readonly isEntry: boolean; readonly importedIds: readonly string[] } | null;
};

export const CHUNK_GROUPS = ['boot', 'forms', 'shell', 'ui'] as const;
export type ChunkGroup = (typeof CHUNK_GROUPS)[number];

/** The groups a signed-in page always loads after the entry; public/console-preload.js asks for them early. */
const SIGNED_IN_GROUPS: readonly ChunkGroup[] = ['forms', 'shell', 'ui'];

const LOGIN_PAGE = /[\\/]src[\\/]features[\\/]access[\\/]LoginPage\.tsx$/;
const SHELL_LAYOUT = /[\\/]src[\\/]app[\\/]layout[\\/]ShellLayout\.tsx$/;
/**
 * Not react-transition-group: MUI uses only its context, which the shell loads; the rest of it comes with the
 * date calendar and loads with it (decision 041).
 */
const UI_LIBRARIES =
  /[\\/]node_modules[\\/](@mui[\\/](material|system|utils|icons-material|styled-engine|private-theming|core-downloads-tracker)|@emotion|@popperjs|notistack|goober|clsx|prop-types|react-is|hoist-non-react-statics|stylis)[\\/]/;

/** Every module `roots` import statically, directly or not, with the roots themselves. */
const staticClosure = (graph: ModuleGraph, roots: readonly string[]): Set<string> => {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    pending.push(...(graph.info(id)?.importedIds ?? []));
  }
  return seen;
};

/** The group of every module that belongs to one; modules of no group are split automatically. */
export const chunkGroupsOf = (graph: ModuleGraph): Map<string, ChunkGroup> => {
  const ids = [...graph.moduleIds];
  const boot = staticClosure(
    graph,
    ids.filter((id) => graph.info(id)?.isEntry),
  );
  const forms = staticClosure(
    graph,
    ids.filter((id) => LOGIN_PAGE.test(id)),
  );
  const shell = staticClosure(
    graph,
    ids.filter((id) => SHELL_LAYOUT.test(id)),
  );
  const groups = new Map<string, ChunkGroup>();
  for (const id of ids) {
    if (boot.has(id)) groups.set(id, 'boot');
    else if (forms.has(id)) groups.set(id, 'forms');
    else if (shell.has(id)) groups.set(id, 'shell');
    else if (UI_LIBRARIES.test(id)) groups.set(id, 'ui');
  }
  return groups;
};

/**
 * The plugin that reads the module graph at the end of the build, and the `codeSplitting` option whose groups
 * consult it (Rolldown cuts the files after `buildEnd`). The page names the signed-in groups' files in a
 * meta tag with the session's storage key, read by public/console-preload.js, which runs while the entry
 * downloads.
 */
export const chunkGroups = (): { plugin: Plugin; codeSplitting: Rolldown.CodeSplittingOptions } => {
  let groups = new Map<string, ChunkGroup>();
  return {
    plugin: {
      name: 'beacon-chunk-groups',
      apply: 'build',
      buildEnd() {
        groups = chunkGroupsOf({ moduleIds: this.getModuleIds(), info: (id) => this.getModuleInfo(id) });
        for (const name of CHUNK_GROUPS) {
          if (![...groups.values()].includes(name)) this.error(`Chunk group "${name}" captured no module`);
        }
      },
      transformIndexHtml: {
        order: 'post',
        handler: (_html, { bundle }) => {
          const files = Object.values(bundle ?? {}).flatMap((output) =>
            output.type === 'chunk' && SIGNED_IN_GROUPS.some((name) => output.name === name)
              ? [`/${output.fileName}`]
              : [],
          );
          if (files.length !== SIGNED_IN_GROUPS.length) return [];
          return [
            {
              tag: 'meta',
              attrs: {
                name: 'beacon-console-code',
                content: files.join(' '),
                'data-session-key': SESSION_STORAGE_KEY,
              },
              injectTo: 'head-prepend',
            },
            // Before the entry, and async: it runs as soon as it arrives, without holding up the page.
            { tag: 'script', attrs: { src: '/console-preload.js', async: true }, injectTo: 'head-prepend' },
          ];
        },
      },
    },
    codeSplitting: {
      groups: CHUNK_GROUPS.map((name, index) => ({
        name,
        priority: CHUNK_GROUPS.length - index,
        test: (id: string) => groups.get(id) === name,
      })),
    },
  };
};
