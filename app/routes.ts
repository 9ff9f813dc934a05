import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

export default [
  layout("routes/public-layout.tsx", [
    index("routes/index.tsx"),
    route("home", "routes/home.tsx"),
    route("about", "routes/about.tsx"),
    route("media", "routes/media.tsx"),
    route("loe", "routes/loe.tsx"),
    route("events", "routes/events.tsx"),
    route("shop", "routes/shop.tsx"),
    route("contact", "routes/contact.tsx"),
    route("auth", "routes/auth.tsx"),
    route("*", "routes/not-found.tsx"),
  ]),
] satisfies RouteConfig;
