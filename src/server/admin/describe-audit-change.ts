// Issue 33: an audit row's { before, after } in words a person scans: "role: manager → front_desk;
// status: confirmed → cancelled". Keys whose values did not change are left out.

const show = (value: unknown): string => {
  if (value === null || value === undefined) return "none";
  if (typeof value === "string") return value === "" ? "empty" : value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function describeAuditChange(details: Record<string, unknown>): string | null {
  if (!("before" in details) && !("after" in details)) return null;
  const { before, after } = details;
  if (!isRecord(before) && !isRecord(after)) return `${show(before)} → ${show(after)}`;
  if (!isRecord(before)) return `added: ${describeValues(after)}`;
  if (!isRecord(after)) return `removed: ${describeValues(before)}`;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  const changed = keys
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => `${key}: ${show(before[key])} → ${show(after[key])}`);
  return changed.length > 0 ? changed.join("; ") : "no change";
}

function describeValues(values: unknown): string {
  if (!isRecord(values)) return show(values);
  return Object.entries(values)
    .map(([key, value]) => `${key} ${show(value)}`)
    .join(", ");
}
