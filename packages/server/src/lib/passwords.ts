import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 iterations, 1 lane).
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash so that an unknown username costs as much time as a wrong password. */
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('beacon-timing-equaliser');
  await verifyPassword(await dummyHash, password);
};
