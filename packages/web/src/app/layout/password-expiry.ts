/** How long before a password expires the banner of §2 appears. */
export const PASSWORD_EXPIRY_WARNING_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether a password expiring at `expiresAt` is inside the warning window, or already expired. */
export const isPasswordExpiring = (expiresAt: string | null, now: number): boolean => {
  if (!expiresAt) return false;
  const time = Date.parse(expiresAt);
  return Number.isFinite(time) && time - now <= PASSWORD_EXPIRY_WARNING_DAYS * DAY_MS;
};
