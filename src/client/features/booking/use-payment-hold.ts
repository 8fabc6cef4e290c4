import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useState } from "react";
import type { HoldSummary } from "../../../contracts/booking";
import { BOOKING_FORM_MESSAGES, checkBookingForm } from "../../../domain/booking-form";
import { ApiError, errorMessage } from "../../lib/api";
import { notifyError, notifyInfo, notifySuccess } from "../../lib/notify";
import {
  bookingKeys,
  cancelHoldItem,
  createHold,
  fetchHold,
  type Pricing,
  startCheckout,
} from "./booking-api";
import {
  clearPendingReservation,
  readPendingReservation,
  savePendingReservation,
} from "./pending-reservation";
import { type ActiveHold, type CartItem, heldItems } from "./types";
import { type Cart, toCartInput } from "./use-cart";
import type { CustomerErrors, CustomerForm } from "./use-customer-form";

const INLINE_FIELD: Record<string, keyof CustomerErrors> = {
  [BOOKING_FORM_MESSAGES.terms]: "termsAccepted",
  [BOOKING_FORM_MESSAGES.name]: "name",
  [BOOKING_FORM_MESSAGES.email]: "email",
  [BOOKING_FORM_MESSAGES.emailFormat]: "email",
  [BOOKING_FORM_MESSAGES.smsConsent]: "smsConsent",
};

/**
 * Steps 5–6: "Continue to Payment" creates the 15-minute hold (SPEC §4 Public paid booking flow),
 * the payment panel pays it, removes items from it, and leaves it when its time is up.
 */
export function usePaymentHold({
  cart,
  form,
  pricing,
}: {
  cart: Cart;
  form: CustomerForm;
  pricing: Pricing;
}) {
  const queryClient = useQueryClient();
  const [hold, setHold] = useState<ActiveHold | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [paying, setPaying] = useState(false);
  const [removingKey, setRemovingKey] = useState<string | null>(null);
  const { setItems, setCoupon } = cart;

  const reloadSlots = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll }),
    [queryClient],
  );

  const enter = useCallback(
    (summary: HoldSummary, holdToken: string) => {
      setHold({
        holdId: summary.holdId,
        holdToken,
        expiresAt: summary.expiresAt,
        subtotalCents: summary.subtotalCents,
        discountCents: summary.discountCents,
        totalCents: summary.totalCents,
      });
      setItems(heldItems(summary.items));
      setCoupon(
        summary.coupon
          ? { ...summary.coupon, subtotalCents: summary.subtotalCents, totalCents: summary.totalCents }
          : null,
      );
    },
    [setItems, setCoupon],
  );

  /** Back to the booking steps; the cart stays (without its reservations) unless it is emptied. */
  const leave = useCallback(
    (keepCart: boolean) => {
      clearPendingReservation();
      setHold(null);
      setPaying(false);
      if (keepCart)
        setItems((items) => items.map(({ reservationId: _r, facilityName: _f, ...rest }) => rest));
      else {
        setItems([]);
        setCoupon(null);
      }
      reloadSlots();
    },
    [reloadSlots, setItems, setCoupon],
  );

  const expire = useCallback(() => {
    notifyError("Reservation time expired");
    leave(true);
  }, [leave]);

  // A reload (or Back from the checkout page) returns to the payment panel while the hold runs.
  useEffect(() => {
    const pending = readPendingReservation();
    if (!pending) return;
    let stale = false;
    fetchHold(pending.holdId, pending.holdToken)
      .then((summary) => {
        if (stale) return;
        const running = summary.status === "active" && Date.parse(summary.expiresAt) > Date.now();
        if (running && heldItems(summary.items).length > 0) enter(summary, pending.holdToken);
        else clearPendingReservation();
      })
      .catch((err) => {
        if (!stale && err instanceof ApiError && err.status >= 400 && err.status < 500) {
          clearPendingReservation();
        }
      });
    return () => {
      stale = true;
    };
  }, [enter]);

  // Coming back to this page from the browser's cache: the Pay button is usable again.
  useEffect(() => {
    const onShow = (e: PageTransitionEvent) => {
      if (e.persisted) setPaying(false);
    };
    window.addEventListener("pageshow", onShow);
    return () => window.removeEventListener("pageshow", onShow);
  }, []);

  const continueToPayment = useCallback(async () => {
    const v = form.values;
    const problem = checkBookingForm({ ...v, items: cart.items });
    if (problem) {
      notifyError(problem);
      const field = INLINE_FIELD[problem];
      if (field) form.setErrors({ [field]: problem });
      return;
    }
    setSubmitting(true);
    try {
      const created = await createHold(
        {
          items: toCartInput(cart.items),
          customer: {
            name: v.name.trim(),
            email: v.email.trim(),
            phone: v.phone.trim() || null,
            smsConsent: v.smsConsent,
            notes: v.notes.trim() || null,
            termsAccepted: v.termsAccepted,
          },
          couponCode: cart.coupon?.code ?? null,
          memberId: pricing.memberId,
          useNonMemberPricing: pricing.useNonMemberPricing,
        },
        readPendingReservation()?.holdToken,
      );
      savePendingReservation({
        holdId: created.holdId,
        holdToken: created.holdToken,
        expiresAt: created.expiresAt,
      });
      enter(created, created.holdToken);
      window.scrollTo({ top: 0, behavior: "smooth" });
    } catch (err) {
      notifyError(`Error creating reservation: ${errorMessage(err, "Failed to create reservation")}`);
    } finally {
      setSubmitting(false);
      reloadSlots();
    }
  }, [form, cart.items, cart.coupon, pricing, enter, reloadSlots]);

  const pay = useCallback(async () => {
    if (!hold) return;
    setPaying(true);
    try {
      const checkout = await startCheckout(hold.holdId, hold.holdToken);
      if (!checkout.url) {
        setPaying(false);
        notifyError("No checkout URL returned");
        return;
      }
      window.location.assign(checkout.url);
    } catch (err) {
      setPaying(false);
      if (err instanceof ApiError && err.code === "HOLD_EXPIRED") return expire();
      const providerMessage = err instanceof ApiError && err.code === "PAYMENT_PROVIDER";
      notifyError(providerMessage ? err.message : errorMessage(err, "Failed to create checkout session"));
    }
  }, [hold, expire]);

  /** SPEC §4: removing an item in payment mode cancels that reservation, with the hold's token. */
  const removeHeldItem = useCallback(
    async (item: CartItem) => {
      if (!hold || !item.reservationId) return;
      setRemovingKey(item.key);
      try {
        const result = await cancelHoldItem(hold.holdId, item.reservationId, hold.holdToken);
        if (result.alreadyCancelled) notifyInfo(result.message);
        else notifySuccess(result.message);
        if (result.couponRemovedReason) notifyError(result.couponRemovedReason);
        const left = heldItems(result.hold.items);
        if (left.length === 0) leave(false);
        else if (result.hold.status !== "active") expire();
        else {
          enter(result.hold, hold.holdToken);
          reloadSlots();
        }
      } catch (err) {
        notifyError(errorMessage(err, "Failed to cancel reservation"));
      } finally {
        setRemovingKey(null);
      }
    },
    [hold, enter, leave, expire, reloadSlots],
  );

  const reset = useCallback(() => {
    clearPendingReservation();
    setHold(null);
    setPaying(false);
  }, []);

  return { hold, submitting, paying, removingKey, continueToPayment, pay, removeHeldItem, expire, reset };
}
