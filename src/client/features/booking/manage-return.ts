// The manage link a tab leaves for the checkout of a move's difference (issue 30 item 1), so that
// coming back (/manage/return) opens the same booking without the link's token ever being sent to
// the payment provider or stored in clear on the server. Session storage: this tab only.

const KEY = "manage-return";

export function keepManageReturn(token: string): void {
  try {
    sessionStorage.setItem(KEY, token);
  } catch {
    // Storage refused (private mode): the return page says to open the emailed link instead.
  }
}

export function readManageReturn(): string | null {
  try {
    const token = sessionStorage.getItem(KEY);
    return token && /^[A-Za-z0-9_-]{20,100}$/.test(token) ? token : null;
  } catch {
    return null;
  }
}
