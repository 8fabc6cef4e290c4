import type { VenueIdentityBody, VenueIdentityDto } from "../../contracts/venue";
import type { SessionUser } from "../auth/session-user";
import { venueSettings } from "../db/schema";
import type { AppDeps } from "../deps";
import { writeAudit } from "../kernel/staff/audit-log";
import { loadVenueIdentity, type VenueIdentity } from "../settings/venue-settings";
import { changeVenueRules } from "./change-venue-rules";
import { checkVenueFile, storeVenueFile, type VenueFileKind } from "./venue-files";

export const identityDto = (v: VenueIdentity): VenueIdentityDto => ({
  venueName: v.venueName,
  clubName: v.clubName,
  phone: v.phone,
  email: v.email,
  address: v.address,
  policyHost: v.policyHost,
  privacyUrl: v.privacyUrl,
  termsUrl: v.termsUrl,
  refundUrl: v.refundUrl,
  brandColor: v.brandColor,
  logoUrl: v.logoUrl,
  waiverUrl: v.waiverUrl,
});

/** Only what changed, as { field: value }: the audit row's before and after. */
function changedFields(before: VenueIdentityDto, after: VenueIdentityDto) {
  const was: Record<string, string> = {};
  const now: Record<string, string> = {};
  for (const key of Object.keys(after) as Array<keyof VenueIdentityDto>) {
    if (before[key] !== after[key]) {
      was[key] = before[key];
      now[key] = after[key];
    }
  }
  return { before: was, after: now };
}

async function saveIdentity(
  deps: AppDeps,
  actor: SessionUser,
  values: Partial<typeof venueSettings.$inferInsert>,
  action: "update_venue_identity" | "update_venue_logo" | "update_venue_waiver",
): Promise<VenueIdentityDto> {
  const before = identityDto(await loadVenueIdentity(deps.db, deps.config));
  const now = deps.now();
  await changeVenueRules(deps, async (tx) => {
    // The first save also writes the first-run defaults (environment or demo) it showed into the row.
    const row = { ...before, ...values, updatedAt: now };
    await tx
      .insert(venueSettings)
      .values({ id: 1, ...row })
      .onConflictDoUpdate({ target: venueSettings.id, set: row });
    const after = { ...before, ...(values as Partial<VenueIdentityDto>) };
    await writeAudit(tx, {
      actorUserId: actor.id,
      action,
      targetType: "venue_settings",
      targetId: "1",
      targetLabel: after.venueName,
      outcome: "success",
      at: now,
      details: changedFields(before, after),
    });
  });
  return identityDto(await loadVenueIdentity(deps.db, deps.config));
}

/** Staff edit the venue's name, contact, links and colour (issue 31 item 4), audited with before and after. */
export function updateVenueIdentity(deps: AppDeps, actor: SessionUser, body: VenueIdentityBody) {
  return saveIdentity(deps, actor, body, "update_venue_identity");
}

/** A new logo or waiver: checked by its bytes, stored, and in force at once. */
export async function uploadVenueFile(
  deps: AppDeps,
  actor: SessionUser,
  kind: VenueFileKind,
  file: File,
): Promise<VenueIdentityDto> {
  const checked = await checkVenueFile(kind, file);
  const url = await storeVenueFile(deps.config, checked, deps.now());
  return kind === "logo"
    ? saveIdentity(deps, actor, { logoUrl: url }, "update_venue_logo")
    : saveIdentity(deps, actor, { waiverUrl: url }, "update_venue_waiver");
}
