/**
 * The sections of `/resources/{section}` (spec §2), in the order of their tabs, each with the §6 resource that
 * guards it and the page it shows. The layout shows a tab for each section the user may access; `/resources`
 * opens the first of them. A section joins this list when its page exists: publisher lists (helper A,
 * features/resources/publisher-lists) add their entry here, with 'publisher-lists' and 'publisher' in the
 * Resources area's sections (app/areas.ts).
 */
import { canAccess } from '@beacon/domain/access/permissions';
import type { AccessResource } from '@beacon/domain/access/resources';
import type { OrganizationRole, UserRole } from '@beacon/domain/dictionary/roles';
import type { ComponentType, LazyExoticComponent } from 'react';
import { lazy, loadWithRetry } from '../../lib/lazy';

export type ResourcesSectionName = 'audiences' | 'deals' | 'geolists' | 'publisher-lists';

export type ResourcesSection = {
  readonly name: ResourcesSectionName;
  readonly label: string;
  readonly resource: AccessResource;
  /** Loaded with its section: the map and the grids stay out of the other sections' first load. */
  readonly Component: LazyExoticComponent<ComponentType>;
};

export const RESOURCES_SECTIONS: readonly ResourcesSection[] = [
  {
    name: 'audiences',
    label: 'Audiences',
    resource: 'resources-audiences',
    Component: lazy(async () => ({
      default: (await loadWithRetry(() => import('./AudiencesSection'))).AudiencesSection,
    })),
  },
  {
    name: 'deals',
    label: 'Deals',
    resource: 'resources-deals',
    Component: lazy(async () => ({
      default: (await loadWithRetry(() => import('./deals/DealsSection'))).DealsSection,
    })),
  },
  {
    name: 'geolists',
    label: 'Geolists',
    resource: 'resources-geolists',
    Component: lazy(async () => ({
      default: (await loadWithRetry(() => import('./geolists/GeolistsSection'))).GeolistsSection,
    })),
  },
  {
    name: 'publisher-lists',
    label: 'Publisher lists',
    resource: 'resources-publishers',
    Component: lazy(async () => ({
      default: (await loadWithRetry(() => import('./publisher-lists/PublisherListsSection')))
        .PublisherListsSection,
    })),
  },
];

export type SectionViewer = {
  readonly role: UserRole;
  readonly organizationRole: OrganizationRole;
  readonly isTest: boolean;
};

/** The sections a user may open (§6), in tab order. */
export const visibleSections = ({ role, organizationRole, isTest }: SectionViewer): ResourcesSection[] =>
  RESOURCES_SECTIONS.filter((section) =>
    canAccess(section.resource, role, organizationRole, { isTestEnvironment: isTest }),
  );

export const sectionPath = (name: ResourcesSectionName): string => `/resources/${name}`;

export const findSection = (name: string | undefined): ResourcesSection | undefined =>
  RESOURCES_SECTIONS.find((section) => section.name === name);
