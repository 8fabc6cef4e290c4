import { dictionary } from "@zxcvbn-ts/language-common";
import { checkNewPassword } from "../../domain/password";

// DECISIONS.md Passwords: common passwords are refused (ASVS 6.2.4, NIST 800-63B 3.1.1.2). The
// list is zxcvbn-ts's "passwords-common" (about 49,000 entries from breach corpora; MIT, maintained),
// loaded on the server only so the browser bundle does not carry it. It is compared in lower case,
// so "Password" is as common as "password"; a password of one repeated character ("aaaaaa") is
// refused too, since the list leaves such patterns to zxcvbn's own repeat matcher.
export const COMMON_PASSWORD_MESSAGE =
  "This password is too common. Please choose one that is harder to guess.";

let common: Set<string> | null = null;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
  return common;
}

export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (new Set(lower).size === 1) return true;
  return commonPasswords().has(lower);
}

/** The whole rule for a new password (signup, change, reset): match, length, then not common. */
export function checkPasswordPolicy(password: string, confirm: string, mismatchMessage?: string) {
  const problem = checkNewPassword(password, confirm, mismatchMessage);
  if (problem) return problem;
  return isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null;
}
