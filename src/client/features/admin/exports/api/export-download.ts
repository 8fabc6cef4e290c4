import type { ExportKind } from "../../../../../domain/csv-export";

/**
 * GET /api/admin/exports/{kind}?from&to: a CSV file the browser downloads itself (a link, not a
 * query: the file streams to disk and never passes through the page's memory).
 */
export function exportDownloadUrl(kind: ExportKind, from: string, to: string): string {
  return `/api/admin/exports/${kind}?${new URLSearchParams({ from, to })}`;
}
