import { Skeleton } from "../../components/Skeleton";
import classes from "./booking.module.css";

/** The booking screen's shape while its context and first times arrive: steps 1–2 beside the cart. */
export function BookingSkeleton() {
  return (
    <div className={classes.columns} role="status" aria-label="Loading available times">
      <div className={classes.skeletonColumn}>
        <Skeleton className={classes.skeletonCard} style={{ height: 132 }} />
        <Skeleton className={classes.skeletonCard} style={{ height: 360 }} />
      </div>
      <div className={classes.skeletonColumn}>
        <Skeleton className={classes.skeletonCard} style={{ height: 160 }} />
        <Skeleton className={classes.skeletonCard} style={{ height: 320 }} />
      </div>
    </div>
  );
}
