/**
 * Links that leave the console (§2 external links, help menu, support mailbox), set per installation at build
 * time through Vite's environment (VITE_DOCS_URL, VITE_PRIVACY_URL, VITE_TERMS_URL, VITE_COOKIES_URL,
 * VITE_ABOUT_URL, VITE_BLOG_URL, VITE_CONTACT_URL, VITE_SOCIAL_LINKS, VITE_SUPPORT_EMAIL). A
 * link that is not configured is not shown: a self-hosted installation publishes its own documents, and the
 * console never links to someone else's.
 */
const configured = (value: string | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

export const EXTERNAL_LINKS = {
  docs: configured(import.meta.env.VITE_DOCS_URL),
  privacy: configured(import.meta.env.VITE_PRIVACY_URL),
  terms: configured(import.meta.env.VITE_TERMS_URL),
  cookies: configured(import.meta.env.VITE_COOKIES_URL),
  about: configured(import.meta.env.VITE_ABOUT_URL),
  blog: configured(import.meta.env.VITE_BLOG_URL),
  contact: configured(import.meta.env.VITE_CONTACT_URL),
} as const;

export type ExternalLink = { readonly label: string; readonly href: string };

/** `Label=https://…` pairs joined by commas, e.g. `LinkedIn=https://linkedin.com/company/x,X=https://x.com/x`. */
export const parseSocialLinks = (value: string | undefined): ExternalLink[] =>
  (value ?? '')
    .split(',')
    .map((pair) => pair.split('='))
    .flatMap(([label, ...rest]) => {
      const href = rest.join('=').trim();
      return label?.trim() && /^https?:\/\//.test(href) ? [{ label: label.trim(), href }] : [];
    });

/** The §2 external links shown under the access pages: only those this installation configured. */
export const FOOTER_LINKS: readonly ExternalLink[] = [
  ...(
    [
      ['Terms of use', EXTERNAL_LINKS.terms],
      ['Privacy', EXTERNAL_LINKS.privacy],
      ['Cookies', EXTERNAL_LINKS.cookies],
      ['About us', EXTERNAL_LINKS.about],
      ['Blog', EXTERNAL_LINKS.blog],
      ['Contact', EXTERNAL_LINKS.contact],
    ] as const
  ).flatMap(([label, href]) => (href ? [{ label, href }] : [])),
  ...parseSocialLinks(import.meta.env.VITE_SOCIAL_LINKS),
];

/** Where "Report a problem" writes to; the default matches the server's default mail domain. */
export const SUPPORT_EMAIL = configured(import.meta.env.VITE_SUPPORT_EMAIL) ?? 'support@beacon.localhost';
