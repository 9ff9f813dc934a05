import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { ADMIN_SCREENS } from "./domain/admin/admin-screens";

export default [
  // Shop endpoints: JSON in, JSON out, no page around them.
  route("api/provider-config", "routes/api.provider-config.ts"),
  route("api/create-provider-order", "routes/api.create-provider-order.ts"),
  route("api/create-order", "routes/api.create-order.ts"),
  route("api/cancel-provider-order", "routes/api.cancel-provider-order.ts"),
  route("api/price-cart", "routes/api.price-cart.ts"),
  route("api/shipping-countries", "routes/api.shipping-countries.ts"),
  route("api/paypal-webhook", "routes/api.paypal-webhook.ts"),

  layout("routes/public-layout.tsx", [
    index("routes/index.tsx"),
    route("home", "routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("media", "routes/media.tsx"),
    route("loe", "routes/loe.tsx"),
    route("events", "routes/events.tsx"),
    route("shop", "routes/shop.tsx"),
    route("contact", "routes/contact.tsx"),
    route("privacy", "routes/privacy.tsx"),
    route("auth", "routes/auth.tsx"),
    route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
    route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
    route("newsletter/location", "routes/newsletter.location.tsx"),
    // The public archive of sent letters (issue 22); the fixed paths above win over :slug.
    route("newsletter", "routes/newsletter.tsx"),
    route("newsletter/:slug", "routes/newsletter.letter.tsx"),
    // server.ts streams a valid link's file; this page explains one that no longer works.
    route("download/:token", "routes/download.tsx"),
    route("downloads/recover", "routes/downloads-recover.tsx"),
    route("redeem", "routes/redeem.tsx"),
    route("auth/owner-setup", "routes/owner-setup.tsx"),
    route("auth/reset-password", "routes/auth.reset-password.tsx"),
    route("auth/verified", "routes/auth.verified.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
  route("auth/sign-out", "routes/sign-out.tsx"),
  // Everything under /admin sits in this layout, whose loader (and every child's
  // loader and action) starts with requireAdmin. tests: app/routes/admin/guard.test.ts
  route("admin", "routes/admin/layout.tsx", { id: "admin" }, [
    index("routes/admin/dashboard.tsx"),
    // Each screen of the registry (domain/admin/admin-screens.ts) is served by routes/admin/<path>.tsx.
    ...ADMIN_SCREENS.map(({ path }) =>
      route(path, `routes/admin/${path}.tsx`, {
        id: `admin-${path}`,
      }),
    ),
    route("page-content-history", "routes/admin/page-content-history.ts"),
    route("upload-names", "routes/admin/upload-names.ts"),
    route("export/:dataset", "routes/admin/export.ts"),
    // Answers a new batch's codes as a CSV or PDF file: the only time they exist in clear.
    route("download-codes/generate", "routes/admin/download-codes-generate.ts"),
  ]),
  // Public resource routes: the form endpoints, the feeds for search engines and calendars.
  route("api/send-contact-email", "routes/api.send-contact-email.ts"),
  route("api/newsletter-subscribe", "routes/api.newsletter-subscribe.ts"),
  route("api/cities", "routes/api.cities.ts"),
  // A tracked link of a sent letter: counts, then redirects to that letter's own link n.
  route("newsletter/click/:campaignId/:n", "routes/newsletter.click.ts"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("events.ics", "routes/events.ics.ts"),
  route("events/:file", "routes/events.event-ics.ts"),
] satisfies RouteConfig;
