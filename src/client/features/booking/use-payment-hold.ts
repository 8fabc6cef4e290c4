import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { HoldSummary } from "../../../contracts/booking-holds";
import { bookingFormProblem } from "../../../domain/booking-form";
import { ApiError, errorField, errorMessage } from "../../lib/api";
import { notifyError, notifyInfo, notifySuccess } from "../../lib/notify";
import { scrollBehavior } from "../../lib/scroll-into-view";
import { bookingKeys, type Pricing } from "./api/booking-keys";
import { useCancelHoldItem } from "./api/cancel-hold-item";
import { useCreateHold } from "./api/create-hold";
import { toCartInput } from "./api/quote-cart";
import { useStartCheckout } from "./api/start-checkout";
import {
  clearPendingReservation,
  readPendingReservation,
  savePendingReservation,
} from "./pending-reservation";
import { type ActiveHold, type CartItem, heldItems } from "./types";
import type { Cart } from "./use-cart";
import { CUSTOMER_FIELDS, type CustomerForm, showCustomerField } from "./use-customer-form";
import { useHoldResume } from "./use-hold-resume";

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
  const create = useCreateHold();
  const checkout = useStartCheckout();
  const cancelItem = useCancelHoldItem();
  const { setItems, setCouponCode } = cart;
  const { reset: resetCheckout } = checkout;

  const reloadSlots = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll }),
    [queryClient],
  );

  // Set when Pay sends the browser to the checkout the hold came with (no request to wait for).
  const [leaving, setLeaving] = useState(false);

  const enter = useCallback(
    (summary: HoldSummary, holdToken: string, checkoutUrl: string | null = null) => {
      setHold({
        holdId: summary.holdId,
        holdToken,
        expiresAt: summary.expiresAt,
        subtotalCents: summary.subtotalCents,
        discountCents: summary.discountCents,
        totalCents: summary.totalCents,
        checkoutUrl,
      });
      setItems(heldItems(summary.items));
      setCouponCode(summary.coupon?.code ?? null);
    },
    [setItems, setCouponCode],
  );

  /** Back to the booking steps; the cart stays (without its reservations) unless it is emptied. */
  const leave = useCallback(
    (keepCart: boolean) => {
      clearPendingReservation();
      setHold(null);
      setLeaving(false);
      resetCheckout();
      if (keepCart)
        setItems((items) => items.map(({ reservationId: _r, facilityName: _f, ...rest }) => rest));
      else {
        setItems([]);
        setCouponCode(null);
      }
      reloadSlots();
    },
    [reloadSlots, setItems, setCouponCode, resetCheckout],
  );

  const expire = useCallback(() => {
    notifyError("Reservation time expired");
    leave(true);
  }, [leave]);

  const payAgain = useCallback(() => {
    setLeaving(false);
    resetCheckout();
  }, [resetCheckout]);
  useHoldResume({ enter, onPageShow: payAgain });

  const { mutate: createHold } = create;
  const continueToPayment = useCallback(() => {
    const v = form.values;
    form.markAttempted();
    const problem = bookingFormProblem({ ...v, items: cart.items });
    if (problem) {
      notifyError(problem.message);
      // Said at the field too, brought into view: the toast alone is easy to miss on a phone.
      const field = CUSTOMER_FIELDS.find((f) => f === problem.field);
      if (field) {
        form.setErrors({ [field]: problem.message });
        showCustomerField(field);
      }
      return;
    }
    createHold(
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
        couponCode: cart.codeForHold,
        memberId: pricing.memberId,
        useNonMemberPricing: pricing.useNonMemberPricing,
        // Its checkout session in the same request, so Pay goes straight to it (issue 35 item 2).
        checkout: true,
        // The hold this tab already has, so the server counts both as one visitor's.
        previousHoldToken: readPendingReservation()?.holdToken,
      },
      {
        onSuccess: (created) => {
          savePendingReservation({
            holdId: created.holdId,
            holdToken: created.holdToken,
            expiresAt: created.expiresAt,
          });
          const checkoutUrl = created.checkout?.status === "redirect" ? created.checkout.url : null;
          enter(created, created.holdToken, checkoutUrl);
          window.scrollTo({ top: 0, behavior: scrollBehavior() });
        },
        onError: (err) => {
          notifyError(`Error creating reservation: ${errorMessage(err, "Failed to create reservation")}`);
          // The server names the field it refuses (SPEC §5 Form); the form marks it, as it does its own.
          const field = errorField(err, CUSTOMER_FIELDS);
          if (field && err instanceof ApiError) {
            form.setErrors({ [field]: err.message });
            showCustomerField(field);
          }
        },
        onSettled: reloadSlots,
      },
    );
  }, [form, cart.items, cart.codeForHold, pricing, enter, reloadSlots, createHold]);

  const { mutate: startCheckout } = checkout;
  const pay = useCallback(() => {
    if (!hold) return;
    if (hold.checkoutUrl) {
      setLeaving(true);
      window.location.assign(hold.checkoutUrl);
      return;
    }
    startCheckout(hold, {
      onSuccess: (result) => {
        if (!result.url) {
          resetCheckout();
          notifyError("No checkout URL returned");
          return;
        }
        window.location.assign(result.url);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === "HOLD_EXPIRED") return expire();
        const providerMessage = err instanceof ApiError && err.code === "PAYMENT_PROVIDER";
        notifyError(providerMessage ? err.message : errorMessage(err, "Failed to create checkout session"));
      },
    });
  }, [hold, expire, startCheckout, resetCheckout]);

  /** SPEC §4: removing an item in payment mode cancels that reservation, with the hold's token. */
  const { mutate: cancelHeldItem } = cancelItem;
  const removeHeldItem = useCallback(
    (item: CartItem) => {
      if (!hold || !item.reservationId) return;
      cancelHeldItem(
        { ...hold, reservationId: item.reservationId, itemKey: item.key },
        {
          onSuccess: (result) => {
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
          },
          onError: (err) => notifyError(errorMessage(err, "Failed to cancel reservation")),
        },
      );
    },
    [hold, enter, leave, expire, reloadSlots, cancelHeldItem],
  );

  const reset = useCallback(() => {
    clearPendingReservation();
    setHold(null);
    setLeaving(false);
    resetCheckout();
  }, [resetCheckout]);

  return {
    hold,
    submitting: create.isPending,
    // Stays true while the browser leaves for the checkout page.
    paying: leaving || checkout.isPending || checkout.isSuccess,
    removingKey: cancelItem.isPending ? (cancelItem.variables?.itemKey ?? null) : null,
    continueToPayment,
    pay,
    removeHeldItem,
    expire,
    reset,
  };
}
