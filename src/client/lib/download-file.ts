/**
 * Fetches a file whose access needs a header (a hold or registration token, which a plain link
 * cannot send) and hands it to the browser as a download named `filename`.
 */
export async function downloadFile(path: string, headers: Record<string, string>, filename: string) {
  const response = await fetch(path, { headers, credentials: "same-origin" });
  if (!response.ok) throw new Error(`Failed to download ${filename}`);
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
