import type { App } from "../../../src/server/deps";

// A browser in miniature: one cookie jar, one address. Requests go through Hono in-process
// (app.request), so the whole middleware chain runs, without a socket.

export type ClientOptions = {
  /**
   * Sent as X-Forwarded-For (the test config trusts the proxy), so tests can play distinct visitors.
   * Without it each client is a person of its own, with an address of its own (visitorAddress()):
   * the limits against hoarding count by address, as they would for real people.
   */
  ip?: string;
};

let visitors = 0;
/** A distinct address for each new visitor, from 198.18.0.0/15 (reserved for tests, RFC 2544). */
export function visitorAddress(): string {
  visitors += 1;
  return `198.${18 + ((visitors >> 16) & 1)}.${(visitors >> 8) & 255}.${visitors & 255}`;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  private readonly options: ClientOptions & { ip: string };

  constructor(
    private readonly app: App,
    options: ClientOptions = {},
  ) {
    this.options = { ...options, ip: options.ip ?? visitorAddress() };
  }

  /** The address this client sends as X-Forwarded-For. */
  get ip(): string {
    return this.options.ip;
  }

  /** The cookie header this client would send, or null when the jar is empty. */
  get cookieHeader(): string | null {
    if (this.cookies.size === 0) return null;
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader;
    if (cookie && !headers.has("cookie")) headers.set("cookie", cookie);
    if (this.options.ip && !headers.has("x-forwarded-for")) headers.set("x-forwarded-for", this.options.ip);
    const response = await this.app.request(path, { ...init, headers });
    this.storeCookies(response);
    return response;
  }

  get(path: string, init: RequestInit = {}) {
    return this.request(path, { ...init, method: "GET" });
  }

  post(path: string, body?: unknown, init: RequestInit = {}) {
    return this.request(path, withJson({ ...init, method: "POST" }, body));
  }

  patch(path: string, body?: unknown, init: RequestInit = {}) {
    return this.request(path, withJson({ ...init, method: "PATCH" }, body));
  }

  put(path: string, body?: unknown, init: RequestInit = {}) {
    return this.request(path, withJson({ ...init, method: "PUT" }, body));
  }

  delete(path: string, body?: unknown, init: RequestInit = {}) {
    return this.request(path, withJson({ ...init, method: "DELETE" }, body));
  }

  /** POST /api/session/sign-in; the session cookie, if any, lands in this client's jar. */
  signIn(email: string, password: string) {
    return this.post("/api/session/sign-in", { email, password });
  }

  signOut() {
    return this.post("/api/session/sign-out");
  }

  /** The signed-in user as GET /api/session reports it, or null. */
  async sessionUser(): Promise<SessionUserBody | null> {
    const response = await this.get("/api/session");
    if (response.status !== 200) throw new Error(`GET /api/session answered ${response.status}`);
    const body = (await response.json()) as { user: SessionUserBody | null };
    return body.user;
  }

  private storeCookies(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = line.split(";");
      const eq = pair.indexOf("=");
      if (eq < 1) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*max-age\s*=\s*(0|-\d+)\s*$/i.test(a));
      if (value === "" || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

export type SessionUserBody = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string | null;
  isMember: boolean;
  isAdmin: boolean;
  staffRole: "owner" | "manager" | "front_desk" | null;
};

function withJson(init: RequestInit, body: unknown): RequestInit {
  if (body === undefined) return init;
  const headers = new Headers(init.headers);
  if (!headers.has("content-type")) headers.set("content-type", "application/json");
  return { ...init, headers, body: JSON.stringify(body) };
}

/** Reads a JSON error answer `{ error: { code, message } }`. */
export async function errorOf(response: Response): Promise<{ code: string; message: string }> {
  const body = (await response.json()) as { error?: { code: string; message: string } };
  if (!body.error) throw new Error(`Expected an error body, got ${JSON.stringify(body)}`);
  return body.error;
}
