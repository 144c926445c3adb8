/// <reference types="vite/client" />

// Vite's typing of import.meta.env is extended by declaration merging, which only interfaces support.
interface ImportMetaEnv {
  readonly VITE_API_URL?: string;
  readonly VITE_DOCS_URL?: string;
  readonly VITE_PRIVACY_URL?: string;
  readonly VITE_TERMS_URL?: string;
  readonly VITE_COOKIES_URL?: string;
  readonly VITE_ABOUT_URL?: string;
  readonly VITE_BLOG_URL?: string;
  readonly VITE_CONTACT_URL?: string;
  readonly VITE_SOCIAL_LINKS?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}
