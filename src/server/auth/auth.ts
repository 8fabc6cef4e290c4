import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "../../domain/password";
import type { Db } from "../db/client";
import { accounts, sessions, users, verifications } from "../db/schema";
import type { Logger } from "../lib/logger";
import { passwordHashing } from "./password-hashing";

export const FROZEN_MESSAGE = "Your account is currently frozen. Please contact support.";

export type AuthOptions = {
  db: Db;
  secret: string;
  baseUrl: string;
  secureCookies: boolean;
  /** Queues the reset email; the link carries the token and the email (SPEC §2 Set New Password). */
  sendResetPassword: (input: { email: string; firstName: string; token: string }) => Promise<void>;
  logger: Logger;
};

// better-auth owns passwords, sessions and reset tokens; our roles and flags live on its user table.
export function createAuth(options: AuthOptions) {
  const { db } = options;
  return betterAuth({
    appName: "Venue",
    baseURL: options.baseUrl,
    basePath: "/api/auth",
    secret: options.secret,
    telemetry: { enabled: false },
    // better-auth's own messages go to our log; a failed sign-in is expected, not a warning.
    logger: {
      level: "error",
      log: (level, message, ...args) => options.logger[level]({ args }, message),
    },
    // Our own throttle (login-throttle.ts) guards sign-in per account and per address.
    rateLimit: { enabled: false },
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { users, sessions, accounts, verifications },
    }),
    user: {
      modelName: "users",
      additionalFields: {
        firstName: { type: "string", required: false, defaultValue: "", input: false },
        lastName: { type: "string", required: false, defaultValue: "", input: false },
        phone: { type: "string", required: false, input: false },
        isMember: { type: "boolean", required: false, defaultValue: false, input: false },
        isFrozen: { type: "boolean", required: false, defaultValue: false, input: false },
      },
    },
    session: {
      modelName: "sessions",
      expiresIn: 60 * 60 * 24 * 14,
      updateAge: 60 * 60 * 24,
    },
    account: { modelName: "accounts" },
    verification: { modelName: "verifications" },
    emailAndPassword: {
      enabled: true,
      // Accounts are created by the membership checkout (and the seed), never by a public sign-up call.
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      // argon2id (password-hashing.ts); called through the object so tests can count the hashes.
      password: {
        hash: (password) => passwordHashing.hash(password),
        verify: (input) => passwordHashing.verify(input),
      },
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }) => {
        const row = await db.query.users.findFirst({ where: eq(users.id, user.id) });
        await options.sendResetPassword({ email: user.email, firstName: row?.firstName ?? "", token });
      },
    },
    advanced: {
      // Over https the cookies are __Host- prefixed (Secure, Path=/, no Domain: no subdomain can
      // set or overwrite them). better-auth's own prefix would be the weaker __Secure-, so its
      // prefixing is off and ours is the cookie name's start.
      useSecureCookies: false,
      cookiePrefix: options.secureCookies ? "__Host-venue" : "better-auth",
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure: options.secureCookies },
      database: { generateId: () => randomUUID() },
    },
    databaseHooks: {
      session: {
        create: {
          // SPEC §6: a frozen user cannot sign in. Runs only after the password was verified,
          // so it reveals nothing about accounts to someone who does not know the password.
          before: async (session) => {
            const row = await db.query.users.findFirst({ where: eq(users.id, session.userId) });
            if (row?.isFrozen) {
              throw new APIError("FORBIDDEN", { message: FROZEN_MESSAGE, code: "ACCOUNT_FROZEN" });
            }
            return { data: session };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
