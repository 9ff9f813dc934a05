import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HydrateLater } from "./hydrate-later";

describe("HydrateLater", () => {
  it("sends its part in place, complete, marked as a boundary React hydrates on its own", () => {
    const html = renderToString(
      <main>
        <HydrateLater>
          <section>Upcoming events</section>
        </HydrateLater>
      </main>,
    );
    // The part itself, not a fallback, between React's boundary markers.
    expect(html).toBe("<main><!--$--><section>Upcoming events</section><!--/$--></main>");
  });
});
