/** Time comes from one place so tests can move it (expiry, lockout windows). */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

export const addMinutes = (date: Date, minutes: number): Date => new Date(date.getTime() + minutes * 60_000);
export const addDays = (date: Date, days: number): Date => addMinutes(date, days * 24 * 60);
