import { lazy } from "react";
import { createBrowserRouter, Navigate } from "react-router";
import { RequireAdmin, RequireMember, RequireUser } from "./components/guards";
import { AppLayout } from "./components/layout/AppLayout";
import { ComingSoon } from "./features/placeholder/ComingSoon";

// SPEC §2 Route table. Every screen is its own chunk, so a public page never downloads admin code.
const LoginPage = lazy(() => import("./features/auth/LoginPage"));
const ForgotPasswordPage = lazy(() => import("./features/auth/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("./features/auth/ResetPasswordPage"));
const MyProfilePage = lazy(() => import("./features/profile/MyProfilePage"));

export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { path: "/", element: <ComingSoon title="Book a Court or Dart Bay" /> },
      { path: "/book", element: <ComingSoon title="Book a Court or Dart Bay" /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/signup", element: <ComingSoon title="Join the Club" /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password", element: <ResetPasswordPage /> },
      {
        path: "/member-reservations",
        element: (
          <RequireMember>
            <ComingSoon title="Member Free Reservations" />
          </RequireMember>
        ),
      },
      { path: "/events", element: <ComingSoon title="Upcoming Events" /> },
      { path: "/events/:eventId", element: <ComingSoon title="Event" /> },
      {
        path: "/my-reservations",
        element: (
          <RequireUser>
            <ComingSoon title="My Reservations" />
          </RequireUser>
        ),
      },
      {
        path: "/my-profile",
        element: (
          <RequireUser>
            <MyProfilePage />
          </RequireUser>
        ),
      },
      {
        path: "/admin",
        element: (
          <RequireAdmin>
            <ComingSoon title="Admin Dashboard" />
          </RequireAdmin>
        ),
      },
      {
        path: "/admin/events",
        element: (
          <RequireAdmin>
            <ComingSoon title="Events" />
          </RequireAdmin>
        ),
      },
      {
        path: "/admin/members",
        element: (
          <RequireAdmin>
            <ComingSoon title="Active Members" />
          </RequireAdmin>
        ),
      },
      {
        path: "/admin/coupons",
        element: (
          <RequireAdmin>
            <ComingSoon title="Coupon Codes" />
          </RequireAdmin>
        ),
      },
      {
        path: "/admin/events/:eventId/edit",
        element: (
          <RequireAdmin>
            <ComingSoon title="Edit Event" />
          </RequireAdmin>
        ),
      },
      {
        path: "/create-event",
        element: (
          <RequireAdmin>
            <ComingSoon title="Create New Event" />
          </RequireAdmin>
        ),
      },
      { path: "/success", element: <ComingSoon title="Payment" /> },
      { path: "/cancel", element: <ComingSoon title="Payment Cancelled" /> },
      { path: "/membership-success", element: <ComingSoon title="Welcome to the Club" /> },
      { path: "/membership-cancel", element: <ComingSoon title="Membership Not Completed" /> },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
]);
