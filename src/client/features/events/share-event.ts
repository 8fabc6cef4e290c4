import { notifyError, notifySuccess } from "../../lib/notify";

/** SPEC §2 Share: the system share sheet; where there is none, copy the /events/{id} link. */
export async function shareEvent(event: { id: string; name: string }): Promise<void> {
  const url = `${window.location.origin}/events/${event.id}`;
  if (typeof navigator.share === "function") {
    try {
      await navigator.share({ title: event.name, url });
      return;
    } catch (err) {
      if ((err as Error).name === "AbortError") return;
      // No usable share target: fall back to copying.
    }
  }
  if (await copyText(url)) notifySuccess("Link copied to clipboard!");
  else notifyError(`Could not copy the link: ${url}`);
}

async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers, or no clipboard permission: the selection-and-copy way.
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  }
}
