/**
 * The names of what a form's pickers chose (targeted resources, regions, the source campaign), kept by the form
 * that owns them, so that its review names every choice without asking the server again — also after the
 * picker left the screen. Pickers outside such a form (a strategy dialog) simply remember nothing.
 */
import { createContext, type ReactNode, useContext, useState } from 'react';

export type PickedNameKind =
  | 'audience'
  | 'location_audience'
  | 'geolist'
  | 'publisher_list'
  | 'deal'
  | 'region'
  | 'campaign';

export type PickedNames = {
  readonly nameOf: (kind: PickedNameKind, id: string | number) => string | undefined;
  readonly remember: (kind: PickedNameKind, id: string | number, name: string) => void;
};

const keyOf = (kind: PickedNameKind, id: string | number): string => `${kind}:${id}`;

/** A memory of names (a plain map: remembering never re-renders anything). */
export const createPickedNames = (): PickedNames => {
  const names = new Map<string, string>();
  return {
    nameOf: (kind, id) => names.get(keyOf(kind, id)),
    remember: (kind, id, name) => {
      names.set(keyOf(kind, id), name);
    },
  };
};

const PickedNamesContext = createContext<PickedNames | null>(null);

export const PickedNamesProvider = ({ children }: { readonly children: ReactNode }) => {
  const [names] = useState(createPickedNames);
  return <PickedNamesContext value={names}>{children}</PickedNamesContext>;
};

/** The form's memory of names, or one that forgets (outside a provider). */
export const usePickedNames = (): PickedNames => useContext(PickedNamesContext) ?? FORGETFUL;

const FORGETFUL: PickedNames = { nameOf: () => undefined, remember: () => undefined };
