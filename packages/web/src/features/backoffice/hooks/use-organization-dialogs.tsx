/**
 * The dialogs of the organizations screen, opened on the dialog stack (§2) and loaded on first use: the
 * organization form (create, edit), duplicate, children and the bulk delete confirmation.
 */
import { Suspense, useMemo } from 'react';
import { useDialogStack } from '../../../app/dialogs/dialog-stack';
import { lazy } from '../../../lib/lazy';
import type { Organization } from '../api/organization';

const OrganizationDialog = lazy(() =>
  import('../components/OrganizationDialog').then((module) => ({ default: module.OrganizationDialog })),
);
const DuplicateOrganizationDialog = lazy(() =>
  import('../components/DuplicateOrganizationDialog').then((module) => ({
    default: module.DuplicateOrganizationDialog,
  })),
);
const OrganizationChildrenDialog = lazy(() =>
  import('../components/OrganizationChildrenDialog').then((module) => ({
    default: module.OrganizationChildrenDialog,
  })),
);
const DeleteOrganizationsDialog = lazy(() =>
  import('../components/DeleteOrganizationsDialog').then((module) => ({
    default: module.DeleteOrganizationsDialog,
  })),
);

export type OrganizationDialogs = {
  readonly openCreate: () => void;
  readonly openEdit: (organizationId: number) => void;
  readonly openDuplicate: (organization: Organization) => void;
  readonly openChildren: (organization: Organization) => void;
  readonly openDelete: (organizations: readonly Organization[], onDeleted: () => void) => void;
};

export const useOrganizationDialogs = (): OrganizationDialogs => {
  const stack = useDialogStack();
  return useMemo(() => {
    const openEdit = (organizationId: number) =>
      stack.open(
        `organization-${organizationId}`,
        <Suspense fallback={null}>
          <OrganizationDialog organizationId={organizationId} />
        </Suspense>,
      );
    return {
      openCreate: () =>
        stack.open(
          'organization-new',
          <Suspense fallback={null}>
            <OrganizationDialog organizationId={null} />
          </Suspense>,
        ),
      openEdit,
      openDuplicate: (organization) =>
        stack.open(
          'duplicate-organization',
          <Suspense fallback={null}>
            <DuplicateOrganizationDialog source={organization} />
          </Suspense>,
        ),
      openChildren: (organization) =>
        stack.open(
          `organization-children-${organization.id}`,
          <Suspense fallback={null}>
            <OrganizationChildrenDialog parent={organization} onEdit={openEdit} />
          </Suspense>,
        ),
      openDelete: (organizations, onDeleted) =>
        stack.open(
          'delete-organizations',
          <Suspense fallback={null}>
            <DeleteOrganizationsDialog organizations={organizations} onDeleted={onDeleted} />
          </Suspense>,
        ),
    };
  }, [stack]);
};
