import { z } from "zod";
import { STAFF_ROLES } from "../domain/staff-roles";

// Issue 33: staff management (/admin/staff, the owner's) and the invitation an invited person opens.

export const staffRole = z.enum(STAFF_ROLES, { error: "Choose a role: owner, manager or front desk" });

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: staffRole,
  /** The signed-in owner's own row. */
  isYou: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMember>;

export const pendingInvitation = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRole,
  expiresAt: z.string(),
  invitedBy: z.string().nullable(),
});
export type PendingInvitation = z.infer<typeof pendingInvitation>;

export const staffListResponse = z.object({
  staff: z.array(staffMember),
  invitations: z.array(pendingInvitation),
});
export type StaffListResponse = z.infer<typeof staffListResponse>;

export const inviteStaffRequest = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .min(1, "Please enter an email")
    .max(254)
    .pipe(z.email("Please enter a valid email address")),
  role: staffRole,
});
export type InviteStaffRequest = z.infer<typeof inviteStaffRequest>;

export const invitationResponse = z.object({ invitation: pendingInvitation });

export const changeStaffRoleRequest = z.object({ role: staffRole });
export type ChangeStaffRoleRequest = z.infer<typeof changeStaffRoleRequest>;

export const staffMemberResponse = z.object({ member: staffMember });

export const staffIdParams = z.object({ id: z.string().min(1).max(64) });
export const invitationIdParams = z.object({ id: z.uuid("Invitation not found") });

// ---- the invited person's side (public: the emailed token is the permission) ----

const invitationToken = z.string().min(1, "This invitation link is not valid").max(512);

export const invitationLookupRequest = z.object({ token: invitationToken });

export const invitationLookupResponse = z.object({
  email: z.string(),
  role: staffRole,
  venueName: z.string(),
  expiresAt: z.string(),
});
export type InvitationLookupResponse = z.infer<typeof invitationLookupResponse>;

export const acceptInvitationRequest = z.object({
  token: invitationToken,
  firstName: z.string().trim().min(1, "First name is required").max(100),
  lastName: z.string().trim().min(1, "Last name is required").max(100),
  password: z.string().max(256),
  confirmPassword: z.string().max(256),
});
export type AcceptInvitationRequest = z.infer<typeof acceptInvitationRequest>;

export const acceptInvitationResponse = z.object({ email: z.string() });
