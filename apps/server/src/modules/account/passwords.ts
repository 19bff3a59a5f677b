/** Password hashing with argon2id (OWASP's recommended parameters for interactive logins). */
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 /* Argon2id */ } as const;
/** Verified against when the phone is unknown, so both answers take the same time. */
let decoy: Promise<string> | null = null;

/** Hashes a password for storage. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

/** Checks a password; a null hash (QR-only account, unknown phone) still costs one verification. */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) {
    decoy ??= hashPassword('decoy-password-never-matches');
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(stored, password).catch(() => false);
}
