import { eq } from "drizzle-orm";
import type { UpdateProfileRequest } from "../../contracts/auth";
import { INVALID_PHONE_MESSAGE, normalizeUsPhone } from "../../domain/phone";
import type { SessionUser } from "../auth/session-user";
import { users } from "../db/schema";
import type { AppDeps } from "../deps";
import { AppError, fieldError } from "../lib/errors";
import { loadVenueIdentity } from "../settings/venue-settings";

/** SPEC §2 My Profile: first name, last name and phone; the email is not editable here. */
export async function updateProfile(deps: AppDeps, user: SessionUser, input: UpdateProfileRequest) {
  const phone = normalizeUsPhone(input.phone ?? "");
  if (!phone.ok) {
    const venue = await loadVenueIdentity(deps.db, deps.config);
    throw fieldError("phone", INVALID_PHONE_MESSAGE(venue.phone));
  }
  const [row] = await deps.db
    .update(users)
    .set({
      firstName: input.firstName,
      lastName: input.lastName,
      name: `${input.firstName} ${input.lastName}`,
      phone: phone.value,
      updatedAt: deps.now(),
    })
    .where(eq(users.id, user.id))
    .returning();
  if (!row) throw new AppError("NOT_FOUND", "Failed to update profile");
  return row;
}
