/**
 * Whether the §2 banner shows: from the moment the server says to warn (PASSWORD_EXPIRY_WARNING_DAYS before the
 * expiry, configured on the server), and once the password has expired.
 */
export const isPasswordExpiring = (warningAt: string | null, now: number): boolean => {
  if (!warningAt) return false;
  const time = Date.parse(warningAt);
  return Number.isFinite(time) && now >= time;
};
