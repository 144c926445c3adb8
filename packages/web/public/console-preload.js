// A visitor with a session asks for the signed-in console's shared code (the shell, form and ui groups of
// chunk-groups.ts) beside the entry, instead of once the entry has run and the router has chosen a page;
// decision 027. The login page and visitors without a session never ask for it. A classic async script, so it
// runs as soon as it arrives, before the entry module has downloaded.
(() => {
  const meta = document.querySelector('meta[name="beacon-console-code"]');
  const key = meta?.dataset.sessionKey;
  if (!key || window.location.pathname.startsWith('/access/')) return;
  try {
    // The session store's persisted state (session-store.ts): { state: { session: { token, … } | null } }.
    const stored = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    if (!stored?.state?.session?.token) return;
  } catch {
    return;
  }
  for (const href of meta.content.split(' ')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
})();
