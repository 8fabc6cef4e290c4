import { type Algorithm, hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";
import { verifyPassword as verifyScrypt } from "better-auth/crypto";

// DECISIONS.md Passwords: argon2id with OWASP's Password Storage Cheat Sheet parameters
// (m=19 MiB, t=2, p=1). Hashes written before this change are better-auth's scrypt
// ("salt:key" in hex); they still verify, and sign-in replaces them (needsRehash).
const ARGON2ID = 2 as Algorithm; // Algorithm.Argon2id: a const enum, which isolatedModules cannot read
export const ARGON2_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const CURRENT_PREFIX = "$argon2id$v=19$m=19456,t=2,p=1$";

/**
 * One object, so better-auth, account creation, signup and the tests (which count the hashes a
 * burst of sign-ins costs) all go through the same two functions.
 */
export const passwordHashing = {
  hash(password: string): Promise<string> {
    return argon2Hash(password, ARGON2_OPTIONS);
  },
  async verify(input: { hash: string; password: string }): Promise<boolean> {
    if (input.hash.startsWith("$argon2")) return argon2Verify(input.hash, input.password);
    if (/^[0-9a-f]+:[0-9a-f]+$/i.test(input.hash)) return verifyScrypt(input);
    return false;
  },
};

export const hashPassword = (password: string) => passwordHashing.hash(password);
export const verifyPassword = (input: { hash: string; password: string }) => passwordHashing.verify(input);

/** A stored hash made with older or weaker settings, to be replaced at the next successful sign-in. */
export function needsRehash(storedHash: string): boolean {
  return !storedHash.startsWith(CURRENT_PREFIX);
}
