import type { ReactNode } from "react";
import classes from "./notice.module.css";

/**
 * Mantine's light Alert, drawn with plain elements (issue 34 item 2): the booking page's notices and
 * every failed load show it, and /book's first load has no room for Alert's code (decision 025).
 * `role` is Alert's own default, "alert"; a notice that is not urgent passes "status".
 */
export function Notice({
  color,
  title,
  icon,
  role = "alert",
  children,
  ...rest
}: {
  color: "red" | "yellow" | "orange" | "blue";
  title?: ReactNode;
  icon?: ReactNode;
  role?: "alert" | "status";
  children: ReactNode;
  "data-testid"?: string;
}) {
  return (
    <div className={classes.notice} data-color={color} role={role} {...rest}>
      {icon && <div className={classes.icon}>{icon}</div>}
      <div className={classes.body}>
        {title && <div className={classes.title}>{title}</div>}
        <div className={classes.message}>{children}</div>
      </div>
    </div>
  );
}
