import { Alert, Container, Grid, Stack } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from "react";
import { useLocation, useSearchParams } from "react-router";
import type { BookingContext } from "../../../contracts/booking";
import { paymentsUnavailableMessage } from "../../../domain/payment-hold";
import { PageLoader } from "../../components/layout/AppLayout";
import { errorMessage } from "../../lib/api";
import { USER_SIGNED_OUT } from "../../lib/auth-events";
import { notifyError, notifyInfo } from "../../lib/notify";
import { useSession } from "../../lib/session";
import { bookingKeys, type Pricing } from "./api/booking-keys";
import { useBookingContext } from "./api/get-booking-context";
import { BookingHeading, BookingIntro } from "./BookingIntro";
import { CheckoutSteps } from "./CheckoutSteps";
import { FacilityPicker } from "./FacilityPicker";
import { SlotStep } from "./SlotStep";
import { StepCard } from "./StepCard";
import { type CartItem, cartItemFromSlot } from "./types";
import { useCart } from "./use-cart";
import { type Prefill, useCustomerForm } from "./use-customer-form";
import { usePaymentHold } from "./use-payment-hold";
import { useSlotSelection } from "./use-slot-selection";

// Step 6 is fetched when the cart gets its first item, so the first visit to /book does not carry it.
const importPaymentPanel = () => import("./PaymentPanel");
const PaymentPanel = lazy(importPaymentPanel);

// SPEC §2 Booking screen (/ and /book; /book?member={userId} for admins booking for a member).
export default function BookingPage() {
  const { user } = useSession();
  const [params] = useSearchParams();
  const memberId = params.get("member");
  const context = useBookingContext(user?.id ?? null, memberId);

  if (context.isPending) {
    return (
      <Container size="lg" py={{ base: "md", sm: "xl" }} px={{ base: "sm", sm: "md" }}>
        <Stack gap="sm" mb="lg">
          <BookingHeading />
        </Stack>
        <PageLoader />
      </Container>
    );
  }
  if (context.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" role="alert">
          {errorMessage(context.error, "Failed to load time slots")}
        </Alert>
      </Container>
    );
  }
  // A new person (sign in or out, another member) starts a fresh screen: prices and window change.
  return (
    <BookingScreen
      key={`${user?.id ?? "guest"}:${memberId ?? ""}`}
      context={context.data}
      memberId={memberId}
    />
  );
}

function BookingScreen({ context, memberId }: { context: BookingContext; memberId: string | null }) {
  const queryClient = useQueryClient();
  const location = useLocation();
  // SPEC §2: the toggle defaults to non-member pricing. Booking for a member starts at member prices.
  const [nonMemberPricing, setNonMemberPricing] = useState(!context.bookingFor);
  const pricing = useMemo<Pricing>(
    () => ({ memberId, useNonMemberPricing: context.canUseNonMemberPricing && nonMemberPricing }),
    [memberId, context.canUseNonMemberPricing, nonMemberPricing],
  );
  const selection = useSlotSelection(context, pricing);
  const cart = useCart(pricing);
  const prefill = usePrefill(context);
  const form = useCustomerForm(prefill);
  const payment = usePaymentHold({ cart, form, pricing });

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

  const addToCart = () => {
    const slot = selection.selectedSlot;
    if (!slot || !selection.date || !selection.duration) {
      notifyError("Please select a time slot");
      return;
    }
    cart.addItem(cartItemFromSlot(slot, selection.facilityType, selection.date, selection.duration));
    void importPaymentPanel();
    selection.clearStartTime();
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
        <Alert color="yellow" role="status" mb="lg" title="Online booking is paused">
          {paymentsUnavailableMessage(context.onlinePayment.phone)}
        </Alert>
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
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <StepCard step={1} title="Choose Your Game">
                <FacilityPicker value={selection.facilityType} onChange={selection.setFacilityType} />
              </StepCard>
              <StepCard step={2} title="Pick a Date & Time">
                <SlotStep
                  context={context}
                  selection={selection}
                  memberPricing={selection.memberPricing}
                  onAdd={addToCart}
                />
              </StepCard>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <CheckoutSteps
              cart={cart}
              form={form}
              submitting={payment.submitting}
              paymentAvailable={context.onlinePayment.available}
              onRemove={removeItem}
              onContinue={payment.continueToPayment}
            />
          </Grid.Col>
        </Grid>
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
