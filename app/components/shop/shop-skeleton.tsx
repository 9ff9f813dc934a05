/** The shop while its data loads on a client-side navigation. */
export function ShopSkeleton() {
  return (
    <div aria-busy="true" data-testid="shop-loading">
      <p role="status" className="sr-only">
        Loading the shop…
      </p>
      <section className="border-b border-border/50 pb-16 pt-32 sm:pb-20 sm:pt-40">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-5">
          <span className="h-3 w-16 animate-pulse rounded-full bg-muted" />
          <span className="h-14 w-3/4 max-w-md animate-pulse rounded-2xl bg-muted" />
          <span className="h-5 w-full max-w-xl animate-pulse rounded-full bg-muted/70" />
          <span className="flex gap-3">
            <span className="h-9 w-56 animate-pulse rounded-full bg-muted/70" />
            <span className="h-9 w-48 animate-pulse rounded-full bg-muted/70" />
          </span>
        </div>
      </section>
      <div className="mx-auto grid w-full max-w-6xl grid-cols-1 gap-6 px-5 py-16 sm:px-8 md:grid-cols-2 lg:grid-cols-3 lg:gap-8">
        {Array.from({ length: 6 }, (_, i) => (
          <div key={i} className="overflow-hidden rounded-3xl border border-border/60 bg-card">
            <span className="block aspect-square animate-pulse bg-muted" />
            <span className="m-6 block h-5 w-2/3 animate-pulse rounded-full bg-muted" />
            <span className="mx-6 mb-6 block h-10 animate-pulse rounded-full bg-muted/70" />
          </div>
        ))}
      </div>
    </div>
  );
}
