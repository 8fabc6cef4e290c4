// Money is integer cents everywhere; these are the only places it becomes text or comes back.

function splitCents(cents: number): { sign: string; dollars: string; fraction: string } {
  if (!Number.isInteger(cents)) throw new RangeError(`Cents must be an integer: ${cents}`);
  const abs = Math.abs(cents);
  return {
    sign: cents < 0 ? "-" : "",
    dollars: String(Math.floor(abs / 100)),
    fraction: String(abs % 100).padStart(2, "0"),
  };
}

const withThousands = (dollars: string) => dollars.replace(/\B(?=(\d{3})+$)/g, ",");

/** 6750 → "67.50": for form inputs and payment-provider amounts, so no grouping. */
export function centsToDollarsString(cents: number): string {
  const { sign, dollars, fraction } = splitCents(cents);
  return `${sign}${dollars}.${fraction}`;
}

/** 6750 → "$67.50", 123450 → "$1,234.50", -500 → "-$5.00". */
export function formatCents(cents: number): string {
  const { sign, dollars, fraction } = splitCents(cents);
  return `${sign}$${withThousands(dollars)}.${fraction}`;
}

/** SPEC §2 Events card "$non-member / $member": 4500 → "$45", 6750 → "$67.50". */
export function formatPriceShort(cents: number): string {
  const { sign, dollars, fraction } = splitCents(cents);
  return fraction === "00" ? `${sign}$${withThousands(dollars)}` : formatCents(cents);
}

/**
 * Decimal dollars (a PostgreSQL numeric such as "67.50", or a form number such as 12.5) → cents,
 * rounding half up at the third decimal. Parsed as text so 1.005 does not become 100.49999.
 */
export function dollarsToCents(value: string | number): number {
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(String(value).trim());
  if (!m || (m[2] === "" && (m[3] ?? "") === "")) throw new RangeError(`Invalid amount: ${value}`);
  const decimals = (m[3] ?? "").padEnd(3, "0");
  const cents = Number(m[2] || "0") * 100 + Number(decimals.slice(0, 2)) + (Number(decimals[2]) >= 5 ? 1 : 0);
  return m[1] === "-" && cents !== 0 ? -cents : cents;
}
