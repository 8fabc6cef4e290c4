import type { RegistrationStatusResponse } from "../../contracts/events";
import type { AppDeps } from "../deps";
import { loadOwnedRegistration, type RegistrationRow } from "./load-owned-registration";

export function toRegistrationStatus(row: RegistrationRow): RegistrationStatusResponse {
  return {
    registrationId: row.id,
    eventId: row.eventId,
    status: row.status as RegistrationStatusResponse["status"],
    paymentStatus: row.paymentStatus as RegistrationStatusResponse["paymentStatus"],
    isRefunded: row.isRefunded,
  };
}

/** After the checkout: has the webhook confirmed this browser's registration yet? */
export async function getRegistrationStatus(
  deps: AppDeps,
  registrationId: string,
  token: string,
): Promise<RegistrationStatusResponse> {
  return toRegistrationStatus(await loadOwnedRegistration(deps.db, registrationId, token));
}
