import { Container } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation } from "react-router";
import type { BookingContext, TimeSlotDto } from "../../../contracts/booking";
import { paymentsUnavailableMessage } from "../../../domain/payment-hold";
import { PageLoader } from "../../components/layout/AppLayout";
import { Notice } from "../../components/Notice";
import { USER_SIGNED_OUT } from "../../lib/auth-events";
import { notifyInfo } from "../../lib/notify";
import { scrollBehavior } from "../../lib/scroll-into-view";
import { useSession } from "../../lib/session";
import { bookingKeys } from "./api/booking-keys";
import { BookingIntro } from "./BookingIntro";
import classes from "./booking.module.css";
import { CheckoutSteps } from "./CheckoutSteps";
import { FacilityPicker } from "./FacilityPicker";
import { SlotStep } from "./SlotStep";
import { StepCard } from "./StepCard";
import { pricingFor, startsAtNonMemberPricing } from "./screen-pricing";
import { type CartItem, cartItemFromSlot, sameSlotCount } from "./types";
import { useCart, useCartTotals } from "./use-cart";
import { customerFieldId, type Prefill, useCustomerForm } from "./use-customer-form";
import { usePaymentHold } from "./use-payment-hold";
import { useSlotSelection } from "./use-slot-selection";

// Step 6 and the phone's cart bar are fetched when the cart gets its first item, so the first
// visit to /book does not carry them (decision 025).
const importPaymentPanel = () => import("./PaymentPanel");
const PaymentPanel = lazy(importPaymentPanel);
const importCartBar = () => import("./CartBar");
const CartBar = lazy(() => importCartBar().then((m) => ({ default: m.CartBar })));

/** The booking screen for one person (BookingPage shows it once its first slots are here). */
export function BookingScreen({ context, memberId }: { context: BookingContext; memberId: string | null }) {
  const queryClient = useQueryClient();
  const location = useLocation();
  const [nonMemberPricing, setNonMemberPricing] = useState(() => startsAtNonMemberPricing(context));
  const pricing = useMemo(
    () => pricingFor(context, memberId, nonMemberPricing),
    [context, memberId, nonMemberPricing],
  );
  const selection = useSlotSelection(context, pricing);
  const cart = useCart(pricing);
  const prefill = usePrefill(context);
  const form = useCustomerForm(prefill);
  const payment = usePaymentHold({ cart, form, pricing });
  const totals = useCartTotals(cart);

  // SPEC §2: navigation state with forceReload reloads the time slots.
  const forceReload = (location.state as { forceReload?: boolean } | null)?.forceReload === true;
  const reloadFor = forceReload ? location.key : null;
  useEffect(() => {
    if (reloadFor) void queryClient.invalidateQueries({ queryKey: bookingKeys.availabilityAll });
  }, [reloadFor, queryClient]);

  // SPEC §2: on the app-wide signed-out event the screen clears the user and the form.
  const { clear: clearCart } = cart;
  const { reset: resetForm } = form;
  const { reset: resetPayment } = payment;
  useEffect(() => {
    const onSignedOut = () => {
      resetPayment();
      clearCart();
      resetForm();
    };
    window.addEventListener(USER_SIGNED_OUT, onSignedOut);
    return () => window.removeEventListener(USER_SIGNED_OUT, onSignedOut);
  }, [resetPayment, clearCart, resetForm]);

  const changePricing = (value: boolean) => {
    setNonMemberPricing(value);
    if (cart.items.length > 0) {
      clearCart();
      notifyInfo("Your cart was emptied because the prices changed");
    }
  };

  // A tap on a time adds it to the cart, or takes it out when it is there already (issue 34).
  const slotKey = (slot: TimeSlotDto) => ({
    facilityType: selection.facilityType,
    date: selection.date ?? "",
    startTime: slot.startTime,
    endTime: slot.endTime,
  });
  const inCart = (slot: TimeSlotDto) => sameSlotCount(cart.items, slotKey(slot));
  const toggleSlot = (slot: TimeSlotDto) => {
    if (!selection.date || !selection.duration) return;
    const there = cart.items.findLast((i) => sameSlotCount([i], slotKey(slot)) > 0);
    if (there) {
      cart.removeItem(there.key);
      return;
    }
    addItem(cartItemFromSlot(slot, selection.facilityType, selection.date, selection.duration));
  };
  // An item added, from the times or a court's row (issue 34): step 6's and the cart bar's code follow.
  const addItem = (item: CartItem) => {
    cart.addItem(item);
    void importPaymentPanel();
    void importCartBar();
  };

  // The cart bar's Checkout: to the cart, with the focus on the first detail still to give.
  const goToCheckout = () => {
    document.getElementById("booking-step-3")?.scrollIntoView({ block: "start", behavior: scrollBehavior() });
    const v = form.values;
    const empty = { name: !v.name.trim(), email: !v.email.trim(), termsAccepted: !v.termsAccepted };
    const next = (["name", "email", "termsAccepted"] as const).find((field) => empty[field]);
    if (next) document.getElementById(customerFieldId(next))?.focus({ preventScroll: true });
  };

  const removeItem = useCallback(
    (item: CartItem) => (payment.hold ? void payment.removeHeldItem(item) : cart.removeItem(item.key)),
    [payment, cart],
  );

  return (
    <Container size="lg" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
      <BookingIntro
        context={context}
        nonMemberPricing={nonMemberPricing}
        onNonMemberPricingChange={changePricing}
        showPricingToggle={!payment.hold}
      />
      {!context.onlinePayment.available && (
        // Said before the guest fills anything in: no hold can be paid, so none is taken.
        <div className={classes.pausedNotice}>
          <Notice color="yellow" role="status" title="Online booking is paused">
            {paymentsUnavailableMessage(context.onlinePayment.phone)}
          </Notice>
        </div>
      )}
      {payment.hold ? (
        <Suspense fallback={<PageLoader />}>
          <PaymentPanel
            hold={payment.hold}
            items={cart.items}
            couponCode={cart.couponCode}
            paying={payment.paying}
            removingKey={payment.removingKey}
            onPay={payment.pay}
            onRemove={removeItem}
            onExpire={payment.expire}
          />
        </Suspense>
      ) : (
        <div className={classes.columns}>
          <div>
            <div className={classes.steps}>
              <StepCard step={1} title="Choose Your Game">
                <FacilityPicker value={selection.facilityType} onChange={selection.setFacilityType} />
              </StepCard>
              <StepCard step={2} title="Pick a Date & Time">
                <SlotStep
                  context={context}
                  selection={selection}
                  pricing={pricing}
                  cart={cart}
                  onAdd={addItem}
                  memberPricing={selection.memberPricing}
                  inCart={inCart}
                  onToggle={toggleSlot}
                />
              </StepCard>
            </div>
          </div>
          <div>
            <CheckoutSteps
              cart={cart}
              totals={totals}
              form={form}
              submitting={payment.submitting}
              paymentAvailable={context.onlinePayment.available}
              onRemove={removeItem}
              onContinue={payment.continueToPayment}
            />
          </div>
        </div>
      )}
      {!payment.hold && cart.items.length > 0 && (
        // Nothing in its place while its code arrives: it is a bar fixed to the screen's bottom.
        <Suspense fallback={null}>
          <CartBar count={cart.items.length} totalCents={totals.totalCents} onCheckout={goToCheckout} />
        </Suspense>
      )}
    </Container>
  );
}

/** The person the form starts with: the member an admin books for, or the signed-in user. */
function usePrefill(context: BookingContext): Prefill {
  const { user } = useSession();
  const who = context.bookingFor ?? user;
  return useMemo(
    () =>
      who
        ? { id: who.id, name: `${who.firstName} ${who.lastName}`.trim(), email: who.email, phone: who.phone }
        : null,
    [who],
  );
}
