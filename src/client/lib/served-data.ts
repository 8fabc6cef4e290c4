/**
 * Data the server wrote into the page it served (src/server/http/static-files.ts: the session and
 * the venue's settings), so the first screen needs no round trip for it. Taken once: after that the
 * query asks the server as usual (a sign-out must never bring the first page's user back).
 */
export function takeServedData<T>(id: string): T | undefined {
  const element = document.getElementById(id);
  if (!element) return undefined;
  element.remove();
  try {
    return JSON.parse(element.textContent ?? "") as T;
  } catch {
    return undefined;
  }
}
