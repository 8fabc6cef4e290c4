// Where a sign-in leads next (issue 14): the page the person was going to, carried in ?redirect=,
// never another site. Used by /login, /signup and the pages that send people to them.

/** The redirect parameter if it is a path on this site, else null ("//host" and "/\host" are not). */
export function safeRedirect(value: string | null | undefined): string | null {
  if (typeof value !== "string" || !/^\/(?![/\\])/.test(value)) return null;
  return value;
}

/** /login with the way back to `path`. */
export const loginPathFor = (path: string) => `/login?${new URLSearchParams({ redirect: path })}`;

/** Home for a signed-in person: the staff dashboard or the member's free reservations (SPEC §2 Login). */
export const homeFor = (user: { isAdmin: boolean; isMember: boolean }) =>
  user.isAdmin ? "/admin" : user.isMember ? "/member-reservations" : "/";

/** Where this visit of /login or /signup was going: ?redirect=, or the page a guard sent it from. */
export function intendedPath(search: string, state: unknown): string | null {
  const fromQuery = safeRedirect(new URLSearchParams(search).get("redirect"));
  if (fromQuery) return fromQuery;
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === "string" ? safeRedirect(from) : null;
}
