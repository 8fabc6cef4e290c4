import { Button, Stack } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import classes from "./booking.module.css";
import { CartList } from "./CartList";
import { CouponField, SENDS_TYPED_CODE } from "./CouponField";
import { CustomerFields } from "./CustomerFields";
import { OrderSummary } from "./OrderSummary";
import { StepCard } from "./StepCard";
import type { CartItem } from "./types";
import type { Cart, CartTotals } from "./use-cart";
import type { CustomerForm } from "./use-customer-form";

/** Steps 3–5: the cart, Customer Information, the coupon, the total and "Continue to Payment". */
export function CheckoutSteps({
  cart,
  totals,
  form,
  submitting,
  paymentAvailable,
  onRemove,
  onContinue,
}: {
  cart: Cart;
  /** The server's quote for the cart (useCartTotals), shared with the phone's cart bar. */
  totals: CartTotals;
  form: CustomerForm;
  submitting: boolean;
  /** False without a payment provider: the server would refuse the hold, so the button is off. */
  paymentAvailable: boolean;
  onRemove: (item: CartItem) => void;
  onContinue: () => void;
}) {
  return (
    <div className={classes.steps}>
      <StepCard step={3} title="Your Cart">
        <CartList items={cart.items} onRemove={onRemove} />
      </StepCard>
      <StepCard step={4} title="Customer Information">
        <CustomerFields form={form} />
      </StepCard>
      <StepCard step={5} title="Coupon & Total">
        <Stack gap="sm">
          <CouponField
            appliedCode={cart.couponCode}
            busy={cart.couponBusy}
            onApply={cart.applyCoupon}
            onRemove={cart.removeCoupon}
            onDraftChange={cart.setDraftCode}
            canApply={cart.items.length > 0}
          />
          <OrderSummary totals={totals} couponCode={cart.couponCode} />
          <Button
            size="lg"
            fullWidth
            rightSection={<IconArrowRight size={20} />}
            loading={submitting}
            disabled={!paymentAvailable}
            onClick={onContinue}
            {...SENDS_TYPED_CODE}
          >
            Continue to Payment
          </Button>
        </Stack>
      </StepCard>
    </div>
  );
}
