/**
 * A sent letter as a page of the site (the public archive, /newsletter/<slug>): the
 * same blocks as the mail (domain/audience/letters/letter.ts), in the site's own type and colours, as
 * React elements: nothing typed is ever markup. A card whose content is gone is left out.
 */
import { Fragment } from "react";
import {
  cardKey,
  LETTER_TEXT,
  type Block,
  type CardLookup,
  type Inline,
  type LetterCard,
} from "~/domain/audience/letters/letter";

function InlineNodes({ nodes }: { nodes: readonly Inline[] }) {
  return (
    <>
      {nodes.map((n, i) => {
        switch (n.t) {
          case "text":
            return (
              <Fragment key={i}>
                {n.v.split("\n").map((line, j) => (
                  <Fragment key={j}>
                    {j > 0 && <br />}
                    {line}
                  </Fragment>
                ))}
              </Fragment>
            );
          case "strong":
            return (
              <strong key={i}>
                <InlineNodes nodes={n.c} />
              </strong>
            );
          case "em":
            return (
              <em key={i}>
                <InlineNodes nodes={n.c} />
              </em>
            );
          case "link":
            return (
              <a
                key={i}
                href={n.href}
                className="text-primary underline underline-offset-4"
                rel="noopener"
              >
                <InlineNodes nodes={n.c} />
              </a>
            );
          case "image":
            return (
              <img
                key={i}
                src={n.src}
                alt={n.alt}
                loading="lazy"
                className="my-2 h-auto w-full rounded-xl"
              />
            );
        }
      })}
    </>
  );
}

function CardView({ card }: { card: LetterCard }) {
  const action = (label: string, href: string) => (
    <a href={href} className="btn btn-primary btn-sm">
      {label}
    </a>
  );
  return (
    <div className="rounded-2xl border border-border bg-card p-5">
      {card.kind === "product" && card.imageUrl && (
        <img src={card.imageUrl} alt="" loading="lazy" className="mb-4 h-auto w-48 rounded-xl" />
      )}
      {card.kind === "video" && card.thumbnailUrl && (
        <img
          src={card.thumbnailUrl}
          alt=""
          loading="lazy"
          className="mb-4 h-auto w-full max-w-md rounded-xl"
        />
      )}
      {card.kind === "event" && (
        <p className="text-xs uppercase tracking-[0.2em] text-primary">Live</p>
      )}
      <p className="font-display text-xl">{card.title}</p>
      {card.kind === "event" && (
        <p className="text-sm text-muted-foreground">
          {card.when}
          <br />
          {card.venue}, {card.city}
        </p>
      )}
      {card.kind === "product" && <p className="text-sm text-muted-foreground">{card.price}</p>}
      {card.kind === "track" && card.artist && (
        <p className="text-sm text-muted-foreground">{card.artist}</p>
      )}
      <div className="mt-4 flex flex-wrap gap-3">
        {card.kind === "event" && card.ticketUrl && action(LETTER_TEXT.tickets, card.ticketUrl)}
        {action(
          card.kind === "event"
            ? LETTER_TEXT.details
            : card.kind === "product"
              ? LETTER_TEXT.shop
              : card.kind === "track"
                ? LETTER_TEXT.listen
                : LETTER_TEXT.watch,
          card.url,
        )}
      </div>
    </div>
  );
}

function BlockView({ block, cards }: { block: Block; cards: CardLookup }) {
  switch (block.t) {
    case "p":
      return (
        <p>
          <InlineNodes nodes={block.c} />
        </p>
      );
    case "h": {
      const Tag = (["h2", "h2", "h3", "h4"] as const)[block.level];
      return (
        <Tag className="font-display text-2xl text-foreground">
          <InlineNodes nodes={block.c} />
        </Tag>
      );
    }
    case "ul":
    case "ol": {
      const List = block.t;
      return (
        <List
          className={block.t === "ul" ? "list-disc space-y-1 pl-6" : "list-decimal space-y-1 pl-6"}
        >
          {block.items.map((item, i) => (
            <li key={i}>
              <InlineNodes nodes={item} />
            </li>
          ))}
        </List>
      );
    }
    case "quote":
      return (
        <blockquote className="space-y-3 border-l-2 border-primary pl-4 italic text-muted-foreground">
          {block.blocks.map((b, i) => (
            <BlockView key={i} block={b} cards={cards} />
          ))}
        </blockquote>
      );
    case "hr":
      return <hr className="border-border" />;
    case "card": {
      const card = cards.get(cardKey(block.kind, block.id));
      return card && card.kind === block.kind ? <CardView card={card} /> : null;
    }
  }
}

export function LetterBody({ blocks, cards }: { blocks: readonly Block[]; cards: CardLookup }) {
  return (
    <div className="space-y-5 leading-relaxed">
      {blocks.map((block, i) => (
        <BlockView key={i} block={block} cards={cards} />
      ))}
    </div>
  );
}
