import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { Clock, MapPin } from "lucide-react";
import { createIconSprite } from "./icon-sprite";

const { Sprite, SpriteIcon } = createIconSprite({ time: Clock, venue: MapPin });

describe("an icon sprite", () => {
  it("draws each icon once and refers to it from every row", () => {
    const html = renderToStaticMarkup(
      <Sprite>
        {[1, 2, 3].map((n) => (
          <SpriteIcon key={n} name="time" className="size-4" />
        ))}
      </Sprite>,
    );
    expect(html.match(/<symbol /g)).toHaveLength(2);
    expect(html.match(/<circle /g)).toHaveLength(2); // the clock's face, and the pin's
    const id = /<symbol id="([^"]+-time)"/.exec(html)?.[1];
    expect(id).toBeTruthy();
    expect(html.match(new RegExp(`<use href="#${id}">`, "g"))).toHaveLength(3);
    expect(html).toContain('class="lucide size-4"');
  });

  it("gives two lists on one page their own ids", () => {
    const html = renderToStaticMarkup(
      <>
        <Sprite>
          <SpriteIcon name="venue" />
        </Sprite>
        <Sprite>
          <SpriteIcon name="venue" />
        </Sprite>
      </>,
    );
    const ids = [...html.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(4);
  });

  it("draws the icon inline outside a sprite", () => {
    const html = renderToStaticMarkup(<SpriteIcon name="venue" className="size-4" />);
    expect(html).not.toContain("<use");
    expect(html).toContain("<circle");
    expect(html).toContain("size-4");
  });
});
