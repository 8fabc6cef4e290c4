/**
 * The one line development prints when the server is ready (LOG_FORMAT=pretty): where to open it
 * and, while the demo accounts exist, how to sign in. Production logs its JSON "listening" entry
 * instead (main.ts); the demo accounts never exist there (decision 014).
 */
export type DemoAccount = { email: string; password: string };

export function devStartLine(url: string, demo: readonly DemoAccount[], colours: boolean): string {
  const bold = (text: string) => (colours ? `\u001b[1m${text}\u001b[22m` : text);
  const accounts = demo.map((a) => `${a.email} / ${a.password}`).join(", ");
  return accounts ? `Open ${bold(url)} · demo accounts (demo only): ${accounts}` : `Open ${bold(url)}`;
}
