// The one way the browser talks to the server. Errors carry the server's message (the spec's words)
// and, when the server names one, the request field it concerns, so a form marks that field without
// reading the message.
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly field?: string,
    /** The server's `error.details` (e.g. which limit a refusal met). */
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

type Options = { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> };

export async function api<T>(path: string, options: Options = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? "GET" : "POST"),
      headers: {
        ...(options.body === undefined ? {} : { "content-type": "application/json" }),
        ...options.headers,
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (err) {
    if ((err as Error).name === "AbortError") throw err;
    throw new ApiError("Network error. Please check your connection and try again.", 0, "NETWORK");
  }
  const text = await response.text();
  const data = text ? safeJson(text) : null;
  if (!response.ok) {
    const error = (
      data as {
        error?: { message?: string; code?: string; field?: string; details?: Record<string, unknown> };
      } | null
    )?.error;
    throw new ApiError(
      error?.message ?? `Request failed (${response.status})`,
      response.status,
      error?.code ?? "HTTP",
      typeof error?.field === "string" ? error.field : undefined,
      error?.details && typeof error.details === "object" ? error.details : undefined,
    );
  }
  return data as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The server's message when it sent one, otherwise the screen's own fallback text. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status !== 0 && err.status < 500) return err.message;
  if (err instanceof ApiError && err.code === "NETWORK") return err.message;
  return fallback;
}

/** The request field a server error concerns, when it is one of the form's own fields. */
export function errorField<F extends string>(err: unknown, fields: readonly F[]): F | null {
  const field = err instanceof ApiError ? err.field : undefined;
  return fields.find((f) => f === field) ?? null;
}
