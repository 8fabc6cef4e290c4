import { Button, Stack } from "@mantine/core";
import { IconArrowRight } from "@tabler/icons-react";
import classes from "./booking.module.css";
import { CartList } from "./CartList";
import { CouponField } from "./CouponField";
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
            // A mouse press keeps the focus where it is, so it does not leave the coupon field:
            // leaving applies the typed code (issue 34), and that answer's toast and discount row
            // would push this button from under the pointer before the press ends, and the click
            // would be lost. The hold takes the typed code along (use-cart.ts codeForHold).
            onMouseDown={(e) => e.preventDefault()}
            onClick={onContinue}
          >
            Continue to Payment
          </Button>
        </Stack>
      </StepCard>
    </div>
  );
}
