/**
 * Links that leave the console (§2 external links, help menu, support mailbox), set per installation at build
 * time through Vite's environment (VITE_DOCS_URL, VITE_PRIVACY_URL, VITE_TERMS_URL, VITE_SUPPORT_EMAIL). A
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
} as const;

/** Where "Report a problem" writes to; the default matches the server's default mail domain. */
export const SUPPORT_EMAIL = configured(import.meta.env.VITE_SUPPORT_EMAIL) ?? 'support@beacon.localhost';
