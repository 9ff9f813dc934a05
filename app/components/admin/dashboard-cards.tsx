import { Link } from "react-router";
import {
  ArrowUpRight,
  Calendar,
  ChartColumn,
  FileText,
  History,
  Home,
  Image,
  Images,
  Inbox,
  LayoutList,
  Link as LinkIcon,
  Percent,
  Ticket,
  Mail,
  MailCheck,
  Palette,
  Receipt,
  ShoppingBag,
  Store,
  Truck,
  User,
  Users,
  Video,
} from "lucide-react";
import {
  BUSINESS_SCREENS,
  DASHBOARD_CARDS,
  type AdminIcon,
  type AdminScreen,
} from "~/domain/admin/admin-screens";

export const ADMIN_ICONS: Record<AdminIcon, typeof Home> = {
  home: Home,
  user: User,
  calendar: Calendar,
  "shopping-bag": ShoppingBag,
  image: Image,
  "file-text": FileText,
  video: Video,
  images: Images,
  "layout-list": LayoutList,
  store: Store,
  mail: Mail,
  users: Users,
  palette: Palette,
  link: LinkIcon,
  receipt: Receipt,
  inbox: Inbox,
  "mail-check": MailCheck,
  history: History,
  percent: Percent,
  ticket: Ticket,
  chart: ChartColumn,
  truck: Truck,
};

/**
 * The dashboard's link cards (the spec's 13 and Shipping), then the business view's cards: only the
 * screens the person may open (docs/decisions/014), and no group left empty.
 */
export function DashboardCards({ hasAdminPrivileges }: { hasAdminPrivileges: boolean }) {
  const mayOpen = (card: AdminScreen) => hasAdminPrivileges || !card.privileged;
  const business = BUSINESS_SCREENS.filter(mayOpen);
  return (
    <>
      <CardGroup
        id="manage-heading"
        title="Manage the site"
        cards={DASHBOARD_CARDS.filter(mayOpen)}
      />
      {business.length > 0 && (
        <CardGroup id="business-heading" title="Your business" cards={business} />
      )}
    </>
  );
}

function CardGroup({
  id,
  title,
  cards,
}: {
  id: string;
  title: string;
  cards: readonly AdminScreen[];
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl sm:text-3xl">
        {title}
      </h2>
      {/* A phone shows the cards as compact tiles, two to a row; the descriptions show
          from 640 px and stay in each link's name for screen readers. */}
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:mt-6 sm:gap-4 lg:grid-cols-3">
        {cards.map((card) => {
          const Icon = ADMIN_ICONS[card.icon];
          return (
            <li key={card.path}>
              <Link
                to={`/admin/${card.path}`}
                data-testid="dashboard-card"
                className="group flex h-full items-center gap-3 rounded-2xl border border-border/70 bg-card p-3 transition-all duration-200 hover:-translate-y-0.5 hover:border-primary/60 hover:shadow-xl hover:shadow-primary/5 focus-visible:border-primary sm:flex-col sm:items-stretch sm:gap-0 sm:p-6"
              >
                <div className="flex shrink-0 items-start justify-between">
                  <span className="inline-flex size-9 items-center justify-center rounded-full bg-primary/10 text-primary ring-1 ring-primary/25 transition-colors group-hover:bg-primary group-hover:text-primary-foreground sm:size-11">
                    <Icon aria-hidden className="size-4 sm:size-5" />
                  </span>
                  <ArrowUpRight
                    aria-hidden
                    className="hidden size-5 text-muted-foreground transition-colors group-hover:text-primary sm:block"
                  />
                </div>
                <div className="min-w-0">
                  <h3 className="text-base leading-tight sm:mt-5 sm:text-xl">{card.title}</h3>
                  <p className="sr-only text-sm leading-relaxed text-muted-foreground sm:not-sr-only sm:mt-2">
                    {card.description}
                  </p>
                </div>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
