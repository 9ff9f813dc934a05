/**
 * Shipping by destination (issue 24): the zones buyers' physical items are posted to,
 * with their rates; docs/decisions/039-shipping-by-destination.md.
 */
import { useMemo } from "react";
import { adminClientAction } from "~/components/admin/kit/connection";
import { revalidateUnlessConnectionFailed } from "~/lib/connection";
import type { Route } from "./+types/shipping";
import { CollectionScreen } from "~/components/admin/kit/collection-screen";
import { shippingScreen, type ShippingZoneRow } from "~/components/admin/shipping/shipping-screen";
import {
  SHIPPING_ZONE_TEXT,
  shippingZoneCreateSchema,
  shippingZoneUpdateSchema,
} from "~/domain/shop/shipping/shipping-zone-form";
import { rowFlagSchema } from "~/domain/admin/collection-rows";
import { adminMeta } from "~/domain/pages/seo";
import { handleAdminAction } from "~/server/admin/admin-action.server";
import { collectionIntents, loadCollectionScreen } from "~/server/admin/collection-screen.server";
import {
  COUNTRY_CODES,
  shippingZoneService,
  uncoveredCountries,
  type ShippingZone,
} from "~/server/shop/shipping-zones.server";

function toRow(row: ShippingZone): ShippingZoneRow {
  return {
    id: row.id,
    name: row.name,
    countries: row.countries,
    firstItemRate: row.firstItemRate,
    additionalItemRate: row.additionalItemRate,
    freeAbove: row.freeAbove,
    enabled: row.enabled,
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  const screen = await loadCollectionScreen(
    request,
    { listAll: shippingZoneService.listAll },
    toRow,
    SHIPPING_ZONE_TEXT,
  );
  return {
    ...screen,
    countries: COUNTRY_CODES,
    uncovered: uncoveredCountries(screen.rows).length,
  };
}

export const action = ({ request }: Route.ActionArgs) =>
  handleAdminAction(
    request,
    collectionIntents(shippingZoneService, {
      texts: SHIPPING_ZONE_TEXT,
      name: (row) => row.name,
      create: shippingZoneCreateSchema,
      update: shippingZoneUpdateSchema,
      flags: rowFlagSchema(["enabled"]),
    }),
  );

/** A save lost in transit keeps the screen and the form as typed (kit/connection.ts). */
export const clientAction = (args: Route.ClientActionArgs) => adminClientAction(args);
export const shouldRevalidate = revalidateUnlessConnectionFailed;

export default function Shipping({ loaderData }: Route.ComponentProps) {
  const screen = useMemo(
    () => shippingScreen(loaderData.countries, loaderData.uncovered),
    [loaderData.countries, loaderData.uncovered],
  );
  return (
    <CollectionScreen
      screen={screen}
      list={loaderData}
      schemas={{ create: shippingZoneCreateSchema, update: shippingZoneUpdateSchema }}
    />
  );
}

export const meta: Route.MetaFunction = () => adminMeta("Shipping");
