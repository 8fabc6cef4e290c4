import type { AdminRegistration } from "../../contracts/events";
import { playerNamesOf } from "../../domain/events";
import type { RegistrationRow } from "./load-owned-registration";

/** Never a raw row to the browser (CONVENTIONS.md): no token hash, no hold internals. */
export function toAdminRegistration(row: RegistrationRow): AdminRegistration {
  return {
    id: row.id,
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    customerPhone: row.customerPhone,
    playerNames: playerNamesOf(row.playerNames),
    skillLevel: row.skillLevel,
    isMember: row.isMember,
    status: row.status as AdminRegistration["status"],
    paymentStatus: row.paymentStatus as AdminRegistration["paymentStatus"],
    paymentId: row.paymentId,
    isRefunded: row.isRefunded,
    priceCents: row.priceCents,
    createdAt: row.createdAt.toISOString(),
    checkedInAt: row.checkedInAt?.toISOString() ?? null,
  };
}
