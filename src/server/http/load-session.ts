import { eq } from "drizzle-orm";
import { createMiddleware } from "hono/factory";
import { sessions, users } from "../db/schema";
import type { AppEnv } from "../deps";

// Resolves the session cookie to a fresh user row on every request, so a role change or a
// freeze takes effect at once. A frozen user's sessions are ended on sight.
export const loadSession = createMiddleware<AppEnv>(async (c, next) => {
  const { auth, db } = c.get("deps");
  c.set("user", null);
  const cookie = c.req.header("cookie");
  if (cookie?.includes("session_token")) {
    const result = await auth.api.getSession({
      headers: c.req.raw.headers,
      query: { disableCookieCache: true },
    });
    if (result) {
      const row = await db.query.users.findFirst({ where: eq(users.id, result.user.id) });
      if (row?.isFrozen) {
        await db.delete(sessions).where(eq(sessions.userId, row.id));
      } else if (row) {
        c.set("user", {
          id: row.id,
          email: row.email,
          firstName: row.firstName,
          lastName: row.lastName,
          phone: row.phone,
          isMember: row.isMember,
          isAdmin: row.isAdmin,
          staffRole: row.staffRole,
          isFrozen: row.isFrozen,
          sessionToken: result.session.token,
        });
      }
    }
  }
  await next();
});
