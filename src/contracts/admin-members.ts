import { z } from "zod";
import { managerPasswordField } from "./admin";
import { dateString } from "./common";

// SPEC §2 Active Members, §3 Active member, §7 freeze_account, cancel_membership, get_subscription_info.

export const activeMember = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  isFrozen: z.boolean(),
  /** The venue date the membership ends, when a cancellation is scheduled. */
  cancelAt: dateString.nullable(),
  /** Issue 33: the member's no-shows at the venue so far (bookings under their email). */
  noShows: z.number().int(),
  /** A complimentary membership (issue 32 item 3): the venue date it ends. */
  compEndsOn: dateString.nullable(),
});
export type ActiveMember = z.infer<typeof activeMember>;

export const membersResponse = z.object({ members: z.array(activeMember) });
export type MembersResponse = z.infer<typeof membersResponse>;

export const memberIdParams = z.object({ id: z.string().min(1).max(64) });

export const freezeRequest = z.object({ managerPassword: managerPasswordField, freeze: z.boolean() });

export const cancelMembershipRequest = z.object({ managerPassword: managerPasswordField });

export const subscriptionInfoResponse = z.object({ nextBillingDate: dateString });
export type SubscriptionInfo = z.infer<typeof subscriptionInfoResponse>;

export const memberResponse = z.object({ member: activeMember });
export type MemberResponse = z.infer<typeof memberResponse>;
