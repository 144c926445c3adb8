/**
 * White-label branding (§1, §3 customization): before login it comes from GET /whitelabel for the host the
 * console is served on, after login from the session in use. The product's own assets are the fallback.
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { whitelabelQueryOptions } from '../api/whitelabel';
import { selectActiveIdentity, useSessionStore } from './session/session-store';

export type Branding = {
  readonly title: string;
  readonly logo: string;
  readonly favicon: string;
  readonly color: string | null;
  readonly isWhitelabel: boolean;
  /** False while the host's branding is still loading: show no logo rather than the wrong one. */
  readonly isResolved: boolean;
};

export const PRODUCT_BRANDING = {
  title: 'Beacon',
  logo: '/brand/beacon-logo.svg',
  favicon: '/brand/beacon-favicon.svg',
} as const;

export const useBranding = (): Branding => {
  const identity = useSessionStore(selectActiveIdentity);
  const whitelabel = useQuery({ ...whitelabelQueryOptions(), enabled: identity === null });
  const source = identity?.customization ?? whitelabel.data;
  return {
    title: source?.title || PRODUCT_BRANDING.title,
    logo: source?.logo || PRODUCT_BRANDING.logo,
    favicon: source?.favicon || PRODUCT_BRANDING.favicon,
    color: source?.color ?? null,
    isWhitelabel: source?.isWhitelabel ?? false,
    isResolved: identity !== null || !whitelabel.isPending || whitelabel.isError,
  };
};

const setFavicon = (href: string): void => {
  let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.append(link);
  }
  if (link.getAttribute('href') !== href) {
    link.removeAttribute('type');
    link.href = href;
  }
};

/** Applies the favicon of the branding in use. */
export const useFavicon = (favicon: string): void => {
  useEffect(() => setFavicon(favicon), [favicon]);
};

/** Sets the document title: "<page> · <brand>", or the brand alone. */
export const usePageTitle = (pageTitle?: string): void => {
  const { title } = useBranding();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} · ${title}` : title;
  }, [pageTitle, title]);
};
