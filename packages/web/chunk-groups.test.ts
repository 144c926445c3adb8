import { describe, expect, it } from 'vitest';
import { chunkGroupsOf } from './chunk-groups.ts';

const root = '/app/packages/web';
const nm = (path: string) => `/app/node_modules/${path}`;

/** A small console: the entry, the login page, the signed-in layout and one lazy page. */
const imports: Record<string, string[]> = {
  [`${root}/index.html`]: [`${root}/src/main.tsx`],
  [`${root}/src/main.tsx`]: [nm('react/index.js'), `${root}/src/app/router.tsx`],
  [`${root}/src/app/router.tsx`]: [nm('react-router/dist/index.mjs')],
  [`${root}/src/features/access/LoginPage.tsx`]: [
    nm('@mui/material/TextField/TextField.mjs'),
    `${root}/src/components/TextInput.tsx`,
    nm('react/index.js'),
  ],
  [`${root}/src/components/TextInput.tsx`]: [nm('@mui/material/TextField/TextField.mjs')],
  [`${root}/src/app/layout/ShellLayout.tsx`]: [
    nm('@mui/material/Drawer/Drawer.mjs'),
    `${root}/src/components/TextInput.tsx`,
    `${root}/src/app/layout/UserMenu.tsx`,
  ],
  [`${root}/src/features/campaigns/detail/CampaignPage.tsx`]: [
    nm('@mui/material/Chip/Chip.mjs'),
    nm('@emotion/styled/dist/index.js'),
    nm('leaflet/dist/leaflet-src.js'),
    `${root}/src/features/campaigns/detail/CampaignTabs.tsx`,
  ],
};
const moduleIds = [...new Set([...Object.keys(imports), ...Object.values(imports).flat()])];
const graph = {
  moduleIds,
  info: (id: string) => ({ isEntry: id.endsWith('index.html'), importedIds: imports[id] ?? [] }),
};

describe('chunkGroupsOf', () => {
  const groups = chunkGroupsOf(graph);

  it('puts everything the entry imports, directly or not, in boot', () => {
    for (const id of [`${root}/src/main.tsx`, nm('react/index.js'), nm('react-router/dist/index.mjs')]) {
      expect(groups.get(id)).toBe('boot');
    }
  });

  it('puts what the login page adds to boot in forms, its own code and libraries alike', () => {
    expect(groups.get(`${root}/src/features/access/LoginPage.tsx`)).toBe('forms');
    expect(groups.get(`${root}/src/components/TextInput.tsx`)).toBe('forms');
    expect(groups.get(nm('@mui/material/TextField/TextField.mjs'))).toBe('forms');
  });

  it('puts what the signed-in layout adds to boot and forms in shell', () => {
    expect(groups.get(`${root}/src/app/layout/ShellLayout.tsx`)).toBe('shell');
    expect(groups.get(`${root}/src/app/layout/UserMenu.tsx`)).toBe('shell');
    expect(groups.get(nm('@mui/material/Drawer/Drawer.mjs'))).toBe('shell');
  });

  it('puts the remaining component and styling libraries in ui, and leaves pages and other libraries alone', () => {
    expect(groups.get(nm('@mui/material/Chip/Chip.mjs'))).toBe('ui');
    expect(groups.get(nm('@emotion/styled/dist/index.js'))).toBe('ui');
    expect(groups.get(nm('leaflet/dist/leaflet-src.js'))).toBeUndefined();
    expect(groups.get(`${root}/src/features/campaigns/detail/CampaignPage.tsx`)).toBeUndefined();
    expect(groups.get(`${root}/src/features/campaigns/detail/CampaignTabs.tsx`)).toBeUndefined();
  });
});
