import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { StaffRole } from "../../domain/staff-roles";

// SPEC §3 entities, plus what DECISIONS.md implies. Money is integer cents (docs/decisions/003).
// Venue dates and times are wall-clock values in America/Chicago; instants are timestamptz.

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ---- accounts (better-auth's tables, with our roles and flags on the user) ----

export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    isMember: boolean("is_member").notNull().default(false),
    // Issue 33: owner, manager or front_desk; null for everyone who is not staff (domain/staff-roles.ts).
    staffRole: text("staff_role").$type<StaffRole>(),
    // The spec's column, derived from the role so the two never disagree (migration 0015).
    isAdmin: boolean("is_admin").notNull().generatedAlwaysAs(sql`staff_role is not null`),
    isFrozen: boolean("is_frozen").notNull().default(false),
    membershipPlan: text("membership_plan"),
    stripeCustomerId: text("stripe_customer_id"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    nextBillingDate: timestamp("next_billing_date", { withTimezone: true }),
    cancelAt: timestamp("cancel_at", { withTimezone: true }),
    // Issue 32 item 3: a membership staff gave without payment ends at this instant (null: not comped).
    compEndsAt: timestamp("comp_ends_at", { withTimezone: true }),
    // My Profile: the player may turn booking reminders (email and SMS) off (docs/decisions/023).
    remindersEnabled: boolean("reminders_enabled").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_key").on(sql`lower(${t.email})`),
    check(
      "users_membership_plan_check",
      sql`${t.membershipPlan} is null or ${t.membershipPlan} in ('monthly', 'annual')`,
    ),
    check(
      "users_staff_role_check",
      sql`${t.staffRole} is null or ${t.staffRole} in ('owner', 'manager', 'front_desk')`,
    ),
    index("users_staff_role_idx").on(t.staffRole).where(sql`${t.staffRole} is not null`),
  ],
);

// Issue 33: an owner's invitation to join the staff; the emailed link (its token, stored hashed)
// lets the invited address set a password until expires_at.
export const staffInvitations = pgTable(
  "staff_invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    role: text("role").$type<StaffRole>().notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: text("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("staff_invitations_role_check", sql`${t.role} in ('owner', 'manager', 'front_desk')`),
    index("staff_invitations_email_idx").on(sql`lower(${t.email})`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// Login throttling (per account and per address); see src/server/auth/login-throttle.ts.
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    emailKey: text("email_key").notNull(),
    ip: text("ip").notNull(),
    success: boolean("success").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_email_at_idx").on(t.emailKey, t.at),
    index("login_attempts_ip_at_idx").on(t.ip, t.at),
  ],
);

// ---- facilities and hours ----

// Issue 31: staff add, rename, reorder and deactivate them; ids never change, names never repeat.
export const courts = pgTable(
  "courts",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("courts_name_lower_key").on(sql`lower(${t.name})`),
    check("courts_name_check", sql`length(btrim(${t.name})) between 1 and 40`),
  ],
);

export const dartBays = pgTable(
  "dart_bays",
  {
    id: integer("id").primaryKey(),
    name: text("name").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    uniqueIndex("dart_bays_name_lower_key").on(sql`lower(${t.name})`),
    check("dart_bays_name_check", sql`length(btrim(${t.name})) between 1 and 40`),
  ],
);

export const operatingHours = pgTable(
  "operating_hours",
  {
    dayOfWeek: integer("day_of_week").primaryKey(),
    opensAt: time("opens_at").notNull(),
    closesAt: time("closes_at").notNull(),
  },
  (t) => [
    check("operating_hours_day_check", sql`${t.dayOfWeek} between 0 and 6`),
    check("operating_hours_order_check", sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

// Special days (issue 31): the whole venue keeps other hours on these dates, or is closed (no
// hours). A trigger on reservations (migration 0013) refuses a booking that would break one.
export const specialDays = pgTable(
  "special_days",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    opensAt: time("opens_at"),
    closesAt: time("closes_at"),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("special_days_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      "special_days_hours_check",
      sql`(${t.opensAt} is null) = (${t.closesAt} is null) and (${t.closesAt} is null or ${t.closesAt} > ${t.opensAt})`,
    ),
    check("special_days_reason_check", sql`length(btrim(${t.reason})) between 1 and 120`),
  ],
);

// Closures of courts or bays (issue 31): one stretch from (startsOn, startTime) to (endsOn,
// endTime), or weekly on startsOn's weekday from startTime to endTime until endsOn. The same
// trigger refuses a reservation inside one.
export const facilityClosures = pgTable(
  "facility_closures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityType: text("facility_type").notNull(),
    facilityIds: integer("facility_ids").array().notNull(),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    weekly: boolean("weekly").notNull().default(false),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("facility_closures_type_check", sql`${t.facilityType} in ('court', 'dart_bay')`),
    check("facility_closures_ids_check", sql`cardinality(${t.facilityIds}) >= 1`),
    check("facility_closures_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      "facility_closures_range_check",
      sql`${t.startsOn} + ${t.startTime} < ${t.endsOn} + ${t.endTime} and (not ${t.weekly} or ${t.endTime} > ${t.startTime})`,
    ),
    check("facility_closures_reason_check", sql`length(btrim(${t.reason})) between 1 and 120`),
    index("facility_closures_type_dates_idx").on(t.facilityType, t.endsOn, t.startsOn),
  ],
);

// ---- coupons ----

export const couponCodes = pgTable(
  "coupon_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    description: text("description"),
    type: text("type").notNull(),
    // percentage: percent off (e.g. 12.50); fixed_amount: dollars off (e.g. 5.00).
    value: numeric("value", { precision: 10, scale: 2 }).notNull(),
    startDate: date("start_date").notNull(),
    endDate: date("end_date").notNull(),
    minPurchaseCents: integer("min_purchase_cents").notNull().default(0),
    maxUses: integer("max_uses"),
    currentUses: integer("current_uses").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("coupon_codes_code_lower_key").on(sql`lower(${t.code})`),
    check("coupon_codes_type_check", sql`${t.type} in ('percentage', 'fixed_amount')`),
    check("coupon_codes_value_check", sql`${t.value} >= 0.01`),
    check("coupon_codes_min_purchase_check", sql`${t.minPurchaseCents} >= 0`),
    check("coupon_codes_max_uses_check", sql`${t.maxUses} is null or ${t.maxUses} >= 1`),
    check("coupon_codes_current_uses_check", sql`${t.currentUses} >= 0`),
    check("coupon_codes_dates_check", sql`${t.endDate} >= ${t.startDate}`),
  ],
);

// ---- payment holds and reservations ----

// One "Continue to Payment": the pending reservations it created, its expiry, its coupon use.
export const holds = pgTable(
  "holds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    status: text("status").notNull().default("active"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    couponId: uuid("coupon_id").references(() => couponCodes.id, { onDelete: "set null" }),
    subtotalCents: integer("subtotal_cents").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    // Who asked (DECISIONS.md Limits against hoarding): the address and the lower-cased email the
    // per-visitor limits count by. Null for holds made before the limits existed.
    clientIp: text("client_ip"),
    customerEmail: text("customer_email"),
    // One browser's holds (issue 30 item 11): a hold made with the token of an earlier one (header
    // x-hold-token) carries that hold's visitor, so a visitor stays one across emails. Null before 0016.
    visitorId: uuid("visitor_id"),
    // A hold that carries a dearer move of a booked item (issue 30 item 1, migration 0021): its
    // pending reservation keeps the new time while the difference is paid (purpose "reschedule").
    // The booked reservation it moves; no foreign key (reservations already reference holds).
    rescheduleOf: uuid("reschedule_of"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("holds_client_ip_created_idx").on(t.clientIp, t.createdAt),
    index("holds_customer_email_active_idx").on(t.customerEmail).where(sql`${t.status} = 'active'`),
    index("holds_visitor_active_idx").on(t.visitorId).where(sql`${t.status} = 'active'`),
    index("holds_user_active_idx").on(t.userId).where(sql`${t.status} = 'active'`),
    index("holds_reschedule_of_idx").on(t.rescheduleOf).where(sql`${t.rescheduleOf} is not null`),
    check("holds_status_check", sql`${t.status} in ('active', 'paid', 'expired', 'cancelled')`),
    check(
      "holds_amounts_check",
      sql`${t.subtotalCents} >= 0 and ${t.discountCents} >= 0 and ${t.totalCents} >= 0`,
    ),
    index("holds_coupon_active_idx").on(t.couponId, t.status),
    // The expiry sweeper's lookup: active holds whose time is up.
    index("holds_status_expires_idx").on(t.status, t.expiresAt),
    // The booking reference (BK- and the id's first 8 hex digits) staff type or scan at check-in.
    index("holds_reference_idx").on(sql`upper(left(replace(${t.id}::text, '-', ''), 8))`),
  ],
);

export const reservations = pgTable(
  "reservations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    date: date("date").notNull(),
    facilityType: text("facility_type").notNull(),
    courtId: integer("court_id").references(() => courts.id),
    dartBayId: integer("dart_bay_id").references(() => dartBays.id),
    duration: integer("duration").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    priceCents: integer("price_cents").notNull().default(0),
    status: text("status").notNull(),
    paymentStatus: text("payment_status").notNull(),
    manualPaymentStatus: text("manual_payment_status"),
    isMember: boolean("is_member").notNull().default(false),
    isFreeMemberBooking: boolean("is_free_member_booking").notNull().default(false),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email"),
    customerPhone: text("customer_phone"),
    notes: text("notes"),
    wantsSmsReminders: boolean("wants_sms_reminders").notNull().default(false),
    isAdminCreated: boolean("is_admin_created").notNull().default(false),
    paymentId: text("payment_id"),
    isRefunded: boolean("is_refunded").notNull().default(false),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    holdId: uuid("hold_id").references(() => holds.id, { onDelete: "set null" }),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    // Why a pending reservation was cancelled: a payment that completes late may bring back a hold
    // that ran out or was abandoned, never an item the customer removed from the cart.
    cancelReason: text("cancel_reason"),
    // Issue 33: the front desk checks a player in, or (after the start) marks a no-show; never both.
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: text("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    noShowBy: text("no_show_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "reservations_cancel_reason_check",
      sql`${t.cancelReason} is null or ${t.cancelReason} in ('hold_expired', 'hold_cancelled', 'item_removed')`,
    ),
    check("reservations_facility_type_check", sql`${t.facilityType} in ('court', 'dart_bay')`),
    check(
      "reservations_facility_check",
      sql`(${t.facilityType} = 'court' and ${t.courtId} is not null and ${t.dartBayId} is null) or (${t.facilityType} = 'dart_bay' and ${t.dartBayId} is not null and ${t.courtId} is null)`,
    ),
    check("reservations_check_in_or_no_show_check", sql`${t.checkedInAt} is null or ${t.noShowAt} is null`),
    index("reservations_no_show_email_idx")
      .on(sql`lower(${t.customerEmail})`)
      .where(sql`${t.noShowAt} is not null`),
    check("reservations_status_check", sql`${t.status} in ('pending', 'confirmed', 'cancelled')`),
    check("reservations_payment_status_check", sql`${t.paymentStatus} in ('pending', 'paid')`),
    check(
      "reservations_manual_payment_status_check",
      sql`${t.manualPaymentStatus} is null or ${t.manualPaymentStatus} in ('unpaid', 'paid')`,
    ),
    check("reservations_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("reservations_duration_check", sql`${t.duration} > 0`),
    check("reservations_price_check", sql`${t.priceCents} >= 0`),
    // Only rows that can block a slot: every ended hold leaves cancelled rows on its date, and an
    // availability lookup must not read them (ISSUE 12: 100,000 of them took it from 1 ms to 92 ms).
    index("reservations_date_type_live_idx")
      .on(t.date, t.facilityType)
      .where(sql`${t.status} <> 'cancelled'`),
    // The bookings report's rows (confirmed, or cancelled after being booked), migration 0031.
    index("reservations_date_booking_idx")
      .on(t.date)
      .where(sql`${t.status} = 'confirmed' or (${t.status} = 'cancelled' and ${t.cancelReason} is null)`),
    index("reservations_user_date_idx").on(t.userId, t.date),
    index("reservations_hold_idx").on(t.holdId),
  ],
);

// ---- events ----

export const events = pgTable(
  "events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description"),
    type: text("type").notNull().default("open_play"),
    date: date("date").notNull(),
    startTime: time("start_time").notNull(),
    endTime: time("end_time").notNull(),
    // Court ids (courts.id): the venue's own courts, as many as staff keep (issue 31).
    courts: integer("courts").array().notNull().default(sql`'{}'::integer[]`),
    maxParticipants: integer("max_participants").notNull().default(16),
    memberPriceCents: integer("member_price_cents").notNull().default(0),
    nonMemberPriceCents: integer("non_member_price_cents").notNull().default(0),
    isPrivate: boolean("is_private").notNull().default(false),
    isPartnered: boolean("is_partnered").notNull().default(false),
    hideParticipants: boolean("hide_participants").notNull().default(false),
    skillLevels: text("skill_levels").array().notNull().default(sql`'{}'::text[]`),
    photoUrl: text("photo_url"),
    // Decision 021: the occurrences of one recurring event share it; null for a single event.
    seriesId: uuid("series_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "events_type_check",
      sql`${t.type} in ('open_play', 'league', 'classes', 'ladder', 'tournament', 'foodie')`,
    ),
    check("events_time_order_check", sql`${t.endTime} > ${t.startTime}`),
    check("events_max_participants_check", sql`${t.maxParticipants} >= 1`),
    check("events_prices_check", sql`${t.memberPriceCents} >= 0 and ${t.nonMemberPriceCents} >= 0`),
    index("events_date_idx").on(t.date),
    index("events_series_idx").on(t.seriesId, t.date).where(sql`${t.seriesId} is not null`),
  ],
);

export const eventRegistrations = pgTable(
  "event_registrations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    playerNames: text("player_names"),
    skillLevel: text("skill_level"),
    isMember: boolean("is_member").notNull().default(false),
    status: text("status").notNull().default("pending"),
    paymentStatus: text("payment_status").notNull().default("pending"),
    priceCents: integer("price_cents").notNull().default(0),
    paymentId: text("payment_id"),
    isRefunded: boolean("is_refunded").notNull().default(false),
    holdTokenHash: text("hold_token_hash"),
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    // The manage link in the confirmation email (issue 34): only the token's SHA-256 is kept.
    manageTokenHash: text("manage_token_hash"),
    checkedInAt: timestamp("checked_in_at", { withTimezone: true }),
    checkedInBy: text("checked_in_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("event_registrations_status_check", sql`${t.status} in ('pending', 'confirmed', 'cancelled')`),
    check("event_registrations_payment_status_check", sql`${t.paymentStatus} in ('pending', 'paid')`),
    index("event_registrations_event_idx").on(t.eventId, t.status),
    index("event_registrations_user_idx").on(t.userId),
    index("event_registrations_pending_due_idx").on(t.holdExpiresAt).where(sql`${t.status} = 'pending'`),
    // The registration's reference (EV- and the id's first 8 hex digits) the desk types or scans (0024).
    index("event_registrations_reference_idx").on(sql`upper(left(replace(${t.id}::text, '-', ''), 8))`),
  ],
);

// Event waitlists (issue 15 §1, docs/decisions/022): people waiting for a place in a full event,
// in seq order; an offer holds a freed place until offer_expires_at.
export const eventWaitlist = pgTable(
  "event_waitlist",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    seq: bigserial("seq", { mode: "number" }).notNull(),
    eventId: uuid("event_id")
      .notNull()
      .references(() => events.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone"),
    playerNames: text("player_names"),
    skillLevel: text("skill_level"),
    isMember: boolean("is_member").notNull().default(false),
    status: text("status").notNull().default("waiting"),
    manageTokenHash: text("manage_token_hash").notNull(),
    offerTokenHash: text("offer_token_hash"),
    offeredAt: timestamp("offered_at", { withTimezone: true }),
    offerExpiresAt: timestamp("offer_expires_at", { withTimezone: true }),
    offeredByStaff: boolean("offered_by_staff").notNull().default(false),
    registrationId: uuid("registration_id").references(() => eventRegistrations.id, { onDelete: "set null" }),
    clientIp: text("client_ip"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "event_waitlist_status_check",
      sql`${t.status} in ('waiting', 'offered', 'accepted', 'declined', 'lapsed', 'left', 'closed')`,
    ),
    index("event_waitlist_event_status_idx").on(t.eventId, t.status, t.seq),
    uniqueIndex("event_waitlist_live_email_idx")
      .on(t.eventId, sql`lower(${t.customerEmail})`)
      .where(sql`${t.status} in ('waiting', 'offered')`),
    index("event_waitlist_offer_due_idx").on(t.offerExpiresAt).where(sql`${t.status} = 'offered'`),
    index("event_waitlist_client_ip_idx").on(t.clientIp, t.createdAt),
  ],
);

// ---- payments, webhooks, membership signups ----

export type CheckoutLineItem = { name: string; description: string; amountCents: number };

/** A checkout as its purpose declared it (payments.checkout); see src/server/payments/checkout-purpose.ts. */
export type StoredCheckout = {
  mode: "payment" | "subscription";
  lineItems: CheckoutLineItem[];
  discountCents: number;
  couponCode: string | null;
  customerEmail: string | null;
  /** Our ids that travel with the session and come back in its events (purpose and paymentId added). */
  metadata: Record<string, string>;
  /** A subscription: the plan's provider price id (null with the test checkout), and its period. */
  recurring: { price: string | null; interval: "month" | "year" } | null;
  /** Where the browser goes, relative to the public address; {CHECKOUT_SESSION_ID} is the session's id. */
  successPath: string;
  cancelPath: string;
  /** Where a session that can no longer be paid sends the buyer back to. */
  backPath: string;
};

export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(),
    purpose: text("purpose").notNull(),
    providerSessionId: text("provider_session_id"),
    providerPaymentId: text("provider_payment_id"),
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    amountCents: integer("amount_cents").notNull(),
    refundedCents: integer("refunded_cents").notNull().default(0),
    currency: text("currency").notNull().default("usd"),
    state: text("state").notNull().default("created"),
    // The purpose's own row this payment is for (a hold, an event registration, a membership signup);
    // what it is belongs to the purpose (src/server/checkout-purposes.ts), so no foreign key.
    reference: uuid("reference"),
    // What the checkout showed and sent, as the purpose declared it (the test checkout renders it).
    checkout: jsonb("checkout").$type<StoredCheckout>(),
    // The hosted checkout page the buyer is sent to, and when that session stops taking payment.
    checkoutUrl: text("checkout_url"),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    // The provider's refund, when this payment was given back (a late payment whose slot was taken).
    providerRefundId: text("provider_refund_id"),
    // Issue 32 item 4: how it was paid. Online through the provider, or at the desk (provider 'desk').
    method: text("method").notNull().default("online"),
    // A membership's later period, paid by an invoice without a checkout (migration 0030): revenue,
    // never a new membership. provider_payment_id holds the invoice's id.
    isRenewal: boolean("is_renewal").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("payments_reference_idx").on(t.reference, t.purpose),
    // The revenue report's range of payments taken (migration 0028).
    index("payments_paid_created_idx").on(t.createdAt).where(sql`${t.state} in ('completed', 'refunded')`),
    check("payments_provider_check", sql`${t.provider} in ('stripe', 'test', 'desk')`),
    check("payments_method_check", sql`${t.method} in ('online', 'cash', 'desk_card')`),
    check("payments_refund_within_amount_check", sql`${t.refundedCents} <= ${t.amountCents}`),
    check(
      "payments_state_check",
      sql`${t.state} in ('created', 'completed', 'expired', 'refunded', 'failed')`,
    ),
    check("payments_amounts_check", sql`${t.amountCents} >= 0 and ${t.refundedCents} >= 0`),
    uniqueIndex("payments_provider_session_key").on(t.provider, t.providerSessionId),
    // One membership payment per invoice: a replayed or second event of it adds nothing (0030).
    uniqueIndex("payments_membership_invoice_key")
      .on(t.provider, t.providerPaymentId)
      .where(sql`${t.purpose} = 'membership' and ${t.providerPaymentId} is not null`),
  ],
);

/**
 * Issue 32 item 5: every refund of a payment, one row each (the ledger the reports sum against
 * payments). payments.refunded_cents stays their running total, kept in the same transaction.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    /** The reservation given back with it, when the refund was for one. */
    reservationId: uuid("reservation_id").references(() => reservations.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    /** The staff member who refunded; null for the system's own refunds (a late payment). */
    actorUserId: text("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason"),
    providerRefundId: text("provider_refund_id"),
    idempotencyKey: text("idempotency_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("payment_refunds_amount_check", sql`${t.amountCents} > 0`),
    index("payment_refunds_payment_idx").on(t.paymentId),
    index("payment_refunds_key_idx").on(t.idempotencyKey),
    index("payment_refunds_created_idx").on(t.createdAt),
    // One provider refund is booked once, on whichever payment booked it first (0032, decision 043).
    uniqueIndex("payment_refunds_provider_refund_key")
      .on(t.providerRefundId)
      .where(sql`${t.providerRefundId} is not null`),
  ],
);

export const processedWebhookEvents = pgTable(
  "processed_webhook_events",
  {
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    eventType: text("event_type").notNull(),
    processedAt: timestamp("processed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
);

export const pendingMembershipSignups = pgTable(
  "pending_membership_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    phone: text("phone"),
    plan: text("plan").notNull(),
    // Hashed when the form is submitted; the plain password never leaves the server.
    passwordHash: text("password_hash").notNull(),
    status: text("status").notNull().default("pending"),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("pending_membership_signups_plan_check", sql`${t.plan} in ('monthly', 'annual')`),
    check("pending_membership_signups_status_check", sql`${t.status} in ('pending', 'completed', 'expired')`),
  ],
);

// ---- settings, audit, email ----

export const venueSettings = pgTable(
  "venue_settings",
  {
    id: integer("id").primaryKey().default(1),
    venueName: text("venue_name"),
    clubName: text("club_name"),
    phone: text("phone"),
    email: text("email"),
    address: text("address"),
    policyHost: text("policy_host"),
    logoUrl: text("logo_url"),
    waiverUrl: text("waiver_url"),
    // Issue 31: "#rrggbb" (null: the app's own teal) and the policy pages (null: the policy host's).
    brandColor: text("brand_color"),
    privacyUrl: text("privacy_url"),
    termsUrl: text("terms_url"),
    refundUrl: text("refund_url"),
    managerPasswordHash: text("manager_password_hash"),
    // Limits against hoarding (src/domain/hold-limits.ts); null means the default.
    holdLimitActivePerVisitor: integer("hold_limit_active_per_visitor"),
    holdLimitSlotsPerHold: integer("hold_limit_slots_per_hold"),
    holdLimitPerAddress: integer("hold_limit_per_address"),
    holdLimitWindowMinutes: integer("hold_limit_window_minutes"),
    // Self-service cancellation (DECISIONS.md, decision 019): off by default, which keeps "call us".
    selfServiceEnabled: boolean("self_service_enabled").notNull().default(false),
    selfServiceHoursBefore: integer("self_service_hours_before").notNull().default(24),
    selfServiceRefundPercent: integer("self_service_refund_percent").notNull().default(100),
    // How long a waitlist offer holds a freed event place (src/domain/waitlist.ts); null means the default.
    waitlistOfferMinutes: integer("waitlist_offer_minutes"),
    // Reminder lead times in hours (docs/decisions/023); null first = 24, null second = none.
    reminderLeadHours: integer("reminder_lead_hours"),
    reminderSecondLeadHours: integer("reminder_second_lead_hours"),
    // Members may cancel their own membership at period end (issue 34): off by default, which keeps
    // the spec's staff cancellation with the manager password.
    memberSelfCancel: boolean("member_self_cancel").notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("venue_settings_single_row", sql`${t.id} = 1`),
    check(
      "venue_settings_brand_color_check",
      sql`${t.brandColor} is null or ${t.brandColor} ~ '^#[0-9a-f]{6}$'`,
    ),
    check(
      "venue_settings_self_service_check",
      sql`${t.selfServiceHoursBefore} between 0 and 720 and ${t.selfServiceRefundPercent} between 0 and 100`,
    ),
    check(
      "venue_settings_reminder_leads_check",
      sql`(${t.reminderLeadHours} is null or ${t.reminderLeadHours} between 1 and 72) and (${t.reminderSecondLeadHours} is null or ${t.reminderSecondLeadHours} between 1 and 72)`,
    ),
  ],
);

// The venue's rate card, one row per facility type (issue 32, src/domain/rate-card.ts: the shape of
// `rates`), seeded with the spec's §9 tables; read through src/server/settings/rate-card.ts.
export const rateCards = pgTable(
  "rate_cards",
  {
    facilityType: text("facility_type").primaryKey(),
    rates: jsonb("rates").notNull(),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by"),
  },
  (t) => [check("rate_cards_facility_type_check", sql`${t.facilityType} in ('court', 'dart_bay')`)],
);

// The membership plans (issue 32 item 3): the two plans of the spec, seeded with its prices by
// migration 0022; staff edit their name, price, interval and the payment provider's price id.
export const membershipPlans = pgTable(
  "membership_plans",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    interval: text("interval").notNull(),
    providerPriceId: text("provider_price_id"),
    position: integer("position").notNull(),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by"),
  },
  (t) => [
    check("membership_plans_id_check", sql`${t.id} in ('monthly', 'annual')`),
    check("membership_plans_interval_check", sql`${t.interval} in ('month', 'year')`),
    check("membership_plans_price_check", sql`${t.priceCents} between 0 and 1000000`),
    check("membership_plans_name_check", sql`length(trim(${t.name})) between 1 and 60`),
  ],
);

// Horizons, the payment hold and the member perks (issue 32 item 2), one row seeded with the spec's
// §9 values; `free_windows` maps a weekday (0 = Sunday) to the window a free booking must lie in.
export const bookingRules = pgTable(
  "booking_rules",
  {
    id: integer("id").primaryKey().default(1),
    guestHorizonDays: integer("guest_horizon_days").notNull().default(10),
    memberHorizonDays: integer("member_horizon_days").notNull().default(14),
    holdMinutes: integer("hold_minutes").notNull().default(15),
    freeBookingsPerWeek: integer("free_bookings_per_week").notNull().default(2),
    freeBookingMinutes: integer("free_booking_minutes").notNull().default(120),
    freeWindows: jsonb("free_windows").notNull(),
    updatedAt: updatedAt(),
    updatedBy: text("updated_by"),
  },
  (t) => [
    check("booking_rules_single_row", sql`${t.id} = 1`),
    check(
      "booking_rules_limits_check",
      sql`${t.guestHorizonDays} between 1 and 365 and ${t.memberHorizonDays} between 1 and 365 and ${t.holdMinutes} between 5 and 60 and ${t.freeBookingsPerWeek} between 0 and 14 and ${t.freeBookingMinutes} between 30 and 240`,
    ),
  ],
);

// A booking's manage link (decision 019): the random token is emailed or shown once; only its
// SHA-256 is kept here, with the instant the link stops working.
export const manageLinks = pgTable(
  "manage_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    holdId: uuid("hold_id")
      .notNull()
      .references(() => holds.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("manage_links_hold_idx").on(t.holdId)],
);

// Fixed-window counters shared by every instance (one upsert per hit): the manage-link lookup's
// throttle against guessing.
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    bucket: text("bucket").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    hits: integer("hits").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] })],
);

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorUserId: text("actor_user_id"),
    action: text("action").notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    outcome: text("outcome").notNull(),
    details: jsonb("details"),
  },
  (t) => [
    check("audit_log_outcome_check", sql`${t.outcome} in ('success', 'denied', 'error')`),
    index("audit_log_actor_at_idx").on(t.actorUserId, t.at),
    index("audit_log_at_idx").on(t.at),
  ],
);

/**
 * One row per backup the `backup` command finished (issue 30 item 12): /metrics reports the age of
 * the newest, so an alert fires when the nightly backup stops (docs/monitoring.md).
 */
export const backupRuns = pgTable("backup_runs", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  finishedAt: timestamp("finished_at", { withTimezone: true }).notNull().defaultNow(),
  /** postgres or pglite, as the archive's manifest says. */
  database: text("database").notNull(),
  /** The archive's file name. */
  archive: text("archive").notNull(),
});

export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    attachments:
      jsonb("attachments").$type<
        Array<{ filename: string; contentType: string; content: string; cid?: string }>
      >(),
    // Makes an email idempotent: the same dedupe key is queued once.
    dedupeKey: text("dedupe_key").unique(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
  ],
);

// ---- reminders, SMS and court alerts (docs/decisions/023) ----

export const smsOutbox = pgTable(
  "sms_outbox",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    // Makes a message idempotent: the same dedupe key is queued once.
    dedupeKey: text("dedupe_key").unique(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    providerMessageId: text("provider_message_id"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    check("sms_outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("sms_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("sms_outbox_phone_idx").on(t.toPhone, t.createdAt),
  ],
);

/**
 * A one-time code texted to prove a phone (issue 30 item 2, DECISIONS.md turn 3): for the person
 * behind `email`. `sent` is false when the phone's limits kept the text from going (the row still
 * counts the request). Only the code's hash is kept.
 */
export const phoneCodes = pgTable(
  "phone_codes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    codeHash: text("code_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    sent: boolean("sent").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    clientIp: text("client_ip"),
    createdAt: createdAt(),
  },
  (t) => [index("phone_codes_phone_idx").on(t.phone, t.createdAt)],
);

/** A phone its owner proved with a code, for the person (email) who proved it: texts may go there. */
export const verifiedPhones = pgTable(
  "verified_phones",
  {
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ name: "verified_phones_pkey", columns: [t.phone, t.email] })],
);

/** Phones that answered STOP: no text goes to them until they answer START. */
export const smsOptOuts = pgTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull(),
});

/** One row per reminder queued: (booking, its start instant, lead) is sent once, ever. */
export const reminderSends = pgTable(
  "reminder_sends",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    bookingKind: text("booking_kind").notNull(),
    bookingId: uuid("booking_id").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    leadMinutes: integer("lead_minutes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("reminder_sends_kind_check", sql`${t.bookingKind} in ('reservation', 'registration')`),
    uniqueIndex("reminder_sends_once_key").on(t.bookingKind, t.bookingId, t.startsAt, t.leadMinutes),
  ],
);

export const courtAlerts = pgTable(
  "court_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    facilityType: text("facility_type").notNull(),
    date: date("date").notNull(),
    startTime: time("start_time").notNull(),
    duration: integer("duration").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    wantsSms: boolean("wants_sms").notNull().default(false),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    clientIp: text("client_ip"),
    status: text("status").notNull().default("active"),
    createdAt: createdAt(),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (t) => [
    check("court_alerts_facility_type_check", sql`${t.facilityType} in ('court', 'dart_bay')`),
    check("court_alerts_status_check", sql`${t.status} in ('active', 'notified', 'expired')`),
    check("court_alerts_duration_check", sql`${t.duration} > 0`),
    index("court_alerts_active_date_idx").on(t.date).where(sql`${t.status} = 'active'`),
    index("court_alerts_active_email_idx").on(sql`lower(${t.email})`).where(sql`${t.status} = 'active'`),
    index("court_alerts_client_ip_created_idx").on(t.clientIp, t.createdAt),
    uniqueIndex("court_alerts_one_per_slot_key")
      .on(sql`lower(${t.email})`, t.facilityType, t.date, t.startTime, t.duration)
      .where(sql`${t.status} = 'active'`),
  ],
);

// The built-in test checkout's stand-in for Stripe's billing portal (issue 34 item 4): the card a
// test customer last entered there. Stripe keeps its own cards; with Stripe this stays empty.
export const testBillingCards = pgTable(
  "test_billing_cards",
  {
    customerId: text("customer_id").primaryKey(),
    brand: text("brand").notNull(),
    last4: text("last4").notNull(),
    expMonth: integer("exp_month").notNull(),
    expYear: integer("exp_year").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "test_billing_cards_card_check",
      sql`${t.last4} ~ '^[0-9]{4}$' and ${t.expMonth} between 1 and 12 and ${t.expYear} between 2000 and 2100`,
    ),
  ],
);
